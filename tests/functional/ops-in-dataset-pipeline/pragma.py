"""A deliberate operator in the pipeline, disabled on its line."""

import mindspore.dataset as ds
from mindspore import ops


def normalize(x):
    x = ops.relu(x)  # pylint: disable=ops-in-dataset-pipeline
    return ops.sigmoid(x)  # [ops-in-dataset-pipeline]


data = ds.MnistDataset("/data").map(operations=normalize, input_columns="image")
