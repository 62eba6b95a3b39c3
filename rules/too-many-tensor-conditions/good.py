"""The same bucketing as one comparison against a Tensor of boundaries: no branch at all."""

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)

BOUNDARIES = (1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192)


class DistanceBucket(nn.Cell):
    """Counts the boundaries each distance has passed: the bucket index, for every element at once."""

    def __init__(self):
        super().__init__()
        self.boundaries = Tensor(np.array(BOUNDARIES, np.float32))

    def construct(self, distance):
        distance = ops.expand_dims(ops.abs(distance), -1)
        return (distance >= self.boundaries).astype(ms.int32).sum(-1)


class Options(nn.Cell):
    """Many constant conditions: decided by the compiler, never counted."""

    def __init__(self, mode="sum", scale=None):
        super().__init__()
        self.mode = mode
        self.scale = scale

    def construct(self, x):
        if self.mode == "sum":
            x = x.sum(-1)
        elif self.mode == "mean":
            x = x.mean(-1)
        elif self.mode == "max":
            x = x.max(-1)
        if self.scale is not None:
            x = x * self.scale
        if x.ndim > 1:
            x = x.reshape(-1)
        if self.training:
            x = x * 1.0
        return x
