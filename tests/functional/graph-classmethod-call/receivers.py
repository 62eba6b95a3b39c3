"""Through self only, on the Cell's own (or inherited) classmethod, in code always compiled."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Base(nn.Cell):
    @classmethod
    def scale(cls, x):
        return x * 2


class Net(Base):
    def __init__(self, debug=False):
        super().__init__()
        self.debug = debug
        self.factor = self.scale(1)

    @staticmethod
    def shift(x):
        return x + 1

    def construct(self, x):
        y = self.scale(x)  # [graph-classmethod-call]
        if self.debug:
            y = self.scale(y)
        return self.shift(y) + Base.scale(x)


class Helper:
    @classmethod
    def scale(cls, x):
        return x

    def run(self, x):
        return self.scale(x)
