"""A Cell's parameter listing called in construct."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class WeightDecayLoss(nn.Cell):
    """Adds an L2 penalty over the weights, listed at every call."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2)

    def construct(self, x):
        penalty = 0
        for weight in self.trainable_params():  # [graph-cell-parameters-call]
            penalty = penalty + ops.sum(weight * weight)
        return ops.mean(self.dense(x)) + 1e-4 * penalty


class ParameterCount(nn.Cell):
    """Scales the output by the number of parameter tensors."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2)

    def construct(self, x):
        count = len(list(self.get_parameters()))  # [graph-cell-parameters-call]
        return self.dense(x) * count
