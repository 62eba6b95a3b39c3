"""A seed from the command line (an argparse default), or whose value cannot be told, counts."""
# pylint: disable=missing-function-docstring

import argparse

import mindspore as ms
from mindspore import nn
from mindspore.communication import get_group_size, init


def main(dataset):
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    init()
    ms.set_auto_parallel_context(parallel_mode="data_parallel")
    ms.set_seed(args.seed * get_group_size())
    net = nn.Dense(2, 2)
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    main([])
