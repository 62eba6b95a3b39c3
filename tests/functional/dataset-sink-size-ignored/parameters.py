"""A model that is a parameter: what every call of the function in its module passes."""
# pylint: disable=missing-docstring

from mindspore import nn
from mindspore.train import Model


def fit(model, dataset):
    model.train(10, dataset, sink_size=100)  # [dataset-sink-size-ignored]


def fit_any(model, dataset):
    model.train(10, dataset, sink_size=100)  # one caller passes something the code does not show


def main(net, dataset, other):
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    fit(model, dataset)
    fit(Model(net), dataset)
    fit_any(model, dataset)
    fit_any(other, dataset)
