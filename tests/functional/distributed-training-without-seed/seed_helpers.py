"""Seed helpers: one of this module that calls ms.set_seed, and one from a package ms_lint cannot read."""
# pylint: disable=missing-function-docstring,import-error

import random

import numpy as np

import mindspore as ms
from mindspore import nn
from mindspore.communication import init
from some_installed_toolkit import seed_everything


def set_all_seeds(seed):
    random.seed(seed)
    np.random.seed(seed)
    ms.set_seed(seed)


def main(dataset, unknown):
    init()
    ms.set_auto_parallel_context(parallel_mode="data_parallel")
    if unknown:
        seed_everything(1)
    else:
        set_all_seeds(1)
    net = nn.Dense(2, 2)
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    main([], False)
