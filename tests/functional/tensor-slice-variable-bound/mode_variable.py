"""The mode comes from an argument whose default is not in the program: unknown, so withheld."""  # [graph-findings-withheld]
import mindspore as ms
from mindspore import nn, ops


class Crop(nn.Cell):
    def construct(self, x):
        return x[: ops.argmax(x)]


def main(args):
    ms.set_context(mode=args.mode)
