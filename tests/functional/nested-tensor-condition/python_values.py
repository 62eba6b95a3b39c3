"""Python values between Tensor conditions do not count: annotated and defaulted inputs, shapes, in-tests."""
from typing import Optional

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Levels(nn.Cell):
    def construct(self, x, depth: Optional[int], use_cache=False, mode="train", **kwargs):
        y = ops.relu(x)
        if y.sum() > 0:
            if depth is not None and depth > 2:
                if use_cache:
                    if "past" in kwargs:
                        if y.shape[0] > 1 and len(kwargs) > 0:
                            if y.max() > 1:
                                if y.min() > 0:
                                    y = y * 2
        return y
