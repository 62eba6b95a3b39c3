"""Deprecated operators through every import form; their replacements stay silent."""
# pylint: disable=unused-import
import mindspore as ms
import mindspore.ops as ops
from mindspore import nn
from mindspore.ops import TensorAdd  # [api-deprecated]
from mindspore.ops import operations as P
from mindspore.ops import Add, Gather


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.add = TensorAdd()  # reported at its import
        self.pack = P.Pack(axis=0)  # [api-deprecated]
        self.gelu = ms.ops.Gelu()  # [api-deprecated]
        self.gather = Gather()
        self.sum = Add()
        self.norm = nn.Norm(axis=1)  # [api-deprecated]
        self.dropout = nn.Dropout(p=0.1)
        self.dense = nn.Dense(4, 4)

    def construct(self, x):
        return ops.batch_dot(self.add(x, x), x)  # [api-deprecated]


ms.set_context(mode=ms.GRAPH_MODE, device_id=0, save_graphs=False)  # [api-context-option-deprecated]
ms.set_context(mode=ms.GRAPH_MODE)
OPTIONS = {"device_target": "CPU"}
ms.set_context(**OPTIONS)  # unpacked: which keywords is unknown
