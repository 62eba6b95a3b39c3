"""Depthwise convolutions, and grouped 3-D convolutions through nn.Conv3d, which splits the groups itself."""

import mindspore as ms
from mindspore import nn, ops

ms.set_device("Ascend")


class SeparableBlock(nn.Cell):
    """A depthwise convolution (in == out == group) followed by a 1x1 convolution."""

    def __init__(self):
        super().__init__()
        self.depthwise = nn.Conv2d(64, 64, 3, group=64)
        self.pointwise = nn.Conv2d(64, 128, 1)

    def construct(self, x):
        return self.pointwise(self.depthwise(x))


class GroupedBlock(nn.Cell):
    """4 groups, one convolution each, concatenated."""

    def __init__(self):
        super().__init__()
        self.split = ops.Split(axis=1, output_num=4)
        self.convs = nn.CellList([nn.Conv2d(16, 32, 3) for _ in range(4)])

    def construct(self, x):
        parts = self.split(x)
        return ops.concat([conv(part) for conv, part in zip(self.convs, parts)], axis=1)


class Video(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv3d = nn.Conv3d(16, 16, 3, group=16)

    def construct(self, x):
        return self.conv3d(x)
