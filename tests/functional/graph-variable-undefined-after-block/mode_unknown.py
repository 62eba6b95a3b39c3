"""No set_context: construct is withheld; a @jit function is compiled in any mode."""  # [graph-findings-withheld]
import mindspore as ms
from mindspore import nn


class Net(nn.Cell):
    def construct(self, x):
        for i in range(3):
            y = x + i
        return y


@ms.jit
def step(x):
    for i in range(3):
        y = x + i  # [graph-variable-undefined-after-block]
    return y
