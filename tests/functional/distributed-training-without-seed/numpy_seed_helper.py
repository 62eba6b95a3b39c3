"""A seed helper that seeds numpy counts: MindSpore's initialisers draw their seeds from numpy's generator."""
# pylint: disable=missing-function-docstring

import random

import numpy as np

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


def set_seed(seed):
    random.seed(seed)
    np.random.seed(seed)


def main(dataset):
    set_seed(1)
    init()
    ms.set_auto_parallel_context(parallel_mode="data_parallel")
    net = nn.Dense(2, 2)
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    main([])
