"""Only the Cell's own, inherited listing on self, in code always compiled."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Base(nn.Cell):
    def helper(self):
        return len(self.untrainable_params())  # [graph-cell-parameters-call]


class Net(Base):
    def __init__(self, debug=False):
        super().__init__()
        self.dense = nn.Dense(2, 2)
        self.debug = debug
        self.count = len(self.trainable_params())

    def construct(self, x):
        names = [name for name, _ in self.parameters_and_names()]  # [graph-cell-parameters-call]
        if self.debug:
            print(self.parameters_dict())
        other = self.dense.trainable_params()
        return self.dense(x) * (self.helper() + len(names) + len(other))


class Own(nn.Cell):
    """A method of the user's own with the same name."""

    def get_parameters(self, expand=True):
        return ()

    def construct(self, x):
        return x * len(self.get_parameters())


class Unknown(SomeBase):
    def construct(self, x):
        return x * len(self.trainable_params())
