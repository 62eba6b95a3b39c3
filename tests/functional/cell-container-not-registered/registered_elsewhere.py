"""Plain containers whose elements are registered some other way stay silent."""

import numpy as np
import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, nn


def make_body(layers):
    """A helper that may wrap the layers; its result is registered."""
    return nn.SequentialCell(layers)


class HandedToHelper(nn.Cell):
    def __init__(self):
        super().__init__()
        blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]
        self.blocks = blocks
        self.body = make_body(blocks)


class WrappedInCellList(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]
        self.cells = nn.CellList(self.blocks)


class SetAttrLoop(nn.Cell):
    def __init__(self):
        super().__init__()
        self.heads = {"a": nn.Dense(4, 4), "b": nn.Dense(4, 4)}
        for name, head in self.heads.items():
            setattr(self, f"head_{name}", head)


class LocalCellsRegisteredByName(nn.Cell):
    def __init__(self):
        super().__init__()
        conv = nn.Conv2d(3, 8, 3)
        bn = nn.BatchNorm2d(8)
        self.conv = conv
        self.bn = bn
        self.order = [conv, bn]


class Suppressed(nn.Cell):
    def __init__(self):
        super().__init__()
        self.frozen = [nn.Dense(4, 4)]  # pylint: disable=cell-container-not-registered


class NotACell:
    """Only Cells register their attributes; this rule is about Cells."""

    def __init__(self):
        self.layers = [nn.Dense(4, 4)]


class UnknownBase(SomeUnknownBase):  # pylint: disable=undefined-variable
    def __init__(self):
        super().__init__()
        self.layers = [nn.Dense(4, 4)]


def builder():
    class Inner(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = [nn.Dense(4, 4)]  # [cell-container-not-registered]

    return Inner


class RecurrentWeights(nn.Cell):
    """Parameters collected in lists, then wrapped in ParameterTuple (an RNN pattern)."""

    def __init__(self, layers):
        super().__init__()
        self.weights = []
        self.groups = []
        for index in range(layers):
            weight = Parameter(Tensor(np.ones((4, 4)), ms.float32), name=f"w{index}")
            self.weights.append(weight)
            self.groups.append(ParameterTuple((self.weights[index],)))
        self.weights = ParameterTuple(self.weights)


class FrozenBranches(nn.Cell):
    """Fixed-weight branches kept out of training on purpose."""

    def __init__(self, groups):
        super().__init__()
        self.branches = []
        for index in range(groups):
            self.branches.append(nn.Conv2dTranspose(4, 4, 3))
            self.branches[index].weight.requires_grad = False
