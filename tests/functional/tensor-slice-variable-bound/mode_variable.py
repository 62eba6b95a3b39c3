"""The mode comes from a command-line argument: unknown, so INFERENCE."""
import mindspore as ms
from mindspore import nn, ops


class Crop(nn.Cell):
    def construct(self, x):
        return x[: ops.argmax(x)]  # [tensor-slice-variable-bound]


def main(args):
    ms.set_context(mode=args.mode)
