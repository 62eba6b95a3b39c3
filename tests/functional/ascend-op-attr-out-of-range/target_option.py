"""The target comes from --mindspore-device-target=Ascend (target_option.rc); a pragma silences one line."""

from mindspore import nn, ops

conv = nn.Conv2d(8, 8, 3, stride=64)  # [ascend-op-attr-out-of-range]
legacy = nn.Conv2d(8, 8, 3, stride=64)  # pylint: disable=ascend-op-attr-out-of-range


def pool(x):
    return ops.avg_pool2d(x, kernel_size=2, stride=64)  # [ascend-op-attr-out-of-range]
