"""Depth counts only Tensor conditions; elif stays at its level; one report per nest."""
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Three(nn.Cell):
    def construct(self, x):
        y = ops.relu(x)
        if y.sum() > 0:
            if y.max() > 1:
                if y.min() < 0:
                    y = y * 2
        return y


class Four(nn.Cell):
    def construct(self, x):
        y = ops.relu(x)
        if y.sum() > 0:
            if y.max() > 1:
                while y.min() < 0:
                    if y.mean() > 0:  # [nested-tensor-condition]
                        if y.std() > 0:
                            y = y * 2
                    elif y.mean() < 0:
                        y = y * 3
                    if y.mean() > 1:  # [nested-tensor-condition]
                        y = y - 1
                    y = y + 1
        return y


class ElifChain(nn.Cell):
    """A long elif chain is flat: one level."""

    def construct(self, x):
        y = ops.relu(x)
        if y.sum() > 0:
            y = y + 1
        elif y.sum() > 1:
            y = y + 2
        elif y.sum() > 2:
            y = y + 3
        elif y.sum() > 3:
            y = y + 4
        elif y.sum() > 4:
            y = y + 5
        return y


class ElseNesting(nn.Cell):
    """An if inside else: is nested."""

    def construct(self, x):
        y = ops.relu(x)
        if y.sum() > 0:
            y = y + 1
        else:
            if y.max() > 1:
                y = y + 2
            else:
                if y.min() > 2:
                    y = y + 3
                else:
                    if y.mean() > 3:  # [nested-tensor-condition]
                        y = y + 4
        return y


class ConstantLevels(nn.Cell):
    """Constant conditions between Tensor conditions do not count."""

    def __init__(self, flag=True):
        super().__init__()
        self.flag = flag
        self.mode = "train"

    def construct(self, x, mask=None, name="a"):
        y = ops.relu(x)
        if y.sum() > 0:
            if self.flag:
                if mask is not None:
                    if y.max() > 1:
                        if isinstance(mask, tuple):
                            if self.training:
                                if y.shape[0] > 1:
                                    if y.ndim == 2:
                                        if self.mode == "train":
                                            if name in ("a", "b"):
                                                if y.min() > 0:
                                                    y = y * 2
        return y


class StageSwitch(nn.Cell):
    """A construct input compared with strings is a Python value: constant conditions."""

    def construct(self, x, stage, is_train=True):
        y = ops.relu(x)
        if y.sum() > 0:
            if is_train:
                if stage == "LF_1":
                    if y.max() > 1:
                        y = y * 2
                elif stage in ("LF_2", "LA"):
                    if y.min() > 0:
                        y = y * 3
        return y
