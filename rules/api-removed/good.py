"""The same code written for MindSpore 2.x."""

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
from mindspore import jit, nn, ops
from mindspore.dataset import transforms


@jit
def add(x, y):
    return x + y


@ms.jit_class
class Scaler:
    def __init__(self, scale):
        self.scale = scale


class Net(nn.Cell):
    def construct(self, x):
        return ops.interpolate(x, size=(32, 32), mode="bilinear")


def pipeline(path):
    data = ds.MindDataset(dataset_files=path)
    data = data.map(operations=[vision.Decode()], input_columns=["image"]).project(["image", "label"])
    return data.padded_batch(32, pad_info={"image": ([224, 224, 3], 0)}), transforms.TypeCast


ADD = ops.MultitypeFuncGraph("add")
