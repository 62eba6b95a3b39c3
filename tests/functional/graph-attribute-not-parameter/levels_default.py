"""The default LAX level accepts attribute assignments; @jit(fullgraph=True) is STRICT."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.steps = 0

    def construct(self, x):
        self.steps += 1
        return x


class Strict(nn.Cell):
    def __init__(self):
        super().__init__()
        self.steps = 0

    @ms.jit(fullgraph=True)
    def construct(self, x):
        self.steps = self.steps + 1  # [graph-attribute-not-parameter]
        return x
