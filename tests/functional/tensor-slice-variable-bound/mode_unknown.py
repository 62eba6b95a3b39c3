"""No set_context in the program: construct may run in PyNative, so withheld; @jit is certain."""  # [graph-findings-withheld]
import mindspore as ms
from mindspore import nn, ops


class Crop(nn.Cell):
    def construct(self, x):
        return x[: ops.argmax(x)]


@ms.jit
def crop(x):
    return x[: ops.argmax(x)]  # [tensor-slice-variable-bound]


def set_up(args):
    ms.set_context(device_target=args.device)  # [api-context-option-deprecated]
