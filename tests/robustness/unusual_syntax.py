"""Valid Python that stresses the analyses: every statement kind near Cells."""
import mindspore as ms
from mindspore import nn, ops


class Walrus(nn.Cell):
    def construct(self, x):
        if (y := ops.relu(x)) is not None:
            return y[: (n := x.shape[0])]
        return x


class Matching(nn.Cell):
    def construct(self, x, mode="a"):
        match mode:
            case "a":
                return x
            case _:
                return -x


class AsyncConstruct(nn.Cell):
    async def construct(self, x):
        return x


class LambdaConstruct(nn.Cell):
    construct = lambda self, x: x  # noqa: E731


class ConstructNotAFunction(nn.Cell):
    construct = 3
    forward = None


class StaticAndClassMethods(nn.Cell):
    @staticmethod
    def helper():
        layers = [nn.Dense(2, 2)]
        return layers

    @classmethod
    def build(cls):
        cls.layers = [nn.Dense(2, 2)]
        return cls

    def noargs():  # noqa: N805
        pass

    def construct(*args):
        args[0].layers = [nn.Dense(2, 2)]
        return args


class Starred(nn.Cell):
    def __init__(self, *cells, **named):
        super().__init__()
        self.all = [*cells, *named.values()]
        self.merged = {**named, "extra": nn.Dense(2, 2)}
        self.nested = [[nn.Dense(2, 2)], (nn.Dense(2, 2),)]
        self.sliced = [nn.Dense(2, 2)][1:]
        del self.all


class Meta(type):
    pass


class WithMetaclass(nn.Cell, metaclass=Meta):
    __slots__ = ("a",)

    def __init__(self):
        super().__init__()
        global GLOBAL_LAYERS
        GLOBAL_LAYERS = [nn.Dense(2, 2)]
        self.layers: "list[nn.Cell]" = [nn.Dense(2, 2)]

    def construct(self, x):
        def inner(y):
            nonlocal x
            x = y
            return x
        return inner(x)


class DynamicBase(type("Dyn", (nn.Cell,), {})):
    def forward(self, x):
        return x


class CallBase(ms.nn.Cell if True else object):
    def forward(self, x):
        return x


def decorate(cls):
    return cls


@decorate
class Decorated(nn.Cell):
    def forward(self, x):
        return f"{x!r:>10}"


class Ünïcode(nn.Cell):
    def __init__(self):
        super().__init__()
        self.läyers = [nn.Dense(2, 2)]


try:
    from mindspore.nn import DoesNotExist
except ImportError:
    DoesNotExist = None

if __name__ == "__main__":
    Walrus()(ms.Tensor([1.0]))
