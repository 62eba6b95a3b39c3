"""Communication init through a module alias, training through a TrainOneStepCell subclass in data parallel mode."""
# pylint: disable=missing-function-docstring,missing-class-docstring

import mindspore.communication as comm
from mindspore import context, nn


class TrainStep(nn.TrainOneStepCell):
    pass


comm.init()  # [distributed-training-without-seed]
NET = nn.Dense(2, 2)
STEP = TrainStep(NET, nn.SGD(NET.trainable_params()))
context.set_auto_parallel_context(parallel_mode=context.ParallelMode.DATA_PARALLEL)
