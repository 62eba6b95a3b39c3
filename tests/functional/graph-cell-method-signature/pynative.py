"""PyNative runs a static construct, with or without @jit(fullgraph=True); a bprop of the wrong arity fails in either mode."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.PYNATIVE_MODE)


class Double(nn.Cell):
    @staticmethod
    def construct(x):
        return x * 2


class Triple(nn.Cell):
    @staticmethod
    @ms.jit(fullgraph=True)
    def construct(x):
        return x * 3


class Halve(nn.Cell):
    def construct(self, x):
        return x / 2

    def bprop(self, x, out, dout, scale):  # [graph-cell-method-signature]
        return (dout / 2 * scale,)


def halve_grad(x):
    net = Halve()
    return ms.value_and_grad(net)(x)
