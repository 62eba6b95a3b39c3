"""Slice bounds computed from Tensors, in each import form."""
# pylint: disable=unused-variable
import numpy as np
import mindspore
import mindspore as ms
import mindspore.ops as msops
from mindspore import Parameter, Tensor, nn
from mindspore import ops as P

ms.set_context(mode=ms.GRAPH_MODE)


class Bounds(nn.Cell):
    def __init__(self):
        super().__init__()
        self.argmax = P.Argmax()
        self.limit = Parameter(Tensor(3, ms.int32), name="limit")

    def construct(self, x, lengths, step):
        a = x[: msops.argmax(x[:, 0])]  # [tensor-slice-variable-bound]
        b = x[: ms.ops.reduce_max(lengths)]  # [tensor-slice-variable-bound]
        c = x[: mindspore.mint.sum(lengths)]  # [tensor-slice-variable-bound]
        d = x[: self.argmax(x)]  # [tensor-slice-variable-bound]
        n = (x.sum() * 0.7).astype(ms.int32)
        e = x[:n]  # [tensor-slice-variable-bound]
        f = x[n + 1 :]  # [tensor-slice-variable-bound]
        g = x[:: int(n)]  # [tensor-slice-variable-bound]
        h = x[:, :n, 0]  # [tensor-slice-variable-bound]
        i = x[: self.limit]  # [tensor-slice-variable-bound]
        j = x[:step]  # [tensor-slice-variable-bound]
        k = x[: lengths.max()]  # [tensor-slice-variable-bound]
        if (m := P.argmin(x)) > 0:  # [graph-unsupported-syntax]
            x = x[:m]  # [tensor-slice-variable-bound]
        return a, b, c, d, e, f, g, h, i, j, k, x


class Unpadded(nn.Cell):
    """A helper called from construct: its inputs are unknown, its op results are Tensors."""

    def construct(self, *inputs):
        return self.crop(*inputs)

    def crop(self, *inputs):
        pixels = inputs[0]
        max_size = P.reduce_max(inputs[1] * inputs[2], axis=0)
        return pixels[:, :, : int(max_size[0]), : int(max_size[1])]  # [tensor-slice-variable-bound]

    def unknown(self, pixels, size):
        return pixels[:size]


def not_compiled(x):
    return x[: P.argmax(x)]


class NotACell:
    def construct(self, x):
        return x[: P.argmax(x)]


class Setup(nn.Cell):
    def __init__(self, x):
        super().__init__()
        self.head = x[: P.argmax(x)]

    @P.constexpr
    def helper(self, x):
        return x[: P.argmax(x)]

    def construct(self, x):
        return x + np.ones(1)
