"""Conditions on Python values inside unrolled loops: never reported."""
import mindspore as ms
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Flags(nn.Cell):
    def __init__(self, use_bias=True):
        super().__init__()
        self.use_bias = Tensor(use_bias, ms.bool_)
        self.enabled = Tensor(True)
        self.names = {"a": 0, "b": 1}
        self.blocks = nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])

    def construct(self, x, key: str, depth: int, scale=1.0, training=False, **kwargs):
        for block in self.blocks:
            if self.use_bias and self.enabled:
                x = block(x)
            if key in self.names or "past" in kwargs:
                x = x * 2
            if depth > 1 and not training:
                x = x + scale
            if x.shape[0] > 1 and x.size(1) > 2:
                x = x - 1
        for i in range(x.shape[0]):
            if i > 0:
                x = x + i
        return x


class Steps(nn.Cell):
    def construct(self, x, lengths):
        for i in range(max(lengths)):
            if i < lengths[0]:
                x = x + 1
        return x


class Helper(nn.Cell):
    """``threshold`` comes from a Python number at one call and a Tensor at the other: not proven."""

    def construct(self, x):
        return self.apply(x, 0.5) + self.apply(x, ops.reduce_mean(x)) + self.always(x, ops.reduce_max(x))

    def apply(self, x, threshold):
        for _ in range(3):
            if threshold > 0:
                x = x - threshold
        return x

    def always(self, x, threshold):
        for _ in range(3):
            if threshold > 0:  # [unrolled-loop-tensor-condition]
                x = x - threshold
        return x
