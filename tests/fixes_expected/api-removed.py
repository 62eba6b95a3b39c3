"""MindSpore 1.x code run on MindSpore 2.10."""

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.vision.transforms as C  # [api-removed]
from mindspore import nn, ops
from mindspore import jit as ms_function  # [api-removed]
from mindspore.dataset.transforms import transforms as c_transforms  # [api-removed]


@ms_function
def add(x, y):
    return x + y


@ms.jit_class  # [api-removed]
class Scaler:
    def __init__(self, scale):
        self.scale = scale


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.resize = nn.ResizeBilinear()  # [api-removed]

    def construct(self, x):
        return self.resize(x, size=(32, 32))


def pipeline(path):
    data = ds.MindDataset(dataset_file=path)  # [api-removed]
    data = data.map(operations=[C.Decode()], input_columns=["image"], column_order=["image", "label"])  # [api-removed]
    return data.batch(32, pad_info={"image": ([224, 224, 3], 0)}), c_transforms.TypeCast  # [api-removed]


ADD = ops.MultitypeFuncGraph("add", doc_url="")  # [api-removed]
