"""The same layers within Ascend's limits: large strides split into stages, padding done explicitly."""

import mindspore as ms
from mindspore import nn, ops

ms.set_device("Ascend")


class PatchEmbed(nn.Cell):
    """A 64x64 patch embedding as two stride-8 stages."""

    def __init__(self, channels=3, width=768):
        super().__init__()
        self.proj = nn.SequentialCell(
            nn.Conv2d(channels, width // 4, kernel_size=8, stride=8),
            nn.Conv2d(width // 4, width, kernel_size=8, stride=8),
        )

    def construct(self, x):
        return self.proj(x)


class Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.pool = nn.SequentialCell(nn.MaxPool2d(kernel_size=4, stride=4), nn.MaxPool2d(kernel_size=4, stride=4))
        self.conv = nn.Conv2d(64, 64, 3, pad_mode="pad", padding=1)
        self.global_pool = nn.AvgPool2d(kernel_size=32)

    def construct(self, x):
        x = ops.pad(x, (299, 299, 299, 299))
        x = ops.avg_pool2d(x, kernel_size=2, stride=(1, 50))
        return self.global_pool(self.pool(self.conv(x)))
