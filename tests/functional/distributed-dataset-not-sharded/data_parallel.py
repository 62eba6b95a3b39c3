"""Every training dataset of a data-parallel program needs a shard, wherever it is made."""
# pylint: disable=missing-docstring

import mindspore as ms
import mindspore.dataset as ds
from mindspore import context
from mindspore.communication.management import init
from mindspore.train import Model


def make(path):
    data = ds.MindDataset(path, columns_list=["image", "label"], shuffle=True)  # [distributed-dataset-not-sharded]
    data = data.map(lambda x: x, input_columns="image")
    return data.batch(16, drop_remainder=True).repeat(1)


class Trainer:
    def __init__(self, net):
        self.model = Model(net)

    def run(self, path):
        self.model.fit(3, make(path), None)


def main(net, path):
    init("nccl")
    context.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    ms.Model(net).train(1, ds.ImageFolderDataset(path).batch(8))  # [distributed-dataset-not-sharded]
    Trainer(net).run(path)


main(None, "data")
