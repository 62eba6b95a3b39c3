"""Static helpers, *args constructs and nested classes are not the Cell's construct; non-Cells are ignored."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Helpers(nn.Cell):
    @staticmethod
    def scale(x):
        return x * 2

    def construct(self, x):
        return self.scale(x)


class Packed(nn.Cell):
    def construct(*inputs):
        return inputs[-1]


class Plain:
    @staticmethod
    def construct(x):
        return x


class Outer(nn.Cell):
    def construct(self, x):
        return x

    class Inner(nn.Cell):
        def construct(this, x):  # [graph-cell-method-signature]
            return x


class Derived(Helpers):
    @staticmethod
    @ms.jit(fullgraph=True)
    def construct(x):  # [graph-cell-method-signature]
        return x * 2
