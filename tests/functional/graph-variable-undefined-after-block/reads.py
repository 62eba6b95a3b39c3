"""Which reads after the block count: the ones that run whenever the function does."""
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flag = True

    def construct(self, x):
        for i in range(3):  # [graph-variable-undefined-after-block]
            x = x + i
        while x.sum() > 10:
            q = x
            x = x - 1
        if x.sum() > 0:
            pass
        else:
            y = x  # [graph-variable-undefined-after-block]
        if self.flag:
            z = q
        out = x * i + (i if self.flag else 0)
        return out + y + (q if self.flag else 0) + (self.flag and q)


class Helper(nn.Cell):
    """A helper's blocks count too; one nested in another statement does not."""

    def scale(self, x):
        while x.sum() > 10:
            step = x / 2  # [graph-variable-undefined-after-block]
            x = x - step
        return step

    def construct(self, x):
        if x.sum() > 0:
            for i in range(2):
                last = x + i
            x = last
        return self.scale(x)


def python_side(values):
    for value in values:
        last = value
    return last
