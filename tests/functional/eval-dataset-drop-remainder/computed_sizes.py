"""Batch sizes the code works out: silent where they may be 1, reported where they are known larger."""
# pylint: disable=missing-docstring

import mindspore.dataset as ds
from mindspore.train import Model

BATCH_SIZE = 32
LINES_PER_SAMPLE = 32


def create_dataset(path, is_train=True, batch_size=32):
    if not is_train:
        batch_size = 1  # the eval branch batches one sample at a time
    return ds.Cifar10Dataset(path).batch(batch_size, drop_remainder=True)


def create_lines_dataset(path, batch_size, lines_per_sample):
    per_batch = int(batch_size / lines_per_sample)  # 1 when both are equal
    return ds.TextFileDataset(path).batch(per_batch, drop_remainder=True)


def create_chosen_dataset(path, is_train=True):
    size = 64 if is_train else 1
    return ds.Cifar10Dataset(path).batch(size, drop_remainder=True)


def evaluate(net, path):
    model = Model(net)
    model.eval(create_dataset(path, is_train=False))
    model.eval(create_lines_dataset(path, BATCH_SIZE, LINES_PER_SAMPLE))
    model.eval(create_chosen_dataset(path, is_train=False))
    model.eval(ds.Cifar10Dataset(path).batch(int(BATCH_SIZE / LINES_PER_SAMPLE), drop_remainder=True))
    model.eval(ds.Cifar10Dataset(path).batch(BATCH_SIZE // 2, drop_remainder=True))  # [eval-dataset-drop-remainder]
