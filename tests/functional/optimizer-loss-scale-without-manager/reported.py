"""Optimizers built with a constant loss_scale, trained by steps that never scale the loss."""

import mindspore
import mindspore.nn as msnn
from mindspore import amp, nn
from mindspore.nn import Momentum
from mindspore.train import Model

LOSS_SCALE = 2 ** 10


def make_optimizer(params):
    optimizer = nn.SGD(params, learning_rate=1e-3, loss_scale=LOSS_SCALE)
    return optimizer


def from_a_helper(net, loss_fn, dataset):
    optimizer = make_optimizer(net.trainable_params())
    model = Model(net, loss_fn, optimizer=optimizer)  # [optimizer-loss-scale-without-manager]
    model.train(1, dataset)


def inline_and_aliased(net, loss_fn, dataset):
    Model(net, loss_fn, Momentum(net.trainable_params(), 0.1, 0.9, 0.0, 128.0)).train(1, dataset)  # [optimizer-loss-scale-without-manager]


def module_alias(net, loss_fn, dataset):
    optimizer = msnn.SGD(net.trainable_params(), 0.1, loss_scale=LOSS_SCALE / 8)
    model = mindspore.Model(net, loss_fn, optimizer, amp_level="O3")  # [optimizer-loss-scale-without-manager]
    model.train(1, dataset)


def manager_taken_away(net, loss_fn):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    return amp.build_train_network(net, optimizer, loss_fn, level="O2", loss_scale_manager=None)  # [optimizer-loss-scale-without-manager]


def sens_of_one(net_with_loss):
    optimizer = nn.Momentum(net_with_loss.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    step = nn.TrainOneStepCell(net_with_loss, optimizer, sens=1.0)  # [optimizer-loss-scale-without-manager]
    step.set_train()
    return step


def model_returned(net, loss_fn):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    print(optimizer.get_lr())
    return Model(net, loss_fn, optimizer)  # [optimizer-loss-scale-without-manager]


def cell_built_but_model_trains(net_with_loss, dataset):
    # The training cell is only configured, never run: only the Model that trains is reported.
    optimizer = nn.Momentum(net_with_loss.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    train_net = nn.TrainOneStepCell(net_with_loss, optimizer)
    train_net.set_train()
    Model(net_with_loss, optimizer=optimizer).train(1, dataset)  # [optimizer-loss-scale-without-manager]


class Trainer:
    def __init__(self, net, loss_fn):
        self.net = net
        self.optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
        self.model = Model(net, loss_fn, self.optimizer)  # [optimizer-loss-scale-without-manager]

    def learning_rate(self):
        return self.optimizer.get_lr()
