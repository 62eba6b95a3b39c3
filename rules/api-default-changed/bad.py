"""Code written for MindSpore 1.8 (see pylintrc), linted for 2.10."""

from mindspore import nn
from mindspore.train import Model


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 16, 3)  # [api-default-changed]
        self.fc = nn.Dense(16, 10, weight_init="normal")  # [api-default-changed]
        self.head = nn.Dense(10, 2)  # [api-default-changed]

    def construct(self, x):
        return self.head(self.fc(self.conv(x).mean((2, 3))))


def train(dataset):
    model = Model(Net(), nn.SoftmaxCrossEntropyWithLogits(sparse=True), nn.Momentum(Net().trainable_params(), 0.01, 0.9))
    model.train(10, dataset)  # [api-default-changed]
    return nn.BCELoss()  # [api-default-changed]
