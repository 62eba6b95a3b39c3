"""Numpy on Tensors in graph code at the default LAX level, whose results reach the network's Tensors."""

import numpy as np

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class MaskedDense(nn.Cell):
    """Trains nothing: the mask made with numpy stops every weight gradient."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(8, 8)

    def construct(self, x):
        mask = ms.Tensor((x.asnumpy() > 0).astype(np.float32))  # [graph-tensor-numpy-fallback]
        return self.dense(x) * mask


class MeanPositive(nn.Cell):
    """Fails when it runs: numpy's sum calls Tensor.sum with out=None."""

    def construct(self, x):
        positive = x > 0
        count = np.sum(positive)  # [graph-tensor-numpy-fallback]
        return ops.relu(x).sum() / count


@ms.jit
def keep_positive(x):
    """Fails when it runs: the array numpy returns meets a Tensor."""
    kept = np.where(x > 0, x, 0)  # [graph-tensor-numpy-fallback]
    return x * 0.5 + kept
