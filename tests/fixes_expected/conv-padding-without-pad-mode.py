"""Convolutions ported from PyTorch: padding without pad_mode="pad"."""

import mindspore.nn as nn


class Stem(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, 3, pad_mode="pad", padding=1)  # [conv-padding-without-pad-mode]
        self.conv2 = nn.Conv2d(64, 64, 3, 1, pad_mode="pad", padding=1)  # [conv-padding-without-pad-mode]
        self.conv3 = nn.Conv1d(64, 64, 3, pad_mode="pad", padding=1)  # [conv-padding-without-pad-mode]
        self.up = nn.Conv2dTranspose(64, 32, 4, stride=2, pad_mode="pad", padding=(1, 1, 1, 1))  # [conv-padding-without-pad-mode]

    def construct(self, x):
        return self.up(self.conv3(self.conv2(self.conv1(x))))
