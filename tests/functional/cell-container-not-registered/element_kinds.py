"""What the elements are decides: parameters certain (HIGH), unknown (INFERENCE), or none (silent)."""
# pylint: disable=too-few-public-methods

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


class Passthrough(nn.Cell):
    """Whether it holds parameters depends on what it is given."""

    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def construct(self, x):
        return self.inner(x)


class Scale(nn.Cell):
    """Owns a Parameter directly."""

    def __init__(self):
        super().__init__()
        self.weight = ms.Parameter(Tensor(np.ones(1), ms.float32), name="weight")


class NoWeights(nn.Cell):
    def __init__(self):
        super().__init__()
        self.act = nn.ReLU()
        self.flag = True


def conv_bn(channels):
    """A factory whose result holds parameters."""
    return nn.SequentialCell([nn.Conv2d(channels, channels, 3), nn.BatchNorm2d(channels)])


class Anchors:
    """A plain Python helper object."""


class Net(nn.Cell):
    def __init__(self, inner):
        super().__init__()
        self.wrapped = [Passthrough(inner), Passthrough(inner)]  # [cell-container-not-registered]
        self.scales = [Scale(), Scale()]  # [cell-container-not-registered]
        self.factories = [conv_bn(8), conv_bn(16)]  # [cell-container-not-registered]
        self.quiet = [NoWeights(), NoWeights()]
        self.anchors = [Anchors(), Anchors()]
        self.ops = [ops.Add(), ops.ReduceMean(keep_dims=True)]
        self.constants = [Tensor(np.ones(2)), ms.float16, "name", 3]
        self.given = [inner]
        self.cached = []

    def construct(self, x):
        self.cached.append(x)
        return x
