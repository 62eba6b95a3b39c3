"""What the pipeline may run: dataset transforms, dtypes, numpy, OpenCV, PIL, Tensor creation alone."""

import cv2
import numpy as np
from PIL import Image

import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor, nn, ops
from mindspore.dataset import transforms, vision


def decode(raw: np.ndarray) -> np.ndarray:
    image = cv2.imdecode(raw, cv2.IMREAD_COLOR)
    image = np.asarray(Image.fromarray(image).resize((32, 32)))
    return (image / 255.0).astype(np.float32)


def to_tensor(label) -> ms.Tensor:
    """Creating a Tensor alone runs no operator."""
    return Tensor(label, ms.int32)


def cast(label):
    return np.array(label, dtype=ms.dtype_to_nptype(ms.int32))


def unused_helper(x):
    def inner():
        return ops.relu(x)

    return x


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)

    def construct(self, x):
        return ops.relu(self.dense(x))


data = ds.ImageFolderDataset("/data", decode=False)
data = data.map(operations=[decode, vision.HWC2CHW(), to_tensor], input_columns="image")
data = data.map(operations=transforms.TypeCast(ms.int32), input_columns="label")
data = data.map(operations=[cast, unused_helper], input_columns="label")
data = data.map(operations=vision.Normalize(mean=[0.5] * 3, std=[0.5] * 3), input_columns="image")
data = data.batch(32, drop_remainder=True)

net = Net()
for item in data.create_dict_iterator():
    logits = ops.softmax(net(item["image"]))


def queries(x):
    """Type and shape queries and Tensor creation compute nothing."""
    if ms.ops.is_tensor(x):
        x = x.asnumpy()
    return ms.numpy.asarray(x), ops.shape(x)


data = data.map(operations=queries, input_columns="label")
