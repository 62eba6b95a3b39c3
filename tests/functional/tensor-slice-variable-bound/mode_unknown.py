"""No set_context in the program: construct may run in PyNative, so INFERENCE; @jit is certain."""
import mindspore as ms
from mindspore import nn, ops


class Crop(nn.Cell):
    def construct(self, x):
        return x[: ops.argmax(x)]  # [tensor-slice-variable-bound]


@ms.jit
def crop(x):
    return x[: ops.argmax(x)]  # [tensor-slice-variable-bound]


def set_up(args):
    ms.set_context(device_target=args.device)
