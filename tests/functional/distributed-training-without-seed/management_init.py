"""communication.management.init, a training loop that averages its gradients itself; Python's random seed only."""
# pylint: disable=missing-function-docstring

import random

import mindspore as ms
from mindspore import nn
from mindspore.communication.management import get_rank, init


def train(dataset):
    random.seed(0)
    init("hccl")  # [distributed-training-without-seed]
    init()
    net = nn.Dense(2, 2)
    optimizer = nn.Adam(net.trainable_params())
    grad_fn = ms.value_and_grad(lambda x, y: nn.MSELoss()(net(x), y), None, optimizer.parameters)
    reducer = nn.DistributedGradReducer(optimizer.parameters)
    for x, y in dataset:
        _, grads = grad_fn(x, y)
        optimizer(reducer(grads))
    return get_rank()


if __name__ == "__main__":
    train([])
