"""A base that cannot be read: reported only when it comes after nn.Cell in the MRO."""
# pylint: disable=too-few-public-methods,import-error

from mindspore import nn
from torch_port_helpers import ConfigMixin, HookMixin, PortedModule


class MixinAfterCell(nn.Cell, ConfigMixin):
    def forward(self, x):  # [forward-without-construct]
        return x


class TwoMixinsAfterCell(nn.Cell, ConfigMixin, HookMixin):
    def forward(self, x):  # [forward-without-construct]
        return x


class Base(nn.Cell, ConfigMixin):
    pass


class FromShadowedBase(Base):
    def forward(self, x):  # [forward-without-construct]
        return x


class MixinFirst(ConfigMixin, nn.Cell):
    """ConfigMixin comes before nn.Cell: it may define construct(), or be a Cell itself."""

    def forward(self, x):
        return x


class AfterAUserCell(Base, PortedModule):
    """PortedModule may be a Cell subclass with construct(), placed before nn.Cell."""

    def forward(self, x):
        return x


class AfterALayer(nn.Dense, ConfigMixin):
    """nn.Dense defines construct()."""

    def forward(self, x):
        return x


class OnlyUnknown(PortedModule):
    """Nothing shows that this is a Cell."""

    def forward(self, x):
        return x


class WithConstruct(Base):
    def construct(self, x):
        return self.forward(x)

    def forward(self, x):
        return x
