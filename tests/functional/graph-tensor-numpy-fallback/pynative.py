"""A PyNative program: construct runs in Python, numpy there is the plain numpy it looks like."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn

ms.set_context(mode=ms.PYNATIVE_MODE)


class Net(nn.Cell):
    def construct(self, x):
        mask = Tensor((x.asnumpy() > 0).astype(np.float32))
        return x * mask
