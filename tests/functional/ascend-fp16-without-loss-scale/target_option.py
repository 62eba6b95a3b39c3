"""The device target comes from the option (target_option.rc); a user Conv subclass and ops.Sort count."""
# pylint: disable=missing-function-docstring,missing-class-docstring

import mindspore as ms
from mindspore import nn, ops


class MyConv(nn.Conv2d):
    pass


def build(loss_fn, optimizer):
    net = nn.SequentialCell([MyConv(3, 8, 3), nn.Flatten()])
    sorter = ops.Sort()
    return ms.Model(net, loss_fn, optimizer, amp_level="O3"), sorter  # [ascend-fp16-without-loss-scale]
