"""__init__, other Python-side methods, @constexpr helpers and plain functions are never compiled."""
import mindspore as ms
from mindspore import nn, ops
from mindspore.ops import constexpr

ms.set_context(mode=ms.GRAPH_MODE)


@constexpr
def kinds(name):
    return name in {"gelu", "silu"}


class Net(nn.Cell):
    def __init__(self, kind):
        super().__init__()
        try:
            import numpy as np
        except ImportError:
            np = None
        self.np = np
        self.use_gelu = kind in {"gelu", "silu"}

    def load(self, path):
        del path
        return {p for p in self.trainable_params()}

    def construct(self, x):
        if kinds("gelu") and self.use_gelu:
            return ops.gelu(x)
        return sum(x * i for i in range(3)) + len([i for i in range(2)]) + len({i: i for i in range(2)})


def main():
    try:
        net = Net("gelu")
    finally:
        pass
    return net


class Switch(nn.Cell):
    """Only the branch a constant condition selects is compiled: a flag may keep it out of the graph."""

    def __init__(self, debug=False):
        super().__init__()
        self.debug = debug

    def construct(self, x):
        if self.debug:
            try:
                x = x + 1
            except ValueError:
                pass
        return x if not self.debug else {1}
