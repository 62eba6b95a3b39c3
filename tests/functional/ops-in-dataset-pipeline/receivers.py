"""A receiver of .map( is a dataset when traced to one, or when the call takes Dataset.map-only keywords."""

from multiprocessing import Pool

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, ops


def traced(x):
    return ops.relu(x)  # [ops-in-dataset-pipeline]


def by_keywords(x):
    return ops.sigmoid(x)  # [ops-in-dataset-pipeline]


def unknown(x):
    return ops.tanh(x)


def create_dataset(path):
    return ds.ImageFolderDataset(path).shuffle(8)


def from_factory(path):
    data = create_dataset(path)
    return data.map(operations=traced, input_columns="image")


def annotated(data: ds.Dataset):
    return data.map(traced, ["image"])


def from_argument(data, workers):
    # Not traced, but only Dataset.map takes num_parallel_workers: INFERENCE.
    return data.map(by_keywords, ["image"], num_parallel_workers=workers)


def anything_with_map(items):
    # Not traced and no Dataset.map-only keyword: could be any object with a map method.
    return items.map(unknown, input_columns=["image"])


class Loader:
    def __init__(self, path):
        self.data = ds.MnistDataset(path)

    def build(self):
        return self.data.map(operations=self.preprocess, input_columns="image")

    def preprocess(self, image):
        return ops.flatten(image)  # [ops-in-dataset-pipeline]


class Mapper(nn.Cell):
    """nn.Cell code that happens to call a method named map."""

    def __init__(self):
        super().__init__()
        self.softmax = nn.Softmax()
        self.hyper_map = ops.HyperMap()

    def construct(self, xs):
        return self.hyper_map(self.softmax, xs)

    def map(self, fn, xs):
        return [fn(x) for x in xs]

    def apply(self, xs):
        return self.map(lambda x: ops.relu(x), xs)


with Pool(2) as pool:
    pooled = pool.map(unknown, [1, 2])
builtin = list(map(lambda x: ops.relu(ms.Tensor(x)), [1, 2]))


class JSDivergence(nn.Cell):
    """As in mindcv's JSD loss: ops.Map applied over a tuple of Tensors."""

    def __init__(self):
        super().__init__()
        self.map = ops.Map()
        self.softmax = nn.Softmax()

    def construct(self, logits):
        return self.map(self.softmax, logits)
