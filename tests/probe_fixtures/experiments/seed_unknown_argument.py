"""A data-parallel script without a seed whose network takes a value known only when it runs."""

import os

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


def main():
    init()  # [flagged]
    width = int(os.environ["WIDTH"])
    net = Net(width)
    network = nn.TrainOneStepCell(nn.WithLossCell(net, SoftmaxLoss()), nn.Adam(net.trainable_params()))
    return network
