"""The same computations with ops; numpy only on constants."""

import numpy as np

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE, jit_syntax_level=ms.STRICT)


class Softplus(nn.Cell):
    def construct(self, x):
        return ops.log1p(ops.exp(x))


class Normalize(nn.Cell):
    def __init__(self):
        super().__init__()
        self.eps = float(np.finfo(np.float32).eps)  # numpy in __init__ is plain Python

    def construct(self, x):
        scale = np.sqrt(x.shape[-1])  # numpy on a shape: a compile-time constant
        norm = ops.norm(x)
        return x / ops.maximum(norm, self.eps) * scale


def to_numpy(x):
    """Python code converts freely."""
    return x.asnumpy()
