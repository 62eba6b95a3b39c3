"""The same computations with ops; numpy only on constants."""

import numpy as np

import mindspore as ms
from mindspore import nn, ops


class Softplus(nn.Cell):
    @ms.jit(fullgraph=True)  # compiled at the STRICT syntax level
    def construct(self, x):
        return ops.log1p(ops.exp(x))


class Normalize(nn.Cell):
    def __init__(self):
        super().__init__()
        self.eps = float(np.finfo(np.float32).eps)  # numpy in __init__ is plain Python

    @ms.jit(fullgraph=True)  # compiled at the STRICT syntax level
    def construct(self, x):
        scale = np.sqrt(x.shape[-1])  # numpy on a shape: a compile-time constant
        norm = ops.norm(x)
        return x / ops.maximum(norm, self.eps) * scale


def to_numpy(x):
    """Python code converts freely."""
    return x.asnumpy()
