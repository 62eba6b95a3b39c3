"""numpy in graph code at the LAX level: on a Tensor, on a static shape, on a Parameter."""

import numpy as np

import mindspore as ms
from mindspore import nn


class Masked(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(8, 8)

    def construct(self, x):
        return self.dense(x) * ms.Tensor(np.abs(x.asnumpy()))  # [flagged]


class Scaled(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(8, 8)

    def construct(self, x):
        return self.dense(x) / np.sqrt(x.shape[-1])  # [flagged]


class Weighted(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = ms.Parameter(ms.Tensor(np.ones(8, np.float32)), name="weight")

    def construct(self, x):
        return x * ms.Tensor(self.weight.asnumpy())  # [flagged]
