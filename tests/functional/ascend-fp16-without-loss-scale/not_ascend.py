"""GPU target in the code: silent."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn

ms.set_device("GPU")


def build(loss_fn, optimizer):
    net = nn.SequentialCell([nn.Conv2d(3, 8, 3), nn.Flatten()])
    return ms.Model(net, loss_fn, optimizer, amp_level="O3")
