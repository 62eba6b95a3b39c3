"""Code written for 2.0 (see the .rc): the 2.0 changes happened before it, the 2.1 one after."""
from mindspore import nn


def build():
    return nn.Conv2d(3, 8, 3), nn.BCELoss()  # [api-default-changed]
