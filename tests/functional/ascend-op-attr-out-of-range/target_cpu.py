"""A CPU program: silent."""

import mindspore as ms
from mindspore import nn

ms.set_context(device_target="CPU")  # [api-context-option-deprecated]
conv = nn.Conv2d(8, 8, 3, stride=64)
