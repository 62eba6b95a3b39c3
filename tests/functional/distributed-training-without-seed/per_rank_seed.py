"""Seeds that differ per rank or per run do not align the ranks."""
# pylint: disable=missing-function-docstring

import numpy as np

import mindspore as ms
from mindspore import nn
from mindspore.communication import get_rank, init


def set_seed(seed):
    np.random.seed(seed)
    ms.set_seed(seed)


def main(dataset, seed):
    init()  # [distributed-training-without-seed]
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel")
    set_seed(seed + get_rank())
    ms.set_seed(np.random.randint(1000))
    net = nn.Dense(2, 2)
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    main([], 1)
