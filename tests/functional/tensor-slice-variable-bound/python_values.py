"""Bounds that are Python values, not Tensors: annotations, defaults, shapes, range indices, helper arguments."""
# pylint: disable=unused-variable
from typing import List, Optional, Tuple

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Annotated(nn.Cell):
    def construct(self, x, k: int, sizes: Tuple[int, ...], limit: Optional[int], ratios: List[float]):
        return x[:k], x[: sizes[0]], x[:limit], x[: int(ratios[0] * 4)]


class Defaults(nn.Cell):
    """Python defaults that no caller in the module overrides with a Tensor."""

    def construct(self, x, start=0, stop=8, step=None):
        return x[start:stop], x[::step]


class Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.crop = Defaults()

    def construct(self, x):
        return self.crop(x, 2, x.shape[0] // 2)


class Shapes(nn.Cell):
    def construct(self, x, lengths):
        n = x.size(0)
        half = int(x.shape[1] * 0.5)
        kept = ()
        for i in range(x.shape[0]):
            kept += (x[:, :i],)
        for j in range(max(lengths)):
            kept += (x[:, j:],)
        return x[:n], x[:, :half], x[: x.ndim], x[: len(kept)], x[:, : max(lengths)], kept


class Helpers(nn.Cell):
    """A helper's argument is a Tensor only if every caller passes one."""

    def construct(self, x):
        width = ops.argmax(x)
        return self.cut(x, 4), self.cut(x, width), self.pick(x, width)

    def cut(self, x, width):
        return x[:, :width]

    def pick(self, x, width):
        return x[:, :width]  # [tensor-slice-variable-bound]
