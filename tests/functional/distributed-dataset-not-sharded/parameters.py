"""A model and training data that are parameters: what every call of the function in its module passes."""
# pylint: disable=missing-docstring

import mindspore.dataset as ds
from mindspore import context
from mindspore.communication.management import init
from mindspore.train import Model


def fit(model, data):
    model.train(1, data)


def fit_any(model, data):
    model.train(1, data)


def main(net, path, other):
    init("nccl")
    context.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    model = Model(net)
    fit(model, ds.Cifar10Dataset(path).batch(8))  # [distributed-dataset-not-sharded]
    sharded = ds.MnistDataset(path, num_shards=2, shard_id=0).batch(8)
    fit(model, sharded)
    fit_any(model, ds.ImageFolderDataset(path).batch(8))  # one call of fit_any passes another model
    fit_any(other, sharded)
