"""Methods and functions graph code calls are compiled with it, nested functions too."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


def pieces(x):
    yield x  # [graph-unsupported-syntax]


class Net(nn.Cell):
    def helper(self, x):
        y = x + 1
        del y  # [graph-unsupported-syntax]
        return x

    def unused(self, x):
        del x
        return 0

    def construct(self, x):
        def inner(v):
            nonlocal x  # [graph-unsupported-syntax]
            x = v
            return v

        class Box:  # [graph-unsupported-syntax]
            pass

        if (n := 2) > 1:  # [graph-unsupported-syntax]
            x = x * n
        for piece in pieces(x):
            x = x + piece
        return self.helper(inner(x))
