"""Branches on Tensor values nested four deep in construct."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class AdaptiveClip(nn.Cell):
    """Clips gradients with a different rule for each range of their norm."""

    def construct(self, grad):
        norm = ops.norm(grad)
        if norm > 10.0:
            if grad.max() > 1.0:
                if grad.min() < -1.0:
                    if norm > 100.0:  # [nested-tensor-condition]
                        grad = grad / norm
                    elif norm > 50.0:
                        grad = ops.clip_by_value(grad, -0.5, 0.5)
                    else:
                        grad = ops.clip_by_value(grad, -1.0, 1.0)
                else:
                    grad = grad * 0.5
        return grad
