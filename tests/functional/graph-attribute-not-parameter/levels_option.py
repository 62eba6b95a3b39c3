"""mindspore-jit-syntax-level=STRICT: every construct is compiled at STRICT."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.steps = 0

    def construct(self, x):
        self.steps += 1  # [graph-attribute-not-parameter]
        return x


class Strict(nn.Cell):
    def __init__(self):
        super().__init__()
        self.steps = 0

    @ms.jit(fullgraph=True)
    def construct(self, x):
        self.steps = self.steps + 1  # [graph-attribute-not-parameter]
        return x
