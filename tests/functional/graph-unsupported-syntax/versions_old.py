"""MindSpore 2.1: annotated assignments and dict comprehensions are refused."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def construct(self, x):
        scale: float = 2.0  # [graph-unsupported-syntax]
        table = {i: i * scale for i in range(3)}  # [graph-unsupported-syntax]
        return x * table[1]
