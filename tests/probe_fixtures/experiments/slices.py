"""Slices whose length the data decides, and slices of a constant length."""

import mindspore as ms
from mindspore import nn, ops


class PositiveRows(nn.Cell):
    """Keeps the first k rows, k counted from the data: a dynamic shape."""

    def construct(self, x):
        k = (x.sum(axis=1) > 0).astype(ms.int32).sum()
        rows = x[:k]  # [flagged]
        return rows * 2


class FirstRows(nn.Cell):
    """Keeps a fixed number of rows: the shape stays static."""

    def __init__(self, count=2):
        super().__init__()
        self.count = count

    def construct(self, x):
        rows = x[: self.count]  # [flagged]
        return rows * 2


class RangeOverTensor(nn.Cell):
    """range() over a tensor does not compile."""

    def construct(self, x):
        total = x.sum()
        for index in range(x.sum().astype(ms.int32)):  # [flagged]
            total = total + index
        return total


@ms.jit
def from_largest(x):
    """A @jit function: the slice starts where the data says."""
    begin = ops.argmax(x[:, 0])
    return x[begin:]  # [flagged]
