"""Code written for 1.8, linted for 2.0 (see the .rc): the 2.1 change is past the target."""
from mindspore import nn


def build():
    return nn.Conv2d(3, 8, 3), nn.BCELoss()  # [api-default-changed]
