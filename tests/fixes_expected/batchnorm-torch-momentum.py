"""BatchNorm layers ported from PyTorch with PyTorch's momentum."""

import mindspore.nn as nn

BN_MOMENTUM = 0.01


class Block(nn.Cell):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3)
        self.bn = nn.BatchNorm2d(channels, momentum=0.9)  # [batchnorm-torch-momentum]
        self.bn1d = nn.BatchNorm1d(channels, 1e-5, 0.97)  # [batchnorm-torch-momentum]
        self.bn3d = nn.BatchNorm3d(channels, momentum=1 - BN_MOMENTUM)  # [batchnorm-torch-momentum]

    def construct(self, x):
        return self.bn(self.conv(x))
