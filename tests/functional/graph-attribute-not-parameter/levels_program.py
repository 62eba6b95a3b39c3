"""COMPATIBLE set by the program refuses it too; what each attribute holds decides."""
# pylint: disable=api-context-option-deprecated
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops

ms.set_context(mode=ms.GRAPH_MODE, jit_syntax_level=ms.COMPATIBLE)


def make_state():
    return 0


class Net(nn.Cell):
    def __init__(self, flag=False):
        super().__init__()
        self.steps = 0
        self.cache = ops.zeros((2, 2))
        self.weight = Parameter(Tensor(np.zeros((2, 2), np.float32)), name="weight")
        self.state = make_state()
        self.flag = flag

    def construct(self, x):
        self.steps += 1  # [graph-attribute-not-parameter]
        self.cache = x  # [graph-attribute-not-parameter]
        self.weight = x
        self.state = x
        self.fresh = x
        if self.flag:
            self.steps = 0
        return x
