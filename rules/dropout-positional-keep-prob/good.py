"""Dropout written for MindSpore: p by keyword, keep_prob meant as such, or APIs that take p first."""

import mindspore.nn as nn
import torch.nn
from mindspore import mint, ops


class Classifier(nn.Cell):
    def __init__(self, dropout_rate, keep_prob=0.9, dropout=0.8):
        super().__init__()
        self.fc = nn.Dense(256, 10)
        self.dropout = nn.Dropout(p=0.1)
        # keep_prob= says what it means (api-deprecated suggests p=)
        self.legacy = nn.Dropout(keep_prob=0.9)  # pylint: disable=api-deprecated
        self.kept = nn.Dropout(keep_prob)  # the name says what it is
        self.old_style = nn.Dropout(0.9)  # MindSpore 1.x: keep 90%
        self.complement = nn.Dropout(1 - dropout_rate)  # PyTorch's p converted
        self.default_high = nn.Dropout(dropout)  # a default of 0.8 is a keep probability
        self.half = nn.Dropout(0.5)  # the same either way
        self.mint_dropout = mint.nn.Dropout(0.1)  # mint follows PyTorch: p
        self.torch_dropout = torch.nn.Dropout(0.1)  # PyTorch's own

    def construct(self, x):
        x = ops.dropout(x, p=0.1, training=self.training)
        return self.fc(self.dropout(x))
