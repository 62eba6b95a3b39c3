"""BatchNorm momentum in MindSpore's sense, and BatchNorm layers that follow PyTorch's."""

import mindspore.nn as nn
import torch.nn
from mindspore import mint


class Block(nn.Cell):
    def __init__(self, channels, momentum):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3)
        self.bn = nn.BatchNorm2d(channels, momentum=0.9)
        self.converted = nn.BatchNorm2d(channels, momentum=1 - 0.1)  # PyTorch's 0.1 converted
        self.default = nn.BatchNorm2d(channels)
        self.passed = nn.BatchNorm2d(channels, momentum=momentum)  # unknown value
        self.mint_bn = mint.nn.BatchNorm2d(channels, momentum=0.1)  # mint follows PyTorch
        self.instance = nn.InstanceNorm2d(channels, momentum=0.1)  # its momentum is PyTorch's
        self.torch_bn = torch.nn.BatchNorm2d(channels, momentum=0.1)

    def construct(self, x):
        return self.bn(self.conv(x))
