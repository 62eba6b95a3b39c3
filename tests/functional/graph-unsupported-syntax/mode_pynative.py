"""PyNative: construct runs as Python; a @jit function is still compiled; bytecode capture never refuses (a graph break)."""
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE)


class Net(nn.Cell):
    def construct(self, x):
        try:
            return ops.log(x)
        except ValueError:
            return x


@ms.jit
def step(x):
    import math  # [graph-unsupported-syntax]

    return x * math.pi


@ms.jit(capture_mode="bytecode")
def tolerant(x):
    seen = {1, 2}  # [graph-break-in-bytecode-capture]
    del seen  # [graph-break-in-bytecode-capture]
    return x
