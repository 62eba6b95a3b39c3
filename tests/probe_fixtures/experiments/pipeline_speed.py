"""The same map function with MindSpore ops and with numpy (PyNative)."""

import numpy as np
from mindspore import Tensor, ops


def relu_ops(x):
    return ops.relu(Tensor(x)).asnumpy()  # [flagged]


def relu_numpy(x):
    return np.maximum(x, 0)
