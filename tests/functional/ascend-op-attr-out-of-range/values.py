"""Literals, tuples, module constants and simple arithmetic; positional arguments mapped through the signatures."""

import mindspore as ms
from mindspore import mint, nn, ops

ms.set_device("Ascend")

STRIDE = 2 * 32
WIDE = (1, STRIDE)
SMALL = 8
CHANGING = 64
CHANGING = 2
PAD_BASE = 200


def build(stride=64, padding=PAD_BASE + 100):
    """Arguments may be anything at the call site: silent."""
    return nn.Conv2d(8, 8, 3, stride=stride, pad_mode="pad", padding=padding)


def per_layer(strides):
    return [nn.Conv2d(8, 8, 3, stride=s) for s in strides]


layers = [
    nn.Conv2d(8, 8, 3, 64),  # [ascend-op-attr-out-of-range]
    nn.Conv2d(8, 8, 3, stride=STRIDE),  # [ascend-op-attr-out-of-range]
    nn.Conv2d(8, 8, 3, stride=WIDE),  # [ascend-op-attr-out-of-range]
    nn.Conv2d(8, 8, 3, stride=[SMALL * 8, 1]),  # [ascend-op-attr-out-of-range]
    nn.Conv2d(8, 8, 3, stride=SMALL * 7),
    nn.Conv2d(8, 8, 3, stride=CHANGING),
    nn.Conv2d(8, 8, 3, stride=63),
    nn.Conv2d(8, 8, 3, stride=0),
    nn.Conv2d(8, 8, 3, 1, "pad", (0, 0, PAD_BASE + 56, 0)),  # [ascend-op-attr-out-of-range]
    nn.Conv2d(8, 8, 3, dilation=(256, 1)),  # [ascend-op-attr-out-of-range]
    nn.Conv2d(8, 8, 256),  # [ascend-op-attr-out-of-range]
    nn.Conv2d(8, 8, (1, 255)),
    nn.Conv1d(8, 8, 3, stride=64),  # [ascend-op-attr-out-of-range]
    nn.Conv2dTranspose(8, 8, 3, stride=64),  # [ascend-op-attr-out-of-range]
    mint.nn.Conv2d(8, 8, 3, stride=(64, 1)),  # [ascend-op-attr-out-of-range]
    mint.nn.ConvTranspose2d(8, 8, 3, padding=256),  # [ascend-op-attr-out-of-range]
    ops.Conv2D(8, 3, stride=(1, 1, 64, 64)),  # [ascend-op-attr-out-of-range]
    ops.Conv2DTranspose(8, 3, pad_mode="pad", pad=256),  # [ascend-op-attr-out-of-range]
]

volumes = [
    nn.Conv3d(8, 8, 3, stride=(200, 2, 2)),
    nn.Conv3d(8, 8, 3, stride=(256, 2, 2)),  # [ascend-op-attr-out-of-range]
    nn.Conv3d(8, 8, 3, stride=(2, 2, 64)),  # [ascend-op-attr-out-of-range]
    nn.Conv3d(8, 8, (1, 400, 3)),
    nn.Conv3d(8, 8, (1, 512, 3)),  # [ascend-op-attr-out-of-range]
    ops.Conv3D(8, 3, stride=(1, 1, 64, 1, 1)),
    ops.Conv3D(8, 3, stride=(1, 1, 1, 1, 64)),  # [ascend-op-attr-out-of-range]
]

pools = [
    nn.MaxPool2d(kernel_size=15, stride=2),
    nn.MaxPool2d(kernel_size=16, stride=2),  # [ascend-op-attr-out-of-range]
    nn.MaxPool2d(kernel_size=(1, 255)),
    nn.MaxPool2d(kernel_size=(2, 128)),  # [ascend-op-attr-out-of-range]
    nn.MaxPool1d(kernel_size=255),
    nn.MaxPool2d(2, 64),  # [ascend-op-attr-out-of-range]
    ops.MaxPool(kernel_size=2, strides=(1, 1, 1, 64)),  # [ascend-op-attr-out-of-range]
    mint.nn.MaxPool2d(kernel_size=(16, 16)),  # [ascend-op-attr-out-of-range]
    nn.MaxPool3d(kernel_size=2, stride=(64, 1, 1)),
    nn.MaxPool3d(kernel_size=2, stride=(1, 64, 1)),  # [ascend-op-attr-out-of-range]
    nn.AvgPool2d(kernel_size=32),
    nn.AvgPool2d(kernel_size=256),  # [ascend-op-attr-out-of-range]
    nn.AvgPool2d(kernel_size=2, stride=64),  # [ascend-op-attr-out-of-range]
    nn.AvgPool3d(kernel_size=2, stride=64),  # [ascend-op-attr-out-of-range]
    ops.AvgPool(kernel_size=2, strides=64),  # [ascend-op-attr-out-of-range]
]


def forward(x, w):
    x = ops.conv2d(x, w, stride=64)  # [ascend-op-attr-out-of-range]
    x = mint.nn.functional.conv2d(x, w, None, 64)  # [ascend-op-attr-out-of-range]
    x = mint.nn.functional.conv3d(x, w, None, (1, 64, 1))  # [ascend-op-attr-out-of-range]
    x = ops.avg_pool2d(x, 2, 100)  # [ascend-op-attr-out-of-range]
    x = ops.max_pool2d(x, kernel_size=(16, 16))  # [ascend-op-attr-out-of-range]
    return mint.nn.functional.avg_pool1d(x, 2, 64)  # [ascend-op-attr-out-of-range]
