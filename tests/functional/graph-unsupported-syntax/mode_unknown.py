"""No set_context in the program: construct is withheld; a @jit function is compiled in any mode."""  # [graph-findings-withheld]
import mindspore as ms
from mindspore import nn


class Net(nn.Cell):
    def construct(self, x):
        del x
        return 0


@ms.jit
def step(x):
    try:  # [graph-unsupported-syntax]
        return x + 1
    except ValueError:
        return x
