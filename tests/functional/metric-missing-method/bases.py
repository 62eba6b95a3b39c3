"""Metric bases spelled every way; bases ms_lint cannot see through stay silent."""
# pylint: disable=missing-docstring,too-few-public-methods

import mindspore as ms
from mindspore import nn
from mindspore.nn.metrics import Metric as OldMetric
from some_library import MetricMixin


class ViaNn(nn.Metric):
    def clear(self):
        pass

    def update(self, *inputs):
        pass


class ViaTrain(ms.train.Metric):
    def clear(self):
        pass

    def eval(self):
        return 0


class ViaShim(OldMetric):
    clear = update = eval = None


class WithMixin(MetricMixin, nn.Metric):  # the mixin may define eval
    def clear(self):
        pass


def add_eval(cls):
    cls.eval = lambda self: 0
    return cls


@add_eval
class Decorated(nn.Metric):
    def clear(self):
        pass

    def update(self, *inputs):
        pass


class Abstract(nn.Metric):  # never created: silent
    def clear(self):
        pass


def build():
    return [
        ViaNn(),  # [metric-missing-method]
        ViaTrain(),  # [metric-missing-method]
        ViaShim(),
        WithMixin(),
        Decorated(),
    ]
