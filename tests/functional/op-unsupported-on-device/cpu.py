"""A CPU program: each alias form of an operator without a CPU kernel is reported."""

import mindspore
import mindspore as ms
import mindspore.mint as M
from mindspore import context, mint, nn, ops
from mindspore.mint import equal as same
from mindspore.mint.nn import functional as F
from mindspore.ops import operations as P
from mindspore.ops import Einsum

context.set_context(device_target="CPU")  # [api-context-option-deprecated]


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.einsum = Einsum("ij,jk->ik")  # [op-unsupported-on-device]
        self.einsum2 = P.Einsum("ij,jk->ik")  # [op-unsupported-on-device]
        self.norm = mint.nn.LayerNorm((4,))  # [op-unsupported-on-device]
        self.relu6 = mint.nn.ReLU6()  # [op-unsupported-on-device]
        self.dense = nn.Dense(4, 4)

    def construct(self, x):
        a = mindspore.mint.equal(x, x)  # [op-unsupported-on-device]
        b = ms.mint.cumsum(x, 0)  # [op-unsupported-on-device]
        c = M.log10(x)  # [op-unsupported-on-device]
        d = same(x, x)  # [op-unsupported-on-device]
        e = F.gelu(x)  # [op-unsupported-on-device]
        f = ops.einsum("ij,jk->ik", x, x)  # [op-unsupported-on-device]
        g = ops.cumsum(x, 0)  # runs on CPU
        h = mint.not_equal(x, x)  # runs on CPU
        i = self.einsum((x, x)) + self.einsum2((x, x))
        return a, b, c, d, e, f, g, h, i, self.norm(x), self.relu6(x), ops.Einsum("ij->ji")(x)  # [op-unsupported-on-device]


def built_then_called(x):
    einsum = ops.Einsum("ij,jk->ik")  # [op-unsupported-on-device]
    return einsum((x, x))


def built_never_called():
    """Building a Primitive runs nothing: silent."""
    einsum = ops.Einsum("ij,jk->ik")
    return einsum


class Unused(nn.Cell):
    """A layer the Cell builds but never calls: silent."""

    def __init__(self):
        super().__init__()
        self.einsum = ops.Einsum("ij,jk->ik")
        self.dense = nn.Dense(4, 4)

    def construct(self, x):
        return self.dense(x)


# A module-level table of operators (often built for another device, or called only there): silent.
float_status = ops.FloatStatus()


def local_names(x):
    """Names that are not MindSpore's: silent."""
    equal = lambda u, v: u == v
    return equal(x, x), x.cumsum(0)
