"""Observed on 2.10: earlier versions (here 2.5, set by the option) are not reported."""
import numpy as np

import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def construct(self, x):
        return x * np.sum(x)
