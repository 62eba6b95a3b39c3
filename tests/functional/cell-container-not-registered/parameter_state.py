"""Parameters built in comprehensions and loops, optimizer state, and lists only read later."""
# pylint: disable=too-few-public-methods

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops


class Lookahead(nn.Optimizer):
    """Slow weights of an optimizer: state that checkpoints lose, not weights left untrained."""

    def __init__(self, params, learning_rate):
        super().__init__(learning_rate, params)
        self.slow = [Parameter(p.clone(), name=f"slow.{p.name}") for p in self.parameters]  # [cell-container-not-registered]
        self.masks = [  # [cell-container-not-registered]
            Parameter(Tensor(np.ones(2), ms.float32)) if p.requires_grad else None for p in self.parameters
        ]

    def construct(self, gradients):
        for i, param in enumerate(self.parameters):
            param.set_data(self.slow[i])  # reading an element registers nothing
            ops.assign(self.slow[i], param)
        return gradients


class RunningStats(nn.Cell):
    """requires_grad=False Parameters are state too."""

    def __init__(self, layers):
        super().__init__()
        means = []
        for index in range(layers):
            mean = Parameter(Tensor(np.zeros(4), ms.float32), name=f"mean{index}", requires_grad=False)
            means.append(mean)
        self.means = tuple(means)  # [cell-container-not-registered]
        self.counts = [  # [cell-container-not-registered]
            Parameter(Tensor(0, ms.int32), f"count{index}", False) for index in range(layers)
        ]

    def construct(self, x):
        return x - self.means[0]


class LoopWeights(nn.Cell):
    """Trained Parameters made in a loop."""

    def __init__(self, layers):
        super().__init__()
        self.weights = []  # [cell-container-not-registered]
        for index in range(layers):
            weight = Parameter(Tensor(np.ones((4, 4)), ms.float32), name=f"w{index}")
            self.weights.append(weight)
        self.gates = [Parameter(Tensor(np.ones(4), ms.float32)) if gated else None for gated in (True, False)]  # [cell-container-not-registered]

    def construct(self, x):
        for weight in self.weights:
            x = ops.matmul(x, weight)
        return x


class Wrapper(nn.Cell):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner


class ElementsRegisteredOneByOne(nn.Cell):
    """An element handed to a Cell's constructor or to setattr is registered: silent."""

    def __init__(self):
        super().__init__()
        self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]
        self.first = Wrapper(self.blocks[0])
        self.second = Wrapper(self.blocks[1])
        self.scales = [Parameter(Tensor([1.0], ms.float32), name=f"s{i}") for i in range(2)]
        for index in range(2):
            setattr(self, f"scale{index}", self.scales[index])
