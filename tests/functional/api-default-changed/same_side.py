"""Code written for 2.2 (see the .rc): the 2.0 and 2.1 changes happened before it, the 2.4 one after."""
import mindspore.dataset as ds
from mindspore import nn


def build(source):
    return nn.Conv2d(3, 8, 3), nn.BCELoss(), ds.GeneratorDataset(source, ["x"])  # [api-default-changed]
