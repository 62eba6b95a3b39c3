"""Grouped convolutions that Ascend does not run."""

import mindspore as ms
from mindspore import nn, ops

ms.set_device("Ascend")


class GroupedBlock(nn.Cell):
    """A ResNeXt-style grouped convolution: 4 groups, 64 in, 128 out: not depthwise."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(64, 128, 3, group=4)  # [ascend-group-conv-unsupported]

    def construct(self, x):
        return self.conv(x)


class Video(nn.Cell):
    """ops.Conv3D accepts only group=1 on Ascend, even for a depthwise convolution."""

    def __init__(self):
        super().__init__()
        self.conv3d = ops.Conv3D(out_channel=16, kernel_size=3, group=16)  # [ascend-group-conv-unsupported]

    def construct(self, x, weight):
        return self.conv3d(x, weight)
