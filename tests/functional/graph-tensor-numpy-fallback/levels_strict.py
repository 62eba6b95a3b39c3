"""A STRICT program: graph-tensor-to-numpy reports the call, this rule stays silent."""
# pylint: disable=api-context-option-deprecated
import numpy as np

import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE, jit_syntax_level=ms.STRICT)


class Net(nn.Cell):
    def construct(self, x):
        return x * np.sum(x)  # [graph-tensor-to-numpy]
