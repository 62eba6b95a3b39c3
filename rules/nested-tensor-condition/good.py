"""The same clipping with ops.select, and deep nesting of constant conditions only."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class AdaptiveClip(nn.Cell):
    """Computes each candidate and picks the result with ops.select: no subgraphs."""

    def construct(self, grad):
        norm = ops.norm(grad)
        scaled = ops.select(norm > 100.0, grad / norm, ops.clip_by_value(grad, -1.0, 1.0))
        clipped = ops.select(grad.min() < -1.0, scaled, grad * 0.5)
        return ops.select((norm > 10.0) & (grad.max() > 1.0), clipped, grad)


class Block(nn.Cell):
    """Conditions the compiler decides (flags, None, shapes, training) cost nothing."""

    def __init__(self, use_norm=True, use_residual=True):
        super().__init__()
        self.use_norm = use_norm
        self.use_residual = use_residual
        self.norm = nn.LayerNorm((16,))

    def construct(self, x, mask=None):
        if self.use_norm:
            if x.ndim == 3:
                if mask is not None:
                    if self.training:
                        x = x * mask
                    if self.use_residual:
                        x = x + self.norm(x)
        return x
