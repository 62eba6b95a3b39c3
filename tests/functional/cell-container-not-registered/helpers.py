"""Elements built by helpers of the linted code: followed into what they return."""
# pylint: disable=too-few-public-methods

import mindspore as ms
from mindspore import Parameter, Tensor, nn


class Bottleneck(nn.Cell):
    def __init__(self, width):
        super().__init__()
        self.conv = nn.Conv2d(width, width, 1)

    def construct(self, x):
        return self.conv(x)


def conv_bn(width):
    """Several returns, every one a Cell with parameters."""
    if width > 64:
        return Bottleneck(width)
    block = nn.SequentialCell([nn.Conv2d(width, width, 3), nn.BatchNorm2d(width)])
    return block


def conv_list(width):
    """Returns a plain list, not a Cell."""
    return [nn.Conv2d(width, width, 3), nn.BatchNorm2d(width)]


def passthrough(cell):
    """Returns whatever it is given."""
    return cell


def maybe_conv(width):
    """A Cell on one path, None on the other."""
    if width:
        return nn.Conv2d(width, width, 3)
    return None


def activation():
    return nn.SequentialCell([nn.ReLU(), nn.Sigmoid()])


class ResNetWithBlockClass(nn.Cell):
    """The block class is an argument: its Cells' parameters are unknown (INFERENCE)."""

    def __init__(self, block, widths):
        super().__init__()
        self.stages = [self._make_layer(block, width) for width in widths]  # [cell-container-not-registered]

    def _make_layer(self, block, width):
        layers = [block(width), block(width)]
        return nn.SequentialCell(*layers)


class StaticAndModuleHelpers(nn.Cell):
    def __init__(self):
        super().__init__()
        self.heads = [self._head(8), self._head(16)]  # [cell-container-not-registered]
        self.necks = []  # [cell-container-not-registered]
        self.necks += [conv_bn(8), conv_bn(128)]
        self.scales = [self._scale(i) for i in range(3)]  # [cell-container-not-registered]

    @staticmethod
    def _head(width):
        return nn.Dense(width, 10)

    def _scale(self, index):
        return Parameter(Tensor([1.0], ms.float32), name=f"scale{index}")


class NotShownToBeCells(nn.Cell):
    """No HIGH finding for a helper that returns a list, an unknown value, or a Cell or None."""

    def __init__(self, given):
        super().__init__()
        self.lists = [conv_list(8), conv_list(16)]
        self.given = [passthrough(given), passthrough(given)]
        self.optional = [maybe_conv(8), maybe_conv(0)]  # [cell-container-not-registered]
        self.acts = [activation(), activation()]
        self.outputs = []

    def construct(self, x):
        self.outputs.append(self._forward(x))
        return x

    def _forward(self, x):
        return x * 2
