"""for loops of every kind around Tensor conditions, and what is not unrolled."""
# pylint: disable=unused-variable
import mindspore as ms
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Loops(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])
        self.stages = nn.SequentialCell([nn.ReLU(), nn.Dense(4, 4)])
        self.scales = (1, 2, 4)
        self.use_skip = True

    def construct(self, x, *features):
        y = ops.relu(x)
        for block in self.blocks:
            if y.sum() > 0:  # [unrolled-loop-tensor-condition]
                y = block(y)
        for stage in self.stages:
            while y.max() > 1:  # [unrolled-loop-tensor-condition]
                y = y / 2
        for scale in self.scales:
            if y.mean() > scale:  # [unrolled-loop-tensor-condition]
                y = y * scale
        for i, feature in enumerate(features):
            if ops.reduce_sum(feature) > i:  # [unrolled-loop-tensor-condition]
                y = y + feature
        for scale, feature in zip(self.scales, features):
            if ops.reduce_mean(feature) > scale:  # [unrolled-loop-tensor-condition]
                y = y - feature
        for row in y:
            if row.sum() > 0:  # [unrolled-loop-tensor-condition]
                y = y + 1
        for i in range(3):
            for j in (0, 1):
                if y.sum() > i + j:  # [unrolled-loop-tensor-condition]
                    if y.max() > 0:
                        y = y + 1
        return y


class NotUnrolled(nn.Cell):
    """Constant conditions in loops, while loops, and the else of a for loop."""

    def __init__(self):
        super().__init__()
        self.blocks = nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])
        self.use_skip = True

    def construct(self, x, mask=None):
        y = ops.relu(x)
        for i, block in enumerate(self.blocks):
            if self.use_skip and i > 0:
                y = y + block(y)
            if mask is not None:
                y = y * mask
            if y.shape[0] > 1:
                y = block(y)
            y = ops.select(y.sum() > 0, y, y * 2)
        step = Tensor(0, ms.int32)
        while step < 8:
            if y.sum() > 0:
                y = y - 1
            step = step + 1
        for _ in range(2):
            y = y + 1
        else:
            if y.sum() > 0:
                y = y * 2
        return y


class InputConditions(nn.Cell):
    def construct(self, x, threshold):
        for i in range(4):
            if x > threshold:  # [unrolled-loop-tensor-condition]
                x = x - i
        return x
