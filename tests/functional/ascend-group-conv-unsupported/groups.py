"""Grouped convolutions on Ascend: 2-D ones must be depthwise, ops.Conv3D ones must have group 1."""

import mindspore as ms
from mindspore import mint, nn, ops

ms.set_context(device_target="Ascend")  # [api-context-option-deprecated]

GROUPS = 4
CHANNELS = 64


def grouped(channels, groups):
    return nn.Conv2d(channels, channels * 2, 3, group=groups)


layers = [
    nn.Conv2d(64, 128, 3, group=4),  # [ascend-group-conv-unsupported]
    nn.Conv2d(CHANNELS, CHANNELS, 3, group=GROUPS),  # [ascend-group-conv-unsupported]
    nn.Conv1d(32, 64, 3, group=2),  # [ascend-group-conv-unsupported]
    nn.Conv2d(64, 64, 3, 1, "same", 0, 1, 4),  # [ascend-group-conv-unsupported]
    nn.Conv2d(64, 64, 3, group=64),
    nn.Conv2d(CHANNELS, CHANNELS, 3, group=CHANNELS),
    nn.Conv2d(64, 128, 3, group=1),
    nn.Conv2d(64, 128, 3),
    nn.Conv2d(64, CHANNELS * 2, 3, group=64),  # [ascend-group-conv-unsupported]
    grouped(64, 4),
    ops.Conv2D(out_channel=128, kernel_size=3, group=4),  # [ascend-group-conv-unsupported]
    ops.Conv2D(out_channel=4, kernel_size=3, group=4),
    mint.nn.Conv2d(64, 128, 3, groups=4),
    nn.Conv2dTranspose(64, 128, 3, group=4),
]


def unknown_channels(channels):
    return [
        nn.Conv2d(channels, channels, 3, group=8),
        nn.Conv2d(channels, 16, 3, group=8),  # [ascend-group-conv-unsupported]
    ]


volumes = [
    nn.Conv3d(16, 16, 3, group=16),
    nn.Conv3d(16, 32, 3, group=2),
    ops.Conv3D(out_channel=16, kernel_size=3, group=16),  # [ascend-group-conv-unsupported]
    ops.Conv3D(out_channel=16, kernel_size=3, group=1),
    ops.Conv3DTranspose(16, 16, 3, group=2),  # [ascend-group-conv-unsupported]
    nn.Conv3dTranspose(16, 16, 3, group=2),  # [ascend-group-conv-unsupported]
]


def forward(x, w):
    y = ops.conv2d(x, w, groups=4)
    return ops.conv3d(y, w, groups=2)  # [ascend-group-conv-unsupported]


# nn.Conv2d takes group, not groups, in MindSpore 2.10: a TypeError on every backend, not this rule's finding.
wrong_keyword = nn.Conv2d(96, 256, kernel_size=5, padding=2, groups=2)
