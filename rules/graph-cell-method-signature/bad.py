"""A static construct, constructs without self, and a bprop missing 'out'."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Double(nn.Cell):
    @staticmethod
    def construct(x):  # [graph-cell-method-signature]
        return x * 2


class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.factor = 3.0

    def construct(x):  # [graph-cell-method-signature]
        return x * self.factor


class Triple(nn.Cell):
    def construct(cell, x):  # [graph-cell-method-signature]
        return x * 3


class ClippedMul(nn.Cell):
    """Multiplies, and clips the gradients it sends back."""

    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, dout):  # [graph-cell-method-signature]
        return ops.clip_by_value(dout * y, -1.0, 1.0), ops.clip_by_value(dout * x, -1.0, 1.0)


def gradients(x, y):
    return ms.grad(ClippedMul(), grad_position=(0, 1))(x, y)
