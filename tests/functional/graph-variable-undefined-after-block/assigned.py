"""Assigned before the block, in every branch, elsewhere, or declared global: nothing to report."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)
TOTAL = 0


class Net(nn.Cell):
    def construct(self, x, y=None):
        out = x
        for i in range(3):
            out = out + i
        if x.sum() > 0:
            sign = 1
        else:
            sign = -1
        if x.sum() > 1:
            extra = x
        extra = x * 2
        if x.sum() > 2:
            big = x
        else:
            raise ValueError("negative")
        for i in range(2):
            out = out + i
        return out * sign + extra + big + i + y


class Fixup(nn.Cell):
    """After an early return on a constant, the rest may never be compiled."""

    def __init__(self, kind="plain"):
        super().__init__()
        self.kind = kind

    def construct(self, x):
        if self.kind != "fixup":
            return x
        for i in range(2):
            x = x + i
        return x * i
