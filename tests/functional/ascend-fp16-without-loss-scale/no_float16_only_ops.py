"""A network without Conv, Sort or TopK: the rule stays silent."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn

ms.set_device("Ascend")


def build(loss_fn, optimizer):
    net = nn.SequentialCell([nn.Dense(8, 8), nn.ReLU(), nn.Dense(8, 2)])
    return ms.Model(net, loss_fn, optimizer, amp_level="O3")
