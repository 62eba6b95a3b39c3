"""PyTorch imported as nn in a file that also uses MindSpore: its names are PyTorch's."""

import mindspore as ms
import torch.nn as nn
from torch.nn import Module


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(2, 2), nn.Hardswish())


def run(x):
    return ms.Tensor(x), Module
