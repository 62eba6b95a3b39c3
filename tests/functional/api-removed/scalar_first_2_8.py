"""MindSpore 2.8 still takes a Python number first."""
from mindspore import Tensor, ops

x = Tensor([1.0, 2.0])
same = ops.equal(1.0, x)
