"""Operators recognised through every import form; Primitives, Cells and Tensor maths."""

import mindspore as ms
import mindspore.numpy as mnp
import mindspore.dataset as ds
from mindspore import mint, nn
from mindspore import ops as P
from mindspore.ops import operations as OP


class Augment:
    def __init__(self):
        self.expand = P.ExpandDims()
        self.norm = nn.LayerNorm((2,))
        self.mean = ms.Tensor([0.5, 0.5])

    def __call__(self, x):
        a = ms.ops.relu(x)  # [ops-in-dataset-pipeline]
        b = mnp.sum(a)  # [ops-in-dataset-pipeline]
        c = mint.clamp(b, 0, 1)  # [ops-in-dataset-pipeline]
        d = OP.Cast()(c, ms.float32)  # [ops-in-dataset-pipeline]
        e = self.expand(d, 0)  # [ops-in-dataset-pipeline]
        f = self.norm(e)  # [ops-in-dataset-pipeline]
        g = ms.Tensor(x) - self.mean  # [ops-in-dataset-pipeline]
        h = g.sum()  # [ops-in-dataset-pipeline]
        return ms.Tensor(x).asnumpy(), h  # [ops-in-dataset-pipeline]


data = ds.NumpySlicesDataset([[1.0, 2.0]], ["x"], shuffle=False)
data = data.map(Augment(), ["x"])
