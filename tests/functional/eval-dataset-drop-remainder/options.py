"""Batch sizes read from options: the defaults the program declares for that name decide."""
# pylint: disable=missing-docstring
import argparse

import mindspore.dataset as ds
from mindspore.train import Model

parser = argparse.ArgumentParser()
parser.add_argument("--eval_batch_size", type=int, default=1)
parser.add_argument("--batch_size", type=int, default=32)
args = parser.parse_args()


class Config:
    test_batch = 1
    train_batch = 64


def evaluate(net, path):
    model = Model(net)
    size = args.eval_batch_size
    model.eval(ds.Cifar10Dataset(path).batch(size, drop_remainder=True))
    model.eval(ds.Cifar10Dataset(path).batch(args.batch_size, drop_remainder=True))  # [eval-dataset-drop-remainder]
    model.eval(ds.Cifar10Dataset(path).batch(Config.test_batch, drop_remainder=True))
    model.eval(ds.Cifar10Dataset(path).batch(Config.train_batch, drop_remainder=True))  # [eval-dataset-drop-remainder]


def eval_data(path):
    return ds.Cifar10Dataset(path).batch(args.eval_batch_size, drop_remainder=True)


def eval_data_in_large_batches(path):
    return ds.Cifar10Dataset(path).batch(args.batch_size, drop_remainder=True)  # [eval-dataset-drop-remainder]
