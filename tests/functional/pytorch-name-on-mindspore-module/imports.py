"""PyTorch names through imports, aliases and attributes; names come from the file's own imports."""

import mindspore.nn.functional as F  # [pytorch-name-on-mindspore-module]
import torch.nn as tnn
from mindspore import mint, nn
from mindspore.nn import Module, Dense  # [pytorch-name-on-mindspore-module]
from mindspore.ops import functional as P


class Net(nn.Module):  # [pytorch-name-on-mindspore-module]
    def __init__(self):
        super().__init__()
        self.blocks = mint.nn.Sequential()  # [pytorch-name-on-mindspore-module]
        self.dict = nn.ModuleDict()  # [pytorch-name-on-mindspore-module]
        self.fc = nn.Linear(2, 2)
        self.mint_fc = mint.nn.Linear(2, 2)
        self.torch_seq = tnn.Sequential()
        self.init = nn.init.normal_  # [pytorch-name-on-mindspore-module]

    def construct(self, x):
        return P.normalize(x) + P.relu(x)  # [pytorch-name-on-mindspore-module]


def other_module():
    return Module, Dense, F.relu
