"""Tensors handed to numpy in code compiled at the STRICT syntax level."""

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops


class Softplus(nn.Cell):
    """Computes with numpy on the Tensor's values."""

    @ms.jit(fullgraph=True)  # compiled at the STRICT syntax level
    def construct(self, x):
        values = x.asnumpy()  # [graph-tensor-to-numpy]
        return Tensor(np.log1p(np.exp(values)))


class Normalize(nn.Cell):
    """Takes a norm with numpy."""

    @ms.jit(fullgraph=True)  # compiled at the STRICT syntax level
    def construct(self, x):
        norm = np.linalg.norm(x)  # [graph-tensor-to-numpy]
        return x / ops.maximum(norm, 1e-12)
