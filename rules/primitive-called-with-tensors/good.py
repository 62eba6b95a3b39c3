"""Primitives built with their attributes and called with Tensors; functional ops called directly."""

import mindspore.nn as nn
from mindspore import ops


class Embedding(nn.Cell):
    def __init__(self, axis=1):
        super().__init__()
        self.normalize = ops.L2Normalize(axis=axis)

    def construct(self, x, y):
        x = self.normalize(x)
        x = ops.L2Normalize(axis=1)(x)
        x = ops.l2_normalize(x, axis=1)  # the functional op takes the Tensor
        return ops.Mul()(ops.ReduceSum(keep_dims=True)(x, 1), y)
