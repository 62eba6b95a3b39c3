"""amp_level="auto" brings no manager on Ascend (on GPU, MindSpore up to 2.2 turned it into O2)."""

import mindspore as ms
from mindspore import nn
from mindspore.train import Model

ms.set_device("Ascend")


def train(net, loss_fn, dataset):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    Model(net, loss_fn, optimizer, amp_level="auto").train(1, dataset)  # [optimizer-loss-scale-without-manager]
