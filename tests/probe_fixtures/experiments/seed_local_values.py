"""A data-parallel training function without a seed whose network takes names it assigns once."""

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


class Net(nn.Cell):
    def __init__(self, width, classes):
        super().__init__()
        self.fc = nn.Dense(width, classes)

    def construct(self, x):
        return self.fc(x)


def train(epochs=1):
    init()  # [flagged]
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    width = 8
    classes = width // 2
    net = Net(width, 4)
    optimizer = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    return ms.train.Model(net, optimizer=optimizer).train(epochs, None), classes
