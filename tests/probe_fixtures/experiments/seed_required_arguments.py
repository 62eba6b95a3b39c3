"""A data-parallel training script without a seed that parses its command line when imported, with
required arguments: run with none, argparse exits before the network can be found."""

import argparse

import mindspore as ms
from mindspore import nn
from mindspore.communication import init

parser = argparse.ArgumentParser()
parser.add_argument("--data_url", required=True, type=str)
parser.add_argument("--width", type=int, default=8)
parser.add_argument("--classes", type=int, required=True)
args = parser.parse_args()


class Net(nn.Cell):
    def __init__(self, width):
        super().__init__()
        self.fc = nn.Dense(width, 4)

    def construct(self, x):
        return self.fc(x)


init()  # [flagged]
ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
net = Net(args.width)
model = ms.train.Model(net, loss_fn=nn.MSELoss(), optimizer=nn.Momentum(net.trainable_params(), 0.01, 0.9))
