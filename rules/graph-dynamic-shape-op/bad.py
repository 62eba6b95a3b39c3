"""Operators whose output shape depends on the values in the data."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class PositiveLoss(nn.Cell):
    """Averages the loss over positive anchors by selecting them."""

    def construct(self, loss, labels):
        positive = labels > 0
        selected = ops.masked_select(loss, positive)  # [graph-dynamic-shape-op]
        hard = loss[loss > 0.5]  # [graph-dynamic-shape-op]
        return selected.mean() + hard.mean()


class Proposals(nn.Cell):
    """Keeps a data-dependent number of proposals."""

    def __init__(self):
        super().__init__()
        self.topk = ops.TopK(sorted=True)

    def construct(self, scores, classes):
        keep = ops.nonzero(scores > 0.05)  # [graph-dynamic-shape-op]
        num = (scores > 0.5).astype(ms.int32).sum()
        best, _ = self.topk(scores, num)  # [graph-dynamic-shape-op]
        present, _ = ops.unique(classes)  # [graph-dynamic-shape-op]
        return keep, best, present
