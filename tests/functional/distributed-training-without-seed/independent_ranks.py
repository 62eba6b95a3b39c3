"""Ranks that exchange no gradients train alone: no distributed parallel mode, no reducer, no all-reduce."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn
from mindspore.communication import get_rank, init


def sweep(dataset, learning_rates):
    # One learning rate per rank: MindSpore's training cells reduce gradients only in a distributed
    # parallel mode, so each rank trains its own network from its own start.
    init()
    net = nn.Dense(2, 2)
    optimizer = nn.Adam(net.trainable_params(), learning_rate=learning_rates[get_rank()])
    ms.Model(net, nn.MSELoss(), optimizer).train(1, dataset)


def stand_alone(dataset):
    init()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.STAND_ALONE)
    net = nn.Dense(2, 2)
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    sweep([], [0.1, 0.01])
    stand_alone([])
