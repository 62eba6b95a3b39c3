"""A data-parallel script without a seed. Its module defines a loss Cell without parameters,
which cannot show different initial values; the network it trains takes the script's arguments."""

import argparse

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


class SoftmaxLoss(nn.Cell):
    def __init__(self):
        super().__init__()
        self.loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def construct(self, logits, labels):
        return self.loss(logits, labels)


class Net(nn.Cell):
    def __init__(self, width, classes=10):
        super().__init__()
        self.fc = nn.Dense(width, classes)

    def construct(self, x):
        return self.fc(x)


parser = argparse.ArgumentParser()
parser.add_argument("--width", type=int, default=8)


def main():
    args = parser.parse_args()
    init()  # [flagged]
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    loss = SoftmaxLoss()
    net = Net(args.width, classes=4)
    optimizer = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    return ms.train.Model(net, loss_fn=loss, optimizer=optimizer)
