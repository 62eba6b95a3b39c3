"""MindSpore 1.x: dataset sink mode was on by default, so only an explicit False is reported."""
# pylint: disable=missing-docstring

from mindspore import nn
from mindspore.train import Model


def train(net, dataset):
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    model.train(10, dataset, sink_size=50)
    model.train(10, dataset, dataset_sink_mode=False, sink_size=50)  # [dataset-sink-size-ignored]
