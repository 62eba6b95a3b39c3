"""Annotated assignments before 2.3 and dict comprehensions before 2.2: accepted on the default target."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def construct(self, x):
        scale: float = 2.0
        table = {i: i * scale for i in range(3)}
        return x * table[1]
