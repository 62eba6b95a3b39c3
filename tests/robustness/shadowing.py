"""Names that look like MindSpore but are not, and MindSpore names rebound."""
import mindspore
import mindspore.nn as nn

mindspore = None
nn = nn.Dense
Cell = object
ops = {"relu": max}


class NotReally(Cell):
    def forward(self, x):
        return x


class Rebound(nn):
    def __init__(self):
        self.layers = [nn(2, 2)]


def set_context(mode):
    return mode


set_context(mode=0)
