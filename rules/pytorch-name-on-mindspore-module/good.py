"""MindSpore's own names, mint's PyTorch-style names, and PyTorch itself where it is imported."""

import torch.nn as tnn
from mindspore import mint, nn, ops


def build_head(channels):
    return nn.SequentialCell(
        nn.Conv2dTranspose(channels, channels, 2),
        nn.HSwish(),
    )


def blocks(count):
    return nn.CellList([nn.Dense(4, 4) for _ in range(count)])


def activate(x):
    return ops.ReLU()(x) + ops.relu(x) + mint.nn.functional.relu(x)


def mint_layers():
    return mint.nn.Linear(4, 4), nn.Linear(4, 4)  # both exist in MindSpore 2.10


def torch_module():
    return tnn.Sequential(tnn.Linear(4, 4))  # PyTorch's own nn
