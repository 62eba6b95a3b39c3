"""construct() is looked for in the class and every ancestor except nn.Cell itself."""
# pylint: disable=too-few-public-methods

import mindspore as ms
from mindspore import nn


class RootAlias(ms.nn.Cell):
    def forward(self, x):  # [forward-without-construct]
        return x


class Grandparent(nn.Cell):
    def construct(self, x):
        return self.forward(x)


class Parent(Grandparent):
    pass


class Child(Parent):
    def forward(self, x):
        return x + 1


class Aliased(nn.Cell):
    def forward(self, x):
        return x

    construct = forward


class CallOverride(nn.Cell):
    def __call__(self, x):
        return self.forward(x)

    def forward(self, x):
        return x


class FromUnknownBase(ThirdPartyModule):  # pylint: disable=undefined-variable
    def forward(self, x):
        return x


class ConvVariant(nn.Conv2d):
    def forward(self, x):
        return self.construct(x)


def factory():
    class Local(nn.Cell):
        def forward(self, x):  # [forward-without-construct]
            return x

    return Local
