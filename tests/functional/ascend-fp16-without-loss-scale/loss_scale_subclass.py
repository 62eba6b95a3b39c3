"""A user subclass of TrainOneStepWithLossScaleCell is loss scaling."""
# pylint: disable=missing-function-docstring,missing-class-docstring

import mindspore as ms
from mindspore import nn

ms.set_device("Ascend")


class TrainStep(nn.TrainOneStepWithLossScaleCell):
    pass


def build(loss_fn, optimizer, scale_sense):
    net = nn.SequentialCell([nn.Conv2d(3, 8, 3), nn.Flatten()])
    net.to_float(ms.float16)
    TrainStep(nn.WithLossCell(net, loss_fn), optimizer, scale_sense)
    return nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
