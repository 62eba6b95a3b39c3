"""Numpy where LAX handles it, or on values that are not Tensors: nothing to report."""
import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self, table):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.table = np.asarray(table)
        self.norm = np.linalg.norm(self.table)  # __init__ is plain Python
        self.debug = False
        self.sizes = ms.tensor([1, 3], dtype=ms.int64)  # a Tensor built in __init__: a graph constant

    def construct(self, x):
        if x.asnumpy().sum() > 0:  # a condition only
            x = x * 2
        print(np.abs(x.asnumpy()).max())  # printed
        values = x.asnumpy()  # unused
        scale = np.sqrt(x.shape[-1]) * np.max(self.table)  # constants
        rank = np.ndim(x) + np.size(x)  # compile-time facts of the Tensor
        typed = ms.tensor(np.tanh(x.asnumpy()), dtype=ms.float32)  # typed by mindspore.tensor
        first, rest = ops.split(x, self.sizes.tolist(), axis=1)  # LAX folds numpy on a constant Tensor
        bins = ops.bucketize(x, x.asnumpy().tolist()[0])  # bucketize's result carries no gradient
        total = mnp.sum(x) + mnp.where(x > 0, x, 0)  # mindspore.numpy is MindSpore's own
        if self.debug:
            x = x + ms.Tensor(x.asnumpy())  # a constant condition MindSpore does not compile
        out = self.dense(x) * scale * rank + typed + total + first.sum() + rest.sum() + bins
        return out, np.exp(x.asnumpy())  # returned to the caller


def evaluate(net, x):
    """Python code, not compiled."""
    return np.sum(net(x).asnumpy())
