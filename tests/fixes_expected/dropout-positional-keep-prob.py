"""Dropout layers ported from PyTorch: the positional argument is PyTorch's drop probability."""

import mindspore.nn as nn

DROPOUT = 0.2


class Classifier(nn.Cell):
    def __init__(self, attn_drop, proj_drop=0.1):
        super().__init__()
        self.fc = nn.Dense(256, 10)
        self.dropout = nn.Dropout(p=0.1)  # [dropout-positional-keep-prob]
        self.head_dropout = nn.Dropout(p=DROPOUT)  # [dropout-positional-keep-prob]
        self.attn_drop = nn.Dropout(p=attn_drop)  # [dropout-positional-keep-prob]
        self.proj_drop = nn.Dropout(p=proj_drop)  # [dropout-positional-keep-prob]

    def construct(self, x):
        return self.fc(self.dropout(x))


def no_dropout():
    return nn.Dropout(p=0.0)  # [dropout-positional-keep-prob]
