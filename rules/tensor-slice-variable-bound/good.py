"""Slices with bounds the compiler knows, and a mask instead of a data-dependent slice."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class KeepConfident(nn.Cell):
    """Keeps every box and zeroes the ones below the threshold: the shape stays static."""

    def __init__(self, threshold=0.5, max_boxes=100):
        super().__init__()
        self.threshold = threshold
        self.max_boxes = max_boxes

    def construct(self, boxes, scores):
        mask = (scores > self.threshold).astype(boxes.dtype)
        boxes = boxes * ops.expand_dims(mask, -1)
        return boxes[: self.max_boxes]


class Heads(nn.Cell):
    """Splits features with bounds taken from shapes, lengths, loops and attributes."""

    def __init__(self, num_classes=80):
        super().__init__()
        self.num_classes = num_classes

    def construct(self, x, *features):
        half = x.shape[1] // 2
        first, second = x[:, :half], x[:, half:]
        classes = x[..., : self.num_classes]
        levels = [features[i][:, : len(features)] for i in range(3)]
        row = x[ops.argmax(x[:, 0])]  # element indexing keeps a static shape
        x[:half] = 0  # assignment keeps the shape of x
        return first, second, classes, levels, row


class CropTo(nn.Cell):
    """A bound annotated as a Python int is a constant: one compiled graph per value."""

    def construct(self, x, length: int):
        return x[:, :length]
