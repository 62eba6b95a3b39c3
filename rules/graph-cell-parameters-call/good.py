"""The parameters listed once, in __init__."""

import mindspore as ms
from mindspore import ParameterTuple, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class WeightDecayLoss(nn.Cell):
    """The weights are fixed once the Cell is built: list them in __init__."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2)
        self.weights = ParameterTuple(self.trainable_params())

    def construct(self, x):
        penalty = 0
        for weight in self.weights:
            penalty = penalty + ops.sum(weight * weight)
        return ops.mean(self.dense(x)) + 1e-4 * penalty


class ParameterCount(nn.Cell):
    """A count taken in __init__; a method of the Cell's own with the same name is the user's code."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2)
        self.count = len(self.trainable_params())

    def construct(self, x):
        return self.dense(x) * self.count


def report(net):
    """Python code lists parameters freely."""
    return sum(param.size for param in net.trainable_params())
