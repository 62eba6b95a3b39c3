"""A sink size that is a parameter: what every call of the function in its module gives it, or its default."""
# pylint: disable=missing-docstring

from mindspore import nn
from mindspore.train import Model


def fit(model, dataset, steps=100):
    model.train(10, dataset, dataset_sink_mode=False, sink_size=steps)  # [dataset-sink-size-ignored]


def fit_whole(model, dataset, steps=-1):
    model.train(10, dataset, dataset_sink_mode=False, sink_size=steps)  # the default: the whole dataset


def fit_mixed(model, dataset, steps=100):
    model.train(10, dataset, dataset_sink_mode=False, sink_size=steps)  # one caller asks for the whole dataset


def fit_unknown(model, dataset, steps=100):
    model.train(10, dataset, dataset_sink_mode=False, sink_size=steps)  # one caller passes what the code does not show


def fit_uncalled(model, dataset, steps=100):
    model.train(10, dataset, dataset_sink_mode=False, sink_size=steps)  # no caller in the program shows the size


def fit_passed_around(model, dataset, steps=100):
    model.train(10, dataset, dataset_sink_mode=False, sink_size=steps)  # called where the code does not show


def main(net, dataset, size, runners):
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    fit(model, dataset)
    fit(model, dataset, 100)
    fit_whole(model, dataset)
    fit_mixed(model, dataset)
    fit_mixed(model, dataset, steps=-1)
    fit_unknown(model, dataset)
    fit_unknown(model, dataset, size)
    fit_passed_around(model, dataset)
    runners.append(fit_passed_around)
