"""Imports of every shape, including ones that cannot be resolved."""
from . import *  # noqa: F403
from .. import sibling  # noqa: F401
from .missing_module import Something  # noqa: F401
from ...too.far.up import Thing  # noqa: F401
import mindspore.nn.layer.conv as conv
from mindspore.nn import *  # noqa: F403
from mindspore.ops import operations as P, functional as F
import not_installed_package.sub as nip

__import__("mindspore")


class UsesUnknown(nip.Base):
    def forward(self, x):
        return x


class FromWildcard(Cell):  # noqa: F405
    def __init__(self):
        super().__init__()
        self.convs = [conv.Conv2d(1, 1, 1), Something(), Thing()]
        self.prims = [P.Add(), F.relu]
