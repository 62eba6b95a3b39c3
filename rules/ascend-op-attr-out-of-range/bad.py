"""Convolution and pooling attributes beyond what Ascend kernels support."""

import mindspore as ms
from mindspore import nn, ops

ms.set_device("Ascend")

PATCH = 64


class PatchEmbed(nn.Cell):
    """A ViT-style patch embedding: one convolution with a 64x64 kernel and stride."""

    def __init__(self, channels=3, width=768):
        super().__init__()
        self.proj = nn.Conv2d(channels, width, kernel_size=PATCH, stride=PATCH)  # [ascend-op-attr-out-of-range]

    def construct(self, x):
        return self.proj(x)


class Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool2d(kernel_size=16, stride=16)  # [ascend-op-attr-out-of-range]
        self.conv = nn.Conv2d(64, 64, 3, pad_mode="pad", padding=300)  # [ascend-op-attr-out-of-range]

    def construct(self, x):
        x = ops.avg_pool2d(x, kernel_size=2, stride=(1, 100))  # [ascend-op-attr-out-of-range]
        return self.pool(self.conv(x))
