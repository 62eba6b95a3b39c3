"""Layers created in construct, kept on the Cell, or created elsewhere."""

import mindspore as ms
from mindspore import mint, nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 4)
        self.cache = None

    def construct(self, x):
        x = ms.nn.Conv2d(4, 4, 3)(x)  # [cell-built-in-construct]
        x = mint.nn.Linear(4, 4)(x)  # [cell-built-in-construct]
        x = nn.SequentialCell([nn.Dense(4, 4), nn.ReLU()])(x)  # [cell-built-in-construct]
        x = nn.Dropout2d(p=0.1)(x)  # [cell-built-in-construct]
        x = nn.BatchNorm2d(4)(x)  # [cell-built-in-construct]
        x = nn.SequentialCell([nn.ReLU(), nn.Flatten()])(x)
        x = nn.Softmax()(x)
        x = ops.ReLU()(x)
        layer = nn.Dense(4, 4)
        self.cache = layer  # kept: registered on the Cell
        return self.helper(layer(x))

    def helper(self, x):
        return nn.Dense(4, 4)(x)  # not construct


def construct(x):
    """A function named construct, not a Cell's method."""
    return nn.Dense(4, 4)(x)
