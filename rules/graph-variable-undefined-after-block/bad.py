"""Variables Python keeps after a block, which MindSpore's graph compiler does not."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class ClipLoss(nn.Cell):
    """Scales the loss only when it is large: 'scale' exists on one path only."""

    def construct(self, loss):
        if loss > 10:
            scale = 10 / loss  # [graph-variable-undefined-after-block]
        return loss * scale


class Tower(nn.Cell):
    """Keeps the output of the last layer, first assigned inside the loop."""

    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([nn.Dense(4, 4) for _ in range(3)])

    def construct(self, x):
        for layer in self.layers:
            out = layer(x)  # [graph-variable-undefined-after-block]
            x = ops.relu(out)
        return out
