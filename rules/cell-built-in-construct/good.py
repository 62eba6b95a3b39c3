"""Layers created in __init__; parameter-free Cells and operators created in construct."""

import mindspore.nn as nn
import torch
from mindspore import ops


class Head(nn.Cell):
    def __init__(self, features, classes):
        super().__init__()
        self.fc = nn.Dense(features, classes)
        self.dropout = nn.Dropout(p=0.2)
        self.proj = None

    def construct(self, x):
        x = nn.ReLU()(x)  # no Parameters, no training mode: harmless
        x = ops.Softmax(axis=-1)(self.fc(self.dropout(x)))
        if self.proj is None:
            self.proj = nn.Dense(x.shape[-1], x.shape[-1])  # kept on the Cell: built once
        return self.proj(x)


class Builder:
    """Not a Cell: its construct is an ordinary method."""

    def construct(self, features):
        return nn.Dense(features, features)


class TorchHead(torch.nn.Module):
    def forward(self, x):
        return torch.nn.Linear(4, 4)(x)
