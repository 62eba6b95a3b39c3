"""The target comes from --mindspore-device-target=Ascend (target_option.rc)."""

from mindspore import nn

conv = nn.Conv2d(64, 128, 3, group=4)  # [ascend-group-conv-unsupported]
