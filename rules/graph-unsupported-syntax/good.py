"""The same networks written with what graph code supports, and Python code left alone."""

import mindspore as ms
from mindspore import nn, ops
from mindspore import numpy as mnp

ms.set_context(mode=ms.GRAPH_MODE)


class SafeLog(nn.Cell):
    """Guards the log with an op: values that are not positive keep their input."""

    def construct(self, x):
        return ops.select(x > 0, ops.log(ops.abs(x) + 1e-12), x)


class FreeEarly(nn.Cell):
    """The compiler frees intermediates itself."""

    def construct(self, x):
        hidden = ops.relu(x)
        return hidden * 2


class Activation(nn.Cell):
    """A tuple for the membership test; the set lives in __init__, which is plain Python."""

    def __init__(self, kind="gelu"):
        super().__init__()
        self.use_gelu = kind in {"gelu", "silu"}

    def construct(self, x):
        if self.use_gelu:
            return ops.gelu(x)
        return ops.relu(x)


class LazyImport(nn.Cell):
    """Imports at the top of the module."""

    def construct(self, x):
        return mnp.abs(x)


def pieces(x):
    """A list of the pieces instead of a generator."""
    return [x * index for index in range(2)]


@ms.jit
def total(x):
    out = x
    for piece in pieces(x):
        out = out + piece
    return out


def load(path):
    """Python code, never compiled: anything goes."""
    try:
        import numpy as np
    except ImportError:
        return None
    seen = {path}
    del seen
    return np.load(path)
