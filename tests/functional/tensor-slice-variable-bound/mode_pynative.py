"""PyNative mode: construct is not compiled; a @jit function still is."""
import mindspore as ms
from mindspore import context, jit, nn, ops

context.set_context(mode=context.PYNATIVE_MODE)


class Crop(nn.Cell):
    def construct(self, x):
        return x[: ops.argmax(x)]


@jit
def crop(x):
    return x[: ops.argmax(x)]  # [tensor-slice-variable-bound]


@jit(capture_mode="bytecode")
def crop_bytecode(x):
    return x[: ops.argmax(x)]
