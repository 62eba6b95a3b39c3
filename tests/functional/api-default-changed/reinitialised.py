"""Code written for 1.8 (see the .rc) that sets some weights itself: only those defaults stop mattering.

A loop over cells sets a class of layer everywhere in the program (every Conv2d here); `self.<layer>.<weight>`
only that layer's."""
from mindspore import nn
from mindspore.common.initializer import HeNormal, Normal, initializer


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.fc = nn.Dense(8, 4)  # [api-default-changed]
        self.loss = nn.BCELoss()  # [api-default-changed]
        for _, cell in self.cells_and_names():
            if isinstance(cell, nn.Conv2d):
                cell.weight.set_data(initializer(HeNormal(), cell.weight.shape))


class Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(8, 8)
        self.out = nn.Dense(8, 2)  # [api-default-changed]
        self.proj = nn.Dense(8, 2)  # [api-default-changed]
        self.fc.weight.set_data(initializer(Normal(0.01), self.fc.weight.shape))
        self.fc.bias.set_data(initializer("zeros", self.fc.bias.shape))
        self.out.weight.set_data(initializer(Normal(0.01), self.out.weight.shape))


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(8, 8, 3)  # [api-default-changed]
        self.conv3d = nn.Conv3d(8, 8, 3)
        initialize_weights(self)  # a helper of the file: it sets Conv3d layers only


def initialize_weights(net):
    for cell in net.cells():
        if isinstance(cell, nn.Conv3d):
            cell.weight.set_data(initializer(Normal(0.02), cell.weight.shape))
