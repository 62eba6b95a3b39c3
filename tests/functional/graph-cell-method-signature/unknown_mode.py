"""No mode set: a construct finding is withheld (PyNative runs a static construct); a bprop fails in both modes."""  # [graph-findings-withheld]
import mindspore as ms
from mindspore import nn


class Double(nn.Cell):
    @staticmethod
    def construct(x):
        return x * 2


class Halve(nn.Cell):
    def construct(self, x):
        return x / 2

    def bprop(self, x, dout):  # [graph-cell-method-signature]
        return (dout / 2,)


def halve_grad(x):
    return ms.grad(Halve())(x)
