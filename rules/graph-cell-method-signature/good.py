"""Static helpers that are not construct, a bprop of the right arity, a bprop no gradient reaches."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Swish(nn.Cell):
    @staticmethod
    def swish(x):
        return x * ops.sigmoid(x)

    def construct(self, x):
        return self.swish(x)


class ClippedMul(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, out, dout):
        return ops.clip_by_value(dout * y, -1.0, 1.0), ops.clip_by_value(dout * x, -1.0, 1.0)


class Unused(nn.Cell):
    """A bprop missing 'out', but no gradient is ever taken of this Cell: MindSpore never calls it."""

    def construct(self, x):
        return x * 2

    def bprop(self, x, dout):
        return (dout * 2,)


def gradients(x, y):
    return ms.grad(ClippedMul(), grad_position=(0, 1))(x, y)


def forward(x):
    return Unused()(x)
