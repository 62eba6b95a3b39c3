"""Communication init through a module alias, training through a TrainOneStepCell subclass."""
# pylint: disable=missing-function-docstring,missing-class-docstring

import mindspore.communication as comm
from mindspore import nn


class TrainStep(nn.TrainOneStepCell):
    pass


comm.init()  # [distributed-training-without-seed]
NET = nn.Dense(2, 2)
STEP = TrainStep(NET, nn.SGD(NET.trainable_params()))
