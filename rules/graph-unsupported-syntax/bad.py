"""Statements and expressions MindSpore's graph compiler has no graph form for."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class SafeLog(nn.Cell):
    """Guards a log with try/except, as Python code would."""

    def construct(self, x):
        try:  # [graph-unsupported-syntax]
            return ops.log(x)
        except ValueError:
            return x


class FreeEarly(nn.Cell):
    """Deletes an intermediate to save memory."""

    def construct(self, x):
        hidden = ops.relu(x)
        out = hidden * 2
        del hidden  # [graph-unsupported-syntax]
        return out


class Activation(nn.Cell):
    """Tests a setting against a set literal."""

    def __init__(self, kind="gelu"):
        super().__init__()
        self.kind = kind

    def construct(self, x):
        if self.kind in {"gelu", "silu"}:  # [graph-unsupported-syntax]
            return ops.gelu(x)
        return ops.relu(x)


class LazyImport(nn.Cell):
    """Imports a helper where it is used."""

    def construct(self, x):
        from mindspore import numpy as mnp  # [graph-unsupported-syntax]

        return mnp.abs(x)


def pieces(x):
    """A generator: graph code cannot iterate over one."""
    for index in range(2):
        yield x * index  # [graph-unsupported-syntax]


@ms.jit
def total(x):
    out = x
    for piece in pieces(x):
        out = out + piece
    return out
