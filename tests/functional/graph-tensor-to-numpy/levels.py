"""COMPATIBLE refuses numpy on Tensors; constants, .item() and print are accepted."""
# pylint: disable=api-context-option-deprecated
import numpy as np

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE, jit_syntax_level=ms.COMPATIBLE)


class Net(nn.Cell):
    def __init__(self, debug=False):
        super().__init__()
        self.debug = debug
        self.table = np.arange(4)

    def construct(self, x):
        rows = x.tolist()  # [graph-tensor-to-numpy]
        values = x.asnumpy()  # [graph-tensor-to-numpy]
        twice = np.abs(values)
        total = np.sum(ops.relu(x))  # [graph-tensor-to-numpy]
        scale = np.sqrt(x.shape[0]) + np.max(self.table)
        first = x.sum().item()
        print(x)
        if self.debug:
            print(x.asnumpy())
        return x * scale + first, rows, twice, total
