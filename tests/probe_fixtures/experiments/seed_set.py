"""The same script with a global seed set at import."""

import mindspore as ms
from mindspore import nn
from mindspore.communication import init

ms.set_seed(1)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(8, 4)

    def construct(self, x):
        return self.fc(x)


def main():
    init()  # [flagged]
    net = Net()
    optimizer = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    return ms.train.Model(net, nn.MSELoss(), optimizer)
