"""Code the data pipeline runs: silent (ops-in-dataset-pipeline speaks of it)."""

import mindspore as ms
import mindspore.dataset as ds
from mindspore import mint, ops

ms.set_device("CPU")


def scale(x):
    return mint.log10(x)  # [ops-in-dataset-pipeline]


def shift(x):
    return mint.cumsum(x, 0)  # [ops-in-dataset-pipeline]


def outside(x):
    return mint.cumsum(x, 0)  # [op-unsupported-on-device]


data = ds.NumpySlicesDataset([1.0, 2.0], column_names=["x"])
data = data.map(operations=scale, input_columns=["x"])
data = data.map(operations=lambda x: shift(x), input_columns=["x"])
data = data.map(operations=[ops.Einsum("i,i->")], input_columns=["x"])  # [ops-in-dataset-pipeline]
