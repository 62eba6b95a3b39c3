"""Cells that compute in construct(), and classes where forward() is harmless."""

import mindspore.nn as nn


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(784, 256)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.relu(self.fc1(x))


class Adapter(nn.Cell):
    """A base whose construct() dispatches to forward(), as adapter libraries do."""

    def construct(self, *args, **kwargs):
        return self.forward(*args, **kwargs)


class Ported(Adapter):
    def forward(self, x):
        return x * 2


class WideDense(nn.Dense):
    """nn.Dense already defines construct(); forward() is an extra helper."""

    def forward(self, x):
        return self.construct(x)


class NotACell:
    """Plain Python classes may call their method forward."""

    def forward(self, x):
        return x
