"""State kept in Parameters and updated with ops.assign; plain attributes only read."""

import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops


class StepCounter(nn.Cell):
    """A Parameter counter, updated in place."""

    def __init__(self):
        super().__init__()
        self.steps = Parameter(Tensor(0, ms.int32), name="steps", requires_grad=False)
        self.scale = 2

    @ms.jit(fullgraph=True)  # compiled at the STRICT syntax level
    def construct(self, x):
        ops.assign_add(self.steps, Tensor(1, ms.int32))
        return x * self.scale


class KeepLast(nn.Cell):
    """Assigning a Parameter attribute is allowed at every level."""

    def __init__(self):
        super().__init__()
        self.last = Parameter(Tensor(np.zeros((2, 2), np.float32)), name="last", requires_grad=False)

    @ms.jit(fullgraph=True)  # compiled at the STRICT syntax level
    def construct(self, x):
        self.last = ops.stop_gradient(x)
        return x + 1
