"""The same computations with ops; numpy where LAX handles it."""

import numpy as np

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class MaskedDense(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(8, 8)
        self.scale = float(np.sqrt(8.0))  # numpy in __init__ is plain Python

    def construct(self, x):
        mask = (x > 0).astype(ms.float32)
        if x.asnumpy().sum() > 0:  # a numpy value as a condition only: LAX runs it correctly
            x = x * 2
        return self.dense(x) * mask / self.scale


class MeanPositive(nn.Cell):
    def construct(self, x):
        count = (x > 0).sum()
        return ops.relu(x).sum() / count * np.sqrt(x.shape[-1])  # numpy on a shape: a constant


@ms.jit
def keep_positive(x):
    # numpy kept, its result typed by mindspore.tensor(..., dtype=...): gradients flow as in PyNative
    kept = ms.tensor(np.maximum(x.asnumpy(), 0), dtype=ms.float32)
    return x * 0.5 + kept
