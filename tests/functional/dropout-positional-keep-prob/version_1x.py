"""MindSpore 1.x has no p: the rule does not apply."""

from mindspore import nn

LAYER = nn.Dropout(0.1)
