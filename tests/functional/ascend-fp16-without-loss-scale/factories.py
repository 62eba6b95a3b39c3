"""Networks from factories of this module are followed; a network received as an argument is not."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn

ms.set_device("Ascend")


def build_half():
    net = nn.SequentialCell([nn.Conv2d(3, 8, 3), nn.Flatten()])
    net.to_float(ms.float16)
    return net


def build_plain():
    return nn.SequentialCell([nn.Conv2d(3, 8, 3), nn.Flatten()])


def train(loss_fn, optimizer, given_net):
    net = build_half()
    nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)  # [ascend-fp16-without-loss-scale]
    nn.TrainOneStepCell(nn.WithLossCell(build_plain(), loss_fn), optimizer)
    nn.TrainOneStepCell(nn.WithLossCell(given_net, loss_fn), optimizer)  # [ascend-fp16-without-loss-scale]
    nn.TrainOneStepCell(nn.WithLossCell(given_net, loss_fn), optimizer)
