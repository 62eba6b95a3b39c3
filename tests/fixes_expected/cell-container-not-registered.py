"""Cells and Parameters kept in plain Python containers on a Cell."""

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ParameterTuple


class Tower(nn.Cell):
    """The migration guide's own example: layers in a list."""

    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([nn.Conv2d(1, 3, 3), nn.BatchNorm2d(3), nn.ReLU()])  # [cell-container-not-registered]

    def construct(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


class Block(nn.Cell):
    def __init__(self, width):
        super().__init__()
        self.dense = nn.Dense(width, width)

    def construct(self, x):
        return self.dense(x)


class Stack(nn.Cell):
    """A list of user Cells, grown with append."""

    def __init__(self, width, depth):
        super().__init__()
        self.blocks = nn.CellList()  # [cell-container-not-registered]
        for _ in range(depth):
            self.blocks.append(Block(width))

    def construct(self, x):
        for block in self.blocks:
            x = block(x)
        return x


class MultiHead(nn.Cell):
    """A dict of heads built by a comprehension."""

    def __init__(self, tasks):
        super().__init__()
        self.heads = {task: nn.Dense(16, 4) for task in tasks}  # [cell-container-not-registered]

    def construct(self, x):
        return [head(x) for head in self.heads.values()]


class Scales(nn.Cell):
    """Parameters in a tuple and a list."""

    def __init__(self):
        super().__init__()
        self.scales = ParameterTuple(  # [cell-container-not-registered]
            Parameter(Tensor(np.ones(4), ms.float32), name=f"scale{i}") for i in range(2)
        )
        self.offsets = ParameterTuple([  # [cell-container-not-registered]
            Parameter(Tensor(np.zeros(4), ms.float32), name=f"offset{i}") for i in range(2)
        ])

    def construct(self, x):
        return x * self.scales[0] + self.offsets[0]


class ResNet(nn.Cell):
    """The commonest port bug: stages built by a helper, appended to a plain list."""

    def __init__(self, widths, depths):
        super().__init__()
        self.stages = nn.CellList()  # [cell-container-not-registered]
        for i, width in enumerate(widths):
            self.stages.append(self._make_layer(width, depths[i]))

    def _make_layer(self, width, depth):
        layers = []
        for _ in range(depth):
            layers.append(nn.Conv2d(width, width, 3))
            layers.append(nn.BatchNorm2d(width))
        return nn.SequentialCell(layers)

    def construct(self, x):
        for stage in self.stages:
            x = stage(x)
        return x


class Lookahead(nn.Optimizer):
    """Optimizer state in a list: checkpoints leave it out."""

    def __init__(self, params, learning_rate):
        super().__init__(learning_rate, params)
        self.slow = ParameterTuple([Parameter(p.clone(), name=f"slow.{p.name}") for p in self.parameters])  # [cell-container-not-registered]

    def construct(self, gradients):
        for i, param in enumerate(self.parameters):
            param.set_data(self.slow[i])
        return gradients


class TaskHeads(nn.Cell):
    """SequentialCells in a dict: nn.CellDict refuses them, so each goes in its own attribute."""

    def __init__(self, tasks):
        super().__init__()
        self.heads = {}  # [cell-container-not-registered]
        for task in tasks:
            self.heads[task] = nn.SequentialCell([nn.Dense(16, 16), nn.ReLU(), nn.Dense(16, 4)])

    def construct(self, x):
        return [head(x) for head in self.heads.values()]
