"""Slices whose bounds are Tensors: the result has a dynamic shape."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class KeepConfident(nn.Cell):
    """Keeps the boxes whose score passes a threshold, by counting them first."""

    def __init__(self, threshold=0.5):
        super().__init__()
        self.threshold = threshold

    def construct(self, boxes, scores):
        order = ops.argsort(scores, descending=True)
        boxes = ops.gather(boxes, order, 0)
        num_kept = (scores > self.threshold).astype(ms.int32).sum()
        return boxes[:num_kept]  # [tensor-slice-variable-bound]


class CropSequence(nn.Cell):
    """Cuts a padded batch to the longest real sequence."""

    def construct(self, tokens, lengths):
        longest = ops.reduce_max(lengths)
        return tokens[:, :longest]  # [tensor-slice-variable-bound]


@ms.jit
def tail(x, start):
    begin = ops.argmax(x[:, 0])
    return x[begin:], x[start:]  # [tensor-slice-variable-bound]
