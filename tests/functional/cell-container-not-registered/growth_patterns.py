"""Containers grown after their assignment, in the same or another method."""

from mindspore import nn


class AugmentedList(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = []  # [cell-container-not-registered]
        self.layers += [nn.Dense(4, 4)]


class ExtendedList(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers: list = []  # [cell-container-not-registered]
        self.layers.extend([nn.Dense(4, 4), nn.ReLU()])


class BuiltInAnotherMethod(nn.Cell):
    def __init__(self):
        super().__init__()
        self.heads = {}  # [cell-container-not-registered]
        self.build()

    def build(self):
        self.heads["cls"] = nn.Dense(4, 10)


class LocalListInLoop(nn.Cell):
    def __init__(self, depth):
        super().__init__()
        stages = []
        for index in range(depth):
            conv = nn.Conv2d(8, 8, 3)
            stages.append(conv)
            del index
        self.stages = stages  # [cell-container-not-registered]


class InsertedAtFront(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = [nn.ReLU()]  # [cell-container-not-registered]
        self.layers.insert(0, nn.BatchNorm2d(4))


class OnlyReadLater(nn.Cell):
    """Reading the list (len, iteration, indexing) registers nothing."""

    def __init__(self):
        super().__init__()
        self.layers = [nn.Dense(4, 4)] * 3  # not a literal: the product is not followed
        self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]  # [cell-container-not-registered]
        self.depth = len(self.blocks)

    def construct(self, x):
        for block in self.blocks:
            x = block(x)
        return x
