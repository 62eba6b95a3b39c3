"""Counting Tensor conditions per compiled function."""
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class AtLimit(nn.Cell):
    """16 Tensor conditions and many constant ones: not reported."""

    def __init__(self):
        super().__init__()
        self.flag = True

    def construct(self, x, mask=None):
        y = ops.relu(x)
        if y.sum() > 0:
            y = y + 0
        if y.sum() > 1:
            y = y + 1
        if y.sum() > 2:
            y = y + 2
        if y.sum() > 3:
            y = y + 3
        if y.sum() > 4:
            y = y + 4
        if y.sum() > 5:
            y = y + 5
        if y.sum() > 6:
            y = y + 6
        if y.sum() > 7:
            y = y + 7
        if y.sum() > 8:
            y = y + 8
        if y.sum() > 9:
            y = y + 9
        if y.sum() > 10:
            y = y + 10
        if y.sum() > 11:
            y = y + 11
        if y.sum() > 12:
            y = y + 12
        if y.sum() > 13:
            y = y + 13
        if y.sum() > 14:
            y = y + 14
        if y.sum() > 15:
            y = y + 15
        if self.flag and mask is not None and y.shape[0] > 0:
            y = y * 2
        if self.flag and mask is not None and y.shape[0] > 1:
            y = y * 2
        if self.flag and mask is not None and y.shape[0] > 2:
            y = y * 2
        if self.flag and mask is not None and y.shape[0] > 3:
            y = y * 2
        if self.flag and mask is not None and y.shape[0] > 4:
            y = y * 2
        if self.flag and mask is not None and y.shape[0] > 5:
            y = y * 2
        if self.flag and mask is not None and y.shape[0] > 6:
            y = y * 2
        if self.flag and mask is not None and y.shape[0] > 7:
            y = y * 2
        if self.flag and mask is not None and y.shape[0] > 8:
            y = y * 2
        if self.flag and mask is not None and y.shape[0] > 9:
            y = y * 2
        return y


class OverLimit(nn.Cell):
    def construct(self, x):  # [too-many-tensor-conditions]
        y = ops.relu(x)
        if y.sum() > 0:
            y = y + 0
        if y.sum() > 1:
            y = y + 1
        if y.sum() > 2:
            y = y + 2
        if y.sum() > 3:
            y = y + 3
        if y.sum() > 4:
            y = y + 4
        if y.sum() > 5:
            y = y + 5
        if y.sum() > 6:
            y = y + 6
        if y.sum() > 7:
            y = y + 7
        if y.sum() > 8:
            y = y + 8
        if y.sum() > 9:
            y = y + 9
        if y.sum() > 10:
            y = y + 10
        if y.sum() > 11:
            y = y + 11
        if y.sum() > 12:
            y = y + 12
        while y.sum() > 100:
            y = y - 1
            if y.max() > 10:
                y = y / 2
        if y.min() > 0:
            y = y + 1
        elif y.min() > -1:
            y = y + 2
        return y


class NestedFunctionsCountApart(nn.Cell):
    def construct(self, x):
        y = ops.relu(x)
        if y.sum() > 0:
            y = y + 0
        if y.sum() > 1:
            y = y + 1
        if y.sum() > 2:
            y = y + 2
        if y.sum() > 3:
            y = y + 3
        if y.sum() > 4:
            y = y + 4
        if y.sum() > 5:
            y = y + 5
        if y.sum() > 6:
            y = y + 6
        if y.sum() > 7:
            y = y + 7
        if y.sum() > 8:
            y = y + 8

        def helper(z):
            z = ops.relu(z)
            if z.sum() > 0:
                z = z + 0
            if z.sum() > 1:
                z = z + 1
            if z.sum() > 2:
                z = z + 2
            if z.sum() > 3:
                z = z + 3
            if z.sum() > 4:
                z = z + 4
            if z.sum() > 5:
                z = z + 5
            if z.sum() > 6:
                z = z + 6
            if z.sum() > 7:
                z = z + 7
            if z.sum() > 8:
                z = z + 8
            return z

        return helper(y)


class AssumedInputs(nn.Cell):
    """Conditions on construct inputs: INFERENCE."""

    def construct(self, x):  # [too-many-tensor-conditions]
        if x > 0:
            x = x + 0
        if x > 1:
            x = x + 1
        if x > 2:
            x = x + 2
        if x > 3:
            x = x + 3
        if x > 4:
            x = x + 4
        if x > 5:
            x = x + 5
        if x > 6:
            x = x + 6
        if x > 7:
            x = x + 7
        if x > 8:
            x = x + 8
        if x > 9:
            x = x + 9
        if x > 10:
            x = x + 10
        if x > 11:
            x = x + 11
        if x > 12:
            x = x + 12
        if x > 13:
            x = x + 13
        if x > 14:
            x = x + 14
        if x > 15:
            x = x + 15
        if x > 16:
            x = x + 16
        return x
