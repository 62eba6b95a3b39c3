"""A parallel mode in a library function (no entry script here): reported at INFERENCE."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn


def fit(net, loss_fn, dataset):
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel")  # [distributed-training-without-seed]
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    for x, y in dataset:
        step(x, y)
