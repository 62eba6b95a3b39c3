"""The limits follow MindSpore's names through every import form."""

import mindspore
import mindspore as ms
import mindspore.nn as N
import mindspore.ops as P
from mindspore import context
from mindspore.nn import Conv2d
from mindspore.ops import operations as OPS

context.set_context(device_target="Ascend")  # [api-context-option-deprecated]

Conv = nn_alias = N.Conv2d

layers = [
    ms.nn.Conv2d(8, 8, 3, stride=64),  # [ascend-op-attr-out-of-range]
    mindspore.nn.MaxPool2d(2, stride=64),  # [ascend-op-attr-out-of-range]
    N.Conv2d(8, 8, 3, stride=64),  # [ascend-op-attr-out-of-range]
    Conv2d(8, 8, 3, stride=64),  # [ascend-op-attr-out-of-range]
    P.Conv2D(8, 3, stride=64),  # [ascend-op-attr-out-of-range]
    OPS.MaxPool(kernel_size=16),  # [ascend-op-attr-out-of-range]
    nn_alias(8, 8, 3, stride=64),
]
