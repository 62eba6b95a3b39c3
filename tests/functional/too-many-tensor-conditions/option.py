"""A lower limit (see option.rc)."""
from mindspore import nn, ops


class Three(nn.Cell):
    def construct(self, x):  # [too-many-tensor-conditions]
        y = ops.relu(x)
        if y.sum() > 0:
            y = y + 1
        if y.sum() > 1:
            y = y + 1
        if y.sum() > 2:
            y = y + 1
        return y


class Two(nn.Cell):
    def construct(self, x):
        y = ops.relu(x)
        if y.sum() > 0:
            y = y + 1
        if y.sum() > 1:
            y = y + 1
        return y
