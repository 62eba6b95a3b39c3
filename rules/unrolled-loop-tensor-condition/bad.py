"""Branches on Tensor values inside for loops, which graph mode unrolls."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class EarlyExitStack(nn.Cell):
    """Skips the layers whose output barely changes the features."""

    def __init__(self, width=16, depth=12, threshold=1e-3):
        super().__init__()
        self.layers = nn.CellList([nn.Dense(width, width) for _ in range(depth)])
        self.threshold = threshold

    def construct(self, x):
        for layer in self.layers:
            y = layer(x)
            if ops.abs(y - x).mean() > self.threshold:  # [unrolled-loop-tensor-condition]
                x = y
        return x


@ms.jit
def refine(x):
    for i in range(8):
        if x.sum() > i:  # [unrolled-loop-tensor-condition]
            x = x * 0.5
    return x
