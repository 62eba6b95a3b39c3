"""Every import form of MindSpore names reaches the same catalog entries."""
# pylint: disable=too-few-public-methods

import mindspore as ms
import mindspore.nn as nn2
from mindspore import nn as msnn
from mindspore.nn import Dense as Linear
from mindspore.nn.layer.conv import Conv2d
from mindspore.common.parameter import Parameter


class ViaRootAlias(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = [ms.nn.Dense(2, 2), ms.nn.Dense(2, 2)]  # [cell-container-not-registered]


class ViaModuleAlias(nn2.Cell):
    def __init__(self):
        super().__init__()
        self.layers = (nn2.Dense(2, 2),)  # [cell-container-not-registered]


class ViaFromAlias(msnn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = [Linear(2, 2)]  # [cell-container-not-registered]


class ViaDefiningModule(msnn.Cell):
    def __init__(self):
        super().__init__()
        self.convs = [Conv2d(3, 3, 3)]  # [cell-container-not-registered]
        self.weights = [Parameter(ms.Tensor([1.0]), name="w")]  # [cell-container-not-registered]


class ShadowedName(msnn.Cell):
    """A local variable named like the module is not MindSpore."""

    def __init__(self, nn):
        super().__init__()
        self.layers = [nn.Dense(2, 2)]
