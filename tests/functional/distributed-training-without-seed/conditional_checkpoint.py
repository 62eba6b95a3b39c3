"""A checkpoint loaded only when resuming, or in a helper that may return first, does not align the ranks."""
# pylint: disable=missing-function-docstring

import argparse

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


def load_pretrained(net, path):
    if not path:
        return
    ms.load_param_into_net(net, ms.load_checkpoint(path))


def main(dataset):
    parser = argparse.ArgumentParser()
    parser.add_argument("--resume", default="")
    parser.add_argument("--pretrained", default="")
    args = parser.parse_args()
    init()  # [distributed-training-without-seed]
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    net = nn.Dense(2, 2)
    load_pretrained(net, args.pretrained)
    if args.resume:
        ms.load_checkpoint(args.resume, net=net)
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


def evaluate(dataset, path):
    net = nn.Dense(2, 2)
    ms.load_param_into_net(net, ms.load_checkpoint(path))
    return ms.Model(net, nn.MSELoss(), metrics={"loss"}).eval(dataset)


if __name__ == "__main__":
    main([])
