"""The same computations with static shapes: masks instead of selections, a constant k."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class PositiveLoss(nn.Cell):
    """Averages the loss over positive anchors with a mask: every shape stays static."""

    def construct(self, loss, labels):
        positive = (labels > 0).astype(loss.dtype)
        mean_positive = (loss * positive).sum() / ops.maximum(positive.sum(), 1.0)
        hard = ops.masked_fill(loss, loss <= 0.5, 0.0)
        loss[loss < 0] = 0  # assignment through a mask keeps the shape of loss
        return mean_positive + hard.mean()


class Proposals(nn.Cell):
    """Keeps a fixed number of proposals and masks the ones below the threshold."""

    def __init__(self, max_proposals=100):
        super().__init__()
        self.topk = ops.TopK(sorted=True)
        self.max_proposals = max_proposals

    def construct(self, scores):
        best, index = self.topk(scores, self.max_proposals)
        valid = (best > 0.05).astype(best.dtype)
        top3, _ = ops.topk(scores, 3)
        return best * valid, index, top3
