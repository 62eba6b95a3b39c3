"""Model objects reached through attributes, subclasses and constants; things that are not Models."""
# pylint: disable=missing-docstring,too-few-public-methods

import mindspore
from mindspore import nn
from mindspore.train import Model

SINK_STEPS = 2 * 100


class MyModel(Model):
    pass


class Trainer:
    def __init__(self, net):
        self.model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))

    def run(self, dataset):
        self.model.train(10, dataset, sink_size=SINK_STEPS)  # [dataset-sink-size-ignored]


def subclass(net, dataset):
    model = MyModel(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    model.train(10, dataset, sink_size=50)  # [dataset-sink-size-ignored]


def full_path(net, dataset):
    mindspore.train.Model(net).fit(3, dataset, None, 1, None, False, False, 10)  # [dataset-sink-size-ignored]


class OtherTrainer:
    def train(self, epochs, dataset, sink_size=1):
        return epochs, dataset, sink_size


def not_a_model(dataset, model):
    OtherTrainer().train(10, dataset, sink_size=50)
    model.train(10, dataset, sink_size=50)  # a parameter: could be anything


def unknown_values(net, dataset, args, **kwargs):
    model = Model(net)
    model.train(10, dataset, sink_size=args.sink_size)  # may be -1
    model.train(10, dataset, sink_size=dataset.get_dataset_size())  # the whole dataset anyway
    model.train(10, dataset, dataset_sink_mode=args.sink, sink_size=50)  # the mode is not known
    model.train(10, dataset, sink_size=50, **kwargs)  # the mode may be in kwargs
    model.build(dataset, sink_size=50)  # build sinks by default
