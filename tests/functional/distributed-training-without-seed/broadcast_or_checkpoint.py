"""parameter_broadcast=True and a checkpoint loaded into the network keep replicas in sync."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


def broadcast(dataset):
    init()
    ms.set_auto_parallel_context(parallel_mode="data_parallel", parameter_broadcast=True)
    net = nn.Dense(2, 2)
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


def checkpoint(dataset, path):
    init()
    ms.set_auto_parallel_context(parallel_mode="data_parallel")
    net = nn.Dense(2, 2)
    ms.load_param_into_net(net, ms.load_checkpoint(path))
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    broadcast([])
