"""mindspore.common.set_seed, called after init: still seeded before the network is built."""
# pylint: disable=missing-function-docstring

import mindspore
from mindspore import nn
from mindspore.communication import init


def main(dataset):
    init()
    mindspore.set_auto_parallel_context(parallel_mode="data_parallel")
    mindspore.common.set_seed(1)
    net = nn.Dense(2, 2)
    mindspore.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    main([])
