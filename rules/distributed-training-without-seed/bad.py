"""Data-parallel training without a global seed: every rank starts from different weights."""

import random

import mindspore as ms
from mindspore import nn
from mindspore.communication import get_group_size, init
from mindspore.train import Model


def create_network():
    return nn.SequentialCell([nn.Dense(32, 64), nn.ReLU(), nn.Dropout(p=0.1), nn.Dense(64, 10)])


def main(dataset, resume=""):
    random.seed(1)  # seeds Python's random only: not MindSpore's initialisers
    init()  # [distributed-training-without-seed]
    ms.set_auto_parallel_context(
        parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True, device_num=get_group_size()
    )
    net = create_network()
    if resume:  # only when resuming: a run from scratch still starts every rank differently
        ms.load_param_into_net(net, ms.load_checkpoint(resume))
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    model = Model(net, loss_fn, optimizer)
    model.train(10, dataset)


if __name__ == "__main__":
    main(dataset=None)
