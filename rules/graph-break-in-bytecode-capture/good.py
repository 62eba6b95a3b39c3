"""The same functions in syntax the graph compiler takes: one graph each."""

import mindspore as ms
from mindspore import ops


@ms.jit(capture_mode="bytecode")
def safe_log(x):
    return ops.select(x > 0, ops.log(ops.abs(x) + 1e-12), x)


@ms.jit(capture_mode="bytecode")
def gated(x, kind):
    if kind in ("gelu", "silu"):
        return ops.gelu(x)
    return ops.relu(x)
