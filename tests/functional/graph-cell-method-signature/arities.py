"""Which bprop signatures and which gradient calls are certain to fail."""
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Right(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, out, dout):
        return dout * y, dout * x


class TooMany(nn.Cell):
    def construct(self, x):
        return x * 2

    def bprop(self, x, y, out, dout):  # [graph-cell-method-signature]
        return (dout * 2,)


class Defaults(nn.Cell):
    # PyNative accepts the default: not certain in every mode, so silent
    def construct(self, x):
        return x * 2

    def bprop(self, x, out, dout, scale=1.0):
        return (dout * 2 * scale,)


class VarArgs(nn.Cell):
    def construct(self, x):
        return x * 2

    def bprop(self, *args):
        return (args[-1] * 2,)


class OptionalInput(nn.Cell):
    # construct's default: how many inputs the primal graph has depends on the call
    def construct(self, x, mask=None):
        return x if mask is None else x * mask

    def bprop(self, x, out, dout):
        return (dout,)


class ByWeights(nn.Cell):
    # differentiated by its weights only: the gradient may not need the bprop
    def __init__(self):
        super().__init__()
        self.scale = ms.Parameter(ms.Tensor(2.0))

    def construct(self, x):
        return x * self.scale

    def bprop(self, x, dout):
        return (dout * self.scale,)


class Wrapped(nn.Cell):
    # differentiated through another network only: not followed
    def construct(self, x):
        return x * 2

    def bprop(self, x, dout):
        return (dout * 2,)


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Wrapped()

    def construct(self, x):
        return self.inner(x) + 1


class Inherited(TooMany):
    """Its bprop is TooMany's: reported where it is defined, once."""


class Staticmethods(nn.Cell):
    @staticmethod
    def bprop(x, out, dout):
        return (dout,)

    def construct(self, x):
        return ops.relu(x)


def gradients(x, y):
    ms.grad(Right())(x, y)
    ms.grad(TooMany(), grad_position=0)(x)
    ms.grad(Defaults())(x)
    ms.grad(VarArgs())(x)
    ms.grad(OptionalInput())(x)
    net = ByWeights()
    ms.grad(net, grad_position=None, weights=net.trainable_params())(x)
    ms.grad(Outer())(x)
    ms.grad(Inherited())(x)
    return ms.grad(Staticmethods())(x)
