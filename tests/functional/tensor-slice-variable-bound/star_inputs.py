"""Inputs unpacked from *inputs may be Python numbers: not reported; op results still are."""
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class PruneTokens(nn.Cell):
    def __init__(self):
        super().__init__()
        self.sort = ops.Sort(axis=-1, descending=True)

    def construct(self, *inputs, **kwargs):
        x, scores, r = inputs[0], inputs[1], inputs[2]
        r = min(r, (x.shape[1] - 1) // 2)
        _, indices = self.sort(scores)
        kept = indices[:, :-r]
        limit = kwargs["limit"]
        first = x[:limit]
        count = ops.argmax(scores)
        return kept, first, x[:, :count]  # [tensor-slice-variable-bound]
