"""A @classmethod helper called from construct."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Swish(nn.Cell):
    """Keeps its formula in a class-level helper."""

    @classmethod
    def swish(cls, x):
        return x * ops.sigmoid(x)

    def construct(self, x):
        return self.swish(x)  # [graph-classmethod-call]
