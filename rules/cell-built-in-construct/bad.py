"""Layers created in construct, as a PyTorch forward() sometimes does."""

import mindspore.nn as nn
from mindspore import ops


class Head(nn.Cell):
    def __init__(self, classes):
        super().__init__()
        self.classes = classes

    def construct(self, x):
        x = nn.Dropout(p=0.2)(x)  # [cell-built-in-construct]
        fc = nn.Dense(x.shape[-1], self.classes)  # [cell-built-in-construct]
        norm = nn.LayerNorm((self.classes,))  # [cell-built-in-construct]
        return ops.relu(norm(fc(x)))
