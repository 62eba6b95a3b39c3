"""Attributes updated in construct at the STRICT syntax level."""

import mindspore as ms
from mindspore import nn, ops


class StepCounter(nn.Cell):
    """Counts its calls in a Python int."""

    def __init__(self):
        super().__init__()
        self.steps = 0

    @ms.jit(fullgraph=True)  # compiled at the STRICT syntax level
    def construct(self, x):
        self.steps += 1  # [graph-attribute-not-parameter]
        return x * 2


class KeepLast(nn.Cell):
    """Caches the last input for a later call."""

    def __init__(self):
        super().__init__()
        self.last = None

    @ms.jit(fullgraph=True)  # compiled at the STRICT syntax level
    def construct(self, x):
        self.last = ops.stop_gradient(x)  # [graph-attribute-not-parameter]
        return x + 1
