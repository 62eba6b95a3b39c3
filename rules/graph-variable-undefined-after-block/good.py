"""Each variable assigned before the block, or on every path through it."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class ClipLoss(nn.Cell):
    """A default before the if."""

    def construct(self, loss):
        scale = ops.ones_like(loss)
        if loss > 10:
            scale = 10 / loss
        return loss * scale


class Tower(nn.Cell):
    """The output is assigned before the loop."""

    def __init__(self, debug=False):
        super().__init__()
        self.layers = nn.CellList([nn.Dense(4, 4) for _ in range(3)])
        self.debug = debug

    def construct(self, x):
        out = x
        for layer in self.layers:
            out = layer(x)
            x = ops.relu(out)
        if self.debug:  # a constant condition: only the selected branch is compiled
            extra = out * 0
        if x.sum() > 0:  # both branches assign it
            sign = 1
        else:
            sign = -1
        if x.sum() > 100:  # the other branch returns
            large = x
        else:
            return out
        return out * sign + large


def summarize(values):
    """Python code: a variable assigned in a loop is fine after it."""
    for value in values:
        last = value
    return last
