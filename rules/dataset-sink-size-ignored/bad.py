"""sink_size given to Model.train while dataset sink mode is off: every epoch runs the whole dataset."""

import mindspore as ms
from mindspore import nn
from mindspore.train import Model


def train(dataset):
    net = nn.Dense(32, 10)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    # Written for MindSpore 1.x, where sink mode was the default: since 2.0 it is off.
    model.train(100, dataset, sink_size=500)  # [dataset-sink-size-ignored]


def train_without_sinking(dataset, callbacks):
    net = nn.Dense(32, 10)
    model = ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params()))
    model.train(20, dataset, callbacks, False, 100)  # [dataset-sink-size-ignored]
    model.fit(20, dataset, dataset_sink_mode=False, sink_size=100)  # [dataset-sink-size-ignored]


def fit(model, dataset, steps_per_epoch=500):
    model.train(20, dataset, dataset_sink_mode=False, sink_size=steps_per_epoch)  # [dataset-sink-size-ignored]


def main(dataset):
    net = nn.Dense(32, 10)
    fit(Model(net, nn.MSELoss(), nn.SGD(net.trainable_params())), dataset)
