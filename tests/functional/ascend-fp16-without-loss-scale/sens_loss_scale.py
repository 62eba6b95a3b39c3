"""TrainOneStepCell(sens=...) scales the loss by a fixed factor."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn

ms.set_device("Ascend")


def build(loss_fn, optimizer):
    net = nn.SequentialCell([nn.Conv2d(3, 8, 3), nn.Flatten()])
    net.to_float(ms.float16)
    return nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer, sens=1024.0)
