"""Linted for MindSpore 2.7 (see the .rc): deprecations from 2.8 on are not reported yet."""
import mindspore as ms
from mindspore import nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.clip = nn.ClipByNorm()  # deprecated from 2.8
        self.add = ops.TensorAdd()  # [api-deprecated]

    def construct(self, x):
        return ops.scatter_max(x, x, x)  # deprecated from 2.9


ms.set_context(device_target="GPU")  # [api-context-option-deprecated]
