"""sink_size together with dataset sink mode, or a whole epoch per epoch without it."""

from mindspore import nn
from mindspore.train import Model

STEPS_PER_EPOCH = 500


def train_sinking(dataset):
    net = nn.Dense(32, 10)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    # Sink mode on (graph mode on Ascend or GPU): each "epoch" is STEPS_PER_EPOCH steps.
    model.train(100, dataset, dataset_sink_mode=True, sink_size=STEPS_PER_EPOCH)


def train_whole_epochs(dataset):
    net = nn.Dense(32, 10)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    model.train(100, dataset)
    model.train(100, dataset, sink_size=-1)  # -1: the whole dataset, the same with or without sinking
