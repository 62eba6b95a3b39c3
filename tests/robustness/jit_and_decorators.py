"""jit functions, constexpr helpers and bprop with odd shapes."""
import mindspore as ms
from mindspore import jit, nn, ops
from mindspore.ops import constexpr


@jit
def step(x, n):
    return x[:n]


@jit(capture_mode="bytecode")
def bytecode_step(x, n):
    return x[:n]


@constexpr
def helper(n):
    return list(range(n))


class WithBprop(nn.Cell):
    def construct(self, x):
        return helper(3)

    def bprop(self, x, out, dout):
        return (dout[: x.shape[0]],)


@ms.jit
class NotAFunction:
    pass
