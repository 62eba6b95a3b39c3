"""A training cell that averages its gradients with AllReduce, in stand-alone mode: the ranks must start alike."""
# pylint: disable=missing-function-docstring,missing-class-docstring

import mindspore as ms
from mindspore import nn, ops
from mindspore.communication import get_group_size, init


class AllReduceStep(nn.Cell):
    def __init__(self, network, optimizer):
        super().__init__()
        self.network = network
        self.optimizer = optimizer
        self.grad = ops.GradOperation(get_by_list=True)
        self.all_reduce = ops.AllReduce()
        self.scale = 1.0 / get_group_size()

    def construct(self, x, y):
        grads = self.grad(self.network, self.optimizer.parameters)(x, y)
        grads = tuple(self.all_reduce(grad) * self.scale for grad in grads)
        return self.optimizer(grads)


def main(dataset):
    init("nccl")  # [distributed-training-without-seed]
    net = nn.WithLossCell(nn.Dense(2, 2), nn.MSELoss())
    step = AllReduceStep(net, nn.Adam(net.trainable_params()))
    for x, y in dataset:
        step(x, y)
    return ms.get_context("device_target")


if __name__ == "__main__":
    main([])
