"""Cells ported from PyTorch that kept forward()."""

import mindspore.nn as nn


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(784, 256)
        self.fc2 = nn.Dense(256, 10)
        self.relu = nn.ReLU()

    def construct(self, x):  # [forward-without-construct]
        return self.fc2(self.relu(self.fc1(x)))


class Base(nn.Cell):
    """A user base class without construct does not provide one."""


class Head(Base):
    def construct(self, x):  # [forward-without-construct]
        return x
