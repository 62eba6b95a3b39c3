"""Only the bytecode-captured function itself; AST @jit and Python code are other rules' or nobody's."""
import mindspore as ms
from mindspore import jit


def helper(x):
    del x
    return 0


@jit(capture_mode="bytecode")
def captured(x):
    import math  # [graph-break-in-bytecode-capture]

    def inner(y):
        seen = {y}
        return seen
    return x * math.pi + helper(x) + len(inner(x))


@ms.jit
def compiled(x):
    return {x}  # [graph-unsupported-syntax]


def python(x):
    return {x}
