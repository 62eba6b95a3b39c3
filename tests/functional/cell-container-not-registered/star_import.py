"""Names from ``from mindspore.nn import *`` resolve the same with or without MindSpore installed."""
# pylint: disable=wildcard-import,unused-wildcard-import

from mindspore.nn import *


class Net(Cell):
    def __init__(self):
        super().__init__()
        self.layers = [Dense(2, 2), ReLU()]  # [cell-container-not-registered]
