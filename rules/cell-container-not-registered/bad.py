"""Cells and Parameters kept in plain Python containers on a Cell."""

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn


class Tower(nn.Cell):
    """The migration guide's own example: layers in a list."""

    def __init__(self):
        super().__init__()
        self.layers = [nn.Conv2d(1, 3, 3), nn.BatchNorm2d(3), nn.ReLU()]  # [cell-container-not-registered]

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
        self.blocks = []  # [cell-container-not-registered]
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
        self.scales = tuple(  # [cell-container-not-registered]
            Parameter(Tensor(np.ones(4), ms.float32), name=f"scale{i}") for i in range(2)
        )
        self.offsets = [  # [cell-container-not-registered]
            Parameter(Tensor(np.zeros(4), ms.float32), name=f"offset{i}") for i in range(2)
        ]

    def construct(self, x):
        return x * self.scales[0] + self.offsets[0]
