"""No set_context in the program: the finding in construct is withheld."""  # [graph-findings-withheld]
from mindspore import nn


class Net(nn.Cell):
    def construct(self, x):
        return x * len(self.trainable_params())
