"""PyTorch names looked up on MindSpore's modules."""

import mindspore as ms
from mindspore import nn, ops


def build_head(channels):
    return nn.SequentialCell(  # [pytorch-name-on-mindspore-module]
        nn.ConvTranspose2d(channels, channels, 2),  # [pytorch-name-on-mindspore-module]
        nn.HSwish(),  # [pytorch-name-on-mindspore-module]
    )


def blocks(count):
    return nn.CellList([nn.Dense(4, 4) for _ in range(count)])  # [pytorch-name-on-mindspore-module]


def activate(x):
    return ops.ReLU()(x)  # [pytorch-name-on-mindspore-module]


def predict(net, x):
    with ms.no_grad():  # [pytorch-name-on-mindspore-module]
        return net(x)
