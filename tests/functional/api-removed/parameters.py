"""Removed keyword parameters: only on calls that resolve to the API, or on traced datasets."""
import mindspore.dataset as ds
from mindspore import ops
from mindspore.dataset import MindDataset


def build(path, table, columns):
    data = MindDataset(dataset_file=path)  # [api-removed]
    data = data.map(operations=[abs], input_columns=["x"], column_order=columns)  # [api-removed]
    data = data.batch(8, column_order=columns)  # [api-removed]
    other = ds.MindDataset(path).batch(8, pad_info={})  # [api-removed]
    table.map(lambda x: x, column_order=columns)  # untraced receiver: silent
    return data, other, MindDataset(path, columns_list=columns)


def untraced(dataset, columns):
    return dataset.map(operations=[abs], column_order=columns)  # an argument of unknown kind: silent


def not_mindspore(pool, columns):
    return pool.map(abs, column_order=columns)


ADD = ops.MultitypeFuncGraph("add", True, doc_url="")  # [api-removed]
KEEP = ops.MultitypeFuncGraph("add", read_value=True)
