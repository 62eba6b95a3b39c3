"""Code written for 1.8 (see the .rc) that sets its weights itself: the initialisers' defaults do not matter."""
from mindspore import nn
from mindspore.common.initializer import HeNormal, initializer


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.loss = nn.BCELoss()  # [api-default-changed]
        for _, cell in self.cells_and_names():
            if isinstance(cell, nn.Conv2d):
                cell.weight.set_data(initializer(HeNormal(), cell.weight.shape))


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 8, 3)
        initialize_weights(self.conv, 0.1)  # a project helper: it sets the weights


def initialize_weights(cell, scale):
    return cell, scale
