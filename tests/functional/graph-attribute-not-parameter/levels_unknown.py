"""A level from a variable, or a STRICT JitConfig for some networks only: not certain."""
# pylint: disable=api-context-option-deprecated
import mindspore as ms
from mindspore import JitConfig, nn

ms.set_context(mode=ms.GRAPH_MODE)
CONFIG = JitConfig(jit_syntax_level="STRICT")


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.steps = 0

    def construct(self, x):
        self.steps += 1
        return x


def set_up(args):
    ms.set_context(jit_syntax_level=args.level)
