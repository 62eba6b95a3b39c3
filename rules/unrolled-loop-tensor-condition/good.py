"""Loops without branches on Tensor values, and a while loop on a Tensor condition."""

import mindspore as ms
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class EarlyExitStack(nn.Cell):
    """Selects each layer's output with ops.select: the unrolled body has no branch."""

    def __init__(self, width=16, depth=12, threshold=1e-3, use_residual=True):
        super().__init__()
        self.layers = nn.CellList([nn.Dense(width, width) for _ in range(depth)])
        self.threshold = threshold
        self.use_residual = use_residual

    def construct(self, x):
        for i, layer in enumerate(self.layers):
            y = layer(x)
            if self.use_residual and i > 0:  # constant conditions are decided at compile time
                y = y + x
            x = ops.select(ops.abs(y - x).mean() > self.threshold, y, x)
        return x


@ms.jit
def refine(x):
    """A while loop on a Tensor condition is compiled once, not unrolled."""
    step = Tensor(0, ms.int32)
    while step < 8:
        if x.sum() > 1.0:
            x = x * 0.5
        step = step + 1
    return x


class Heads(nn.Cell):
    """Flags the caller passes as Python values (annotated, or a default) are constant conditions."""

    def __init__(self, width=16):
        super().__init__()
        self.heads = nn.CellList([nn.Dense(width, width) for _ in range(4)])

    def construct(self, x, num_heads: int, training=False):
        for i, head in enumerate(self.heads):
            if i < num_heads and not training:
                x = head(x)
        return x
