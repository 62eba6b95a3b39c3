"""Every way the pipeline takes user code: map operations, per_batch_map, GeneratorDataset source and collate_fn."""

import functools

import numpy as np
import mindspore.dataset as ds
from mindspore import Tensor, nn, ops
from mindspore.dataset import transforms, vision


def by_keyword(x):
    return ops.relu(x)  # [ops-in-dataset-pipeline]


def positional(x):
    return ops.sigmoid(x)  # [ops-in-dataset-pipeline]


def in_list(x):
    return ops.tanh(x)  # [ops-in-dataset-pipeline]


def in_compose(x):
    return ops.exp(x)  # [ops-in-dataset-pipeline]


def scaled(x, factor):
    return ops.mul(x, factor)  # [ops-in-dataset-pipeline]


class Jitter:
    """An object with __call__."""

    def __call__(self, x):
        return ops.add(x, 1.0)  # [ops-in-dataset-pipeline]


def per_batch(images, batch_info):
    return (ops.stack(images),)  # [ops-in-dataset-pipeline]


def collate(batch):
    return ops.concat(batch)  # [ops-in-dataset-pipeline]


class Source:
    def __init__(self):
        self.data = np.zeros((4, 2), np.float32)

    def __getitem__(self, index):
        return ops.square(Tensor(self.data[index])).asnumpy()  # [ops-in-dataset-pipeline]

    def __len__(self):
        return 4


class Stream:
    def __iter__(self):
        return self

    def __next__(self):
        return ops.ones((2,)).asnumpy()  # [ops-in-dataset-pipeline]


def generate():
    for _ in range(4):
        yield (ops.zeros((2,)).asnumpy(),)  # [ops-in-dataset-pipeline]


def generate_again():
    for _ in range(4):
        yield (ops.eye(2).asnumpy(),)  # [ops-in-dataset-pipeline]


jitter = Jitter()
data = ds.GeneratorDataset(Source(), ["x"], collate_fn=collate)
data = data.map(operations=by_keyword, input_columns=["x"])
data = data.map(positional, ["x"])
data = data.map(operations=[vision.ToTensor(), in_list, jitter], input_columns=["x"])
data = data.map(operations=transforms.Compose([in_compose]), input_columns=["x"])
data = data.map(operations=functools.partial(scaled, factor=2.0), input_columns=["x"])
data = data.batch(2, per_batch_map=per_batch, input_columns=["x"])
streamed = ds.GeneratorDataset(source=Stream(), column_names=["x"])
generated = ds.GeneratorDataset(generate, ["x"])
generated_again = ds.GeneratorDataset(generate_again(), ["x"])
relu = ops.ReLU()  # [ops-in-dataset-pipeline]
data = data.map(
    operations=[
        vision.ToTensor(),
        ops.Sigmoid(),  # [ops-in-dataset-pipeline]
        ops.relu,  # [ops-in-dataset-pipeline]
        relu,
    ],
    input_columns=["x"],
)


class Denoise(nn.Cell):
    """A user Cell used as a map operation."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 3)

    def construct(self, x):
        return self.conv(x)


data = data.map(operations=Denoise(), input_columns=["x"])  # [ops-in-dataset-pipeline]
