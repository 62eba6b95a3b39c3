"""sink_size read from an option: the defaults the program gives it decide."""
# pylint: disable=missing-docstring
import argparse

from mindspore.train import Model

parser = argparse.ArgumentParser()
parser.add_argument("--sink_size", type=int, default=100)
parser.add_argument("--sink-steps", type=int, default=-1)  # the whole dataset: nothing to ignore
parser.add_argument("--log_steps", type=int)  # no default: None, or whatever the command line gives
args = parser.parse_args()


class Config:
    data_sink_steps = 20
    sink_every = 10


class OtherConfig:
    sink_every = -1


def run(net, data, callbacks):
    model = Model(net)
    model.train(10, data, callbacks, dataset_sink_mode=False, sink_size=args.sink_size)  # [dataset-sink-size-ignored]
    model.train(10, data, callbacks, dataset_sink_mode=False, sink_size=args.sink_steps)
    model.train(10, data, callbacks, dataset_sink_mode=False, sink_size=args.log_steps)
    model.train(10, data, callbacks, dataset_sink_mode=False, sink_size=Config.data_sink_steps)  # [dataset-sink-size-ignored]
    model.train(10, data, callbacks, dataset_sink_mode=False, sink_size=Config.sink_every)  # one default is -1
    model.train(10, data, callbacks, dataset_sink_mode=False, sink_size=args.unknown_option)
    model.train(10, data, callbacks, dataset_sink_mode=True, sink_size=args.sink_size)


class Trainer:
    def __init__(self, net, cfg):
        self.model = Model(net)
        self.cfg = cfg
        self.sink_size = cfg.sink_size

    def fit(self, data):
        self.model.train(10, data, dataset_sink_mode=False, sink_size=self.cfg.sink_size)  # [dataset-sink-size-ignored]
        self.model.train(10, data, dataset_sink_mode=False, sink_size=self.cfg.sink_every)  # one default is -1
        self.model.train(10, data, dataset_sink_mode=False, sink_size=self.sink_size)  # the object's own attribute
