"""Conditions in graph-compiled loops: one on a Tensor value, one the compiler decides from a shape."""

from mindspore import nn


class Loops(nn.Cell):
    def construct(self, x):
        for i in range(3):
            if x.sum() > i:  # [flagged]
                x = x * 0.5
        for _ in range(3):
            if x.shape[0] > 1:  # [flagged]
                x = x + 1
        return x
