"""A @staticmethod (or a plain method) helper; classmethods used from Python code only."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Swish(nn.Cell):
    @staticmethod
    def swish(x):
        return x * ops.sigmoid(x)

    @classmethod
    def from_config(cls, config):
        del config
        return cls()

    def construct(self, x):
        return self.swish(x)


def build(config):
    return Swish.from_config(config)
