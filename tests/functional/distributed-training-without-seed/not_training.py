"""Distributed inference and evaluation, stand-alone mode, a variable mode without init, another init."""
# pylint: disable=missing-function-docstring,import-error

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


def evaluate(dataset, metrics):
    init()
    ms.set_auto_parallel_context(parallel_mode="data_parallel")
    net = nn.Dense(2, 2)
    model = ms.Model(net, nn.MSELoss(), metrics=metrics)
    return model.eval(dataset)


def gradients_of_inputs(x):
    init()
    ms.set_auto_parallel_context(parallel_mode="data_parallel")
    net = nn.Dense(2, 2)
    return ms.grad(net)(x)


if __name__ == "__main__":
    evaluate([], {"loss"})
