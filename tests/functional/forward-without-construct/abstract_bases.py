"""An abstract forward its subclasses implement is no ported computation: the subclasses are judged."""
import abc

from mindspore import nn


class Backbone(nn.Cell):
    """Subclasses implement the computation."""

    def forward(self, x):
        raise NotImplementedError


class Head(nn.Cell, metaclass=abc.ABCMeta):
    @abc.abstractmethod
    def forward(self, x):
        """Subclasses compute the head's output."""


class Neck(nn.Cell):
    def forward(self, x):
        ...


class ResNet(Backbone):
    def construct(self, x):
        return x


class Ported(Backbone):
    def forward(self, x):  # [forward-without-construct]
        return x * 2


class Halfway(nn.Cell):
    def forward(self, x):  # [forward-without-construct]
        if x is None:
            raise NotImplementedError
        return x
