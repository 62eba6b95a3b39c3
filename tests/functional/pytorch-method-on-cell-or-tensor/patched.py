"""A program that adds PyTorch's methods to MindSpore's classes itself (a migration adapter) has them."""

import mindspore
from mindspore import Tensor, nn


def add_module(obj, name, module):
    setattr(obj, name, module)


def cuda(obj):
    return obj


mindspore.nn.Cell.add_module = add_module
setattr(Tensor, "cuda", cuda)


def build(x):
    net = nn.SequentialCell(nn.Dense(2, 2))
    net.add_module("head", nn.Dense(2, 2))  # the program adds it to every Cell
    net.eval()  # [pytorch-method-on-cell-or-tensor]
    y = Tensor(x)
    y.cuda()  # added by setattr
    return y.cpu()  # [pytorch-method-on-cell-or-tensor]
