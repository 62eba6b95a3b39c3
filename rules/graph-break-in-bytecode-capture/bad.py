"""A function compiled by bytecode capture, with syntax the graph compiler cannot take."""

import mindspore as ms
from mindspore import ops


@ms.jit(capture_mode="bytecode")
def safe_log(x):
    try:  # [graph-break-in-bytecode-capture]
        return ops.log(x)
    except ValueError:
        return x


@ms.jit(capture_mode="bytecode")
def gated(x, kind):
    if kind in {"gelu", "silu"}:  # [graph-break-in-bytecode-capture]
        return ops.gelu(x)
    return ops.relu(x)
