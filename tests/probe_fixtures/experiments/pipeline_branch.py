"""A map function whose operator runs only for some samples, and one taking two columns."""

import numpy as np
from mindspore import Tensor, ops


def clip_large(x):
    if x.max() > 100:
        x = ops.clip_by_value(Tensor(x), 0, 100).asnumpy()  # [flagged]
    return x


def mix(image, label):
    return ops.ExpandDims()(Tensor(image), 0).asnumpy(), label  # [flagged]
