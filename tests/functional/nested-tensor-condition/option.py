"""A lower limit (see option.rc): depth 2 is reported."""
from mindspore import nn, ops


class Two(nn.Cell):
    def construct(self, x, y):
        if ops.reduce_sum(x) > 0:
            if ops.reduce_sum(y) > 0:  # [nested-tensor-condition]
                x = x + y
        if x > 0:
            if y > 0:  # [nested-tensor-condition]
                x = x - y
        return x
