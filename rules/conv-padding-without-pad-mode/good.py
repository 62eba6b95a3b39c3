"""Convolutions that pad the MindSpore way, or follow PyTorch's signature."""

import mindspore.nn as nn
import torch.nn
from mindspore import mint


class Stem(nn.Cell):
    def __init__(self, padding):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, 3, pad_mode="pad", padding=1)
        self.conv2 = nn.Conv2d(64, 64, 3, 1, "pad", 1)
        self.same = nn.Conv2d(64, 64, 3)  # pads "same" by default
        self.zero = nn.Conv2d(64, 64, 3, pad_mode="valid", padding=0)
        self.unknown = nn.Conv2d(64, 64, 3, padding=padding)  # the value is not known
        self.mint_conv = mint.nn.Conv2d(64, 64, 3, padding=1)  # mint follows PyTorch
        self.torch_conv = torch.nn.Conv2d(64, 64, 3, 1, 1)

    def construct(self, x):
        return self.conv2(self.conv1(x))
