"""Recursive aliases, self-inheritance and self-referencing containers."""
from mindspore import nn

a = b = None
a = b
b = a


class Loop(Loop):  # noqa: F821
    def __init__(self):
        self.layers = [Loop(), self]


class Node(nn.Cell):
    def __init__(self, depth):
        super().__init__()
        self.children_ = [Node(depth - 1) for _ in range(2)] if depth else []
        self.me = [self]

    def construct(self, x):
        return x


def factory():
    return factory()


class Holder(nn.Cell):
    def __init__(self):
        super().__init__()
        self.made = [factory(), factory()]
