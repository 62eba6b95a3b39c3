"""Which receivers are proven MindSpore Cells, and which user classes may add the method."""

import torch
from mindspore import nn
from thirdparty import Mixin  # pylint: disable=import-error


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 2)
        self.layers = nn.CellList([nn.Dense(2, 2), nn.ReLU()])

    def construct(self, x):
        return self.fc(x)

    def switch(self):
        self.fc.eval()  # [pytorch-method-on-cell-or-tensor]
        self.named_children()  # [pytorch-method-on-cell-or-tensor]
        self.add_module("head", nn.Dense(2, 2))  # [pytorch-method-on-cell-or-tensor]
        for layer in self.layers:
            layer.eval()  # an element of a container: not followed

    def nested(self):
        def inner():
            return self.modules()  # [pytorch-method-on-cell-or-tensor]

        return inner


class Trainable(nn.Cell):
    """A base class that defines train(): every subclass has it."""

    def train(self, mode=True):
        return self.set_train(mode)


class Child(Trainable):
    def run(self):
        self.train()
        self.eval()  # [pytorch-method-on-cell-or-tensor]


class Base(nn.Cell):
    def run(self):
        self.eval()  # a subclass in this file defines eval()


class Derived(Base):
    def eval(self):
        return self.set_train(False)


class Holder(nn.Cell):
    def __init__(self):
        super().__init__()
        self.train = nn.Dense(2, 2)  # a sub-Cell named train

    def run(self, x):
        return self.train(x)


class Dynamic(nn.Cell):
    def __getattr__(self, name):
        return super().__getattr__(name)

    def run(self):
        return self.cuda()


class Mixed(Mixin, nn.Cell):
    def run(self):
        return self.eval()  # Mixin cannot be read: it may define eval()


class Plain:
    def eval(self):
        return self


def use():
    Plain().eval()
    model = torch.nn.Linear(2, 2)
    model.eval()
    model.cuda()
    Block().eval()  # [pytorch-method-on-cell-or-tensor]
    Derived().eval()
    Holder().train(1)
    Mixed().eval()
    seq = nn.SequentialCell([nn.Dense(2, 2)])
    seq.parameters()  # [pytorch-method-on-cell-or-tensor]
    seq.named_parameters()  # [pytorch-method-on-cell-or-tensor]
    seq.requires_grad_(False)  # [pytorch-method-on-cell-or-tensor]
    seq.to("cpu")
    seq.state_dict()
    return seq.buffers()


def unknown(net):
    net.eval()  # an argument: nothing proves it is a Cell
