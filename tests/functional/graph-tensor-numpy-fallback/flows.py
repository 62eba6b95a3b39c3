"""Numpy results followed to the Tensor computation they reach, at the default LAX level."""
import numpy
import numpy as np

import mindspore as ms
from mindspore import Tensor, mint, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.buckets = ms.tensor([1, 3])
        self.weight = ms.Parameter(Tensor(np.ones(4), ms.float32))

    def construct(self, x, y):
        weights = Tensor(np.exp(x.asnumpy()))  # [graph-tensor-numpy-fallback]
        out = self.dense(weights)
        count = int((y.asnumpy() > 0).sum())  # [graph-tensor-numpy-fallback]
        out = out * count
        out += Tensor(numpy.abs(y))  # [graph-tensor-numpy-fallback]
        rows = y.tolist()  # [graph-tensor-numpy-fallback]
        out = ops.mul(out, Tensor(rows))
        scaled = -np.tanh(x) * 2  # [graph-tensor-numpy-fallback]
        out = ops.add(out, scaled)
        total = np.prod(x, axis=0)  # [graph-tensor-numpy-fallback]
        peak = np.amax(ops.relu(y))  # [graph-tensor-numpy-fallback]
        mask = np.where(y > 0, 1.0, 0.0)  # [graph-tensor-numpy-fallback]
        pair = ops.concat((out, Tensor(mask)))
        scale = Tensor(self.weight.asnumpy())  # [graph-tensor-numpy-fallback]
        trimmed = np.sum(self.buckets)  # [graph-tensor-numpy-fallback]
        return pair * scale, total, peak, trimmed


class Chunks(nn.Cell):
    def construct(self, x, lengths):
        chunks = mint.split(x, lengths.tolist(), dim=1)  # [graph-tensor-numpy-fallback]
        return chunks[0]


@ms.jit
def step(x):
    shifted = np.roll(x, 1, axis=0)  # [graph-tensor-numpy-fallback]
    return ops.maximum(x, input=shifted)
