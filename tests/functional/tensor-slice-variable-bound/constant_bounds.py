"""Slices and indices the graph compiler knows: never reported."""
# pylint: disable=unused-variable
import mindspore as ms
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)

NUM_KEEP = 4


class Constants(nn.Cell):
    def __init__(self, num_classes=80, dims=(2, 3)):
        super().__init__()
        self.num_classes = num_classes
        self.keep = 10
        self.half = self.keep // 2
        self.dims = dims
        self.width = num_classes + 4

    def construct(self, x, *features, start: int = 0, stop=8):
        a = x[:, : self.keep]
        b = x[self.half :]
        c = x[: x.shape[0] // 2]
        d = x[..., : self.dims[1]]
        e = x[:NUM_KEEP]
        f = x[start:stop]
        g = [features[i][:, : i + 1] for i in range(3)]
        h = x[: len(features)]
        n = x.shape[-1]
        i = x[:, -n // 2 :]
        j = x[1:-1:2]
        k = x[: x.ndim]
        for level, feature in enumerate(features):
            feature = feature[:, level:]
        return a, b, c, d, e, f, g, h, i, j, k


class ElementIndexing(nn.Cell):
    """Element indexing keeps a static shape, even with a Tensor index."""

    def construct(self, x, idx):
        first = x[0]
        row = x[ops.argmax(x[:, 0])]
        picked = x[idx]
        column = x[:, idx]
        x[: ops.argmax(x[:, 0])] = 0  # assignment keeps the shape of x
        x[ops.argmax(x) :] += 1
        return first, row, picked, column


class Heads(nn.Cell):
    """Patterns of model-zoo code: bounds from shapes and config."""

    def __init__(self, config):
        super().__init__()
        self.dim_head = config.dim_head
        self.grids = config.grids

    def construct(self, kv, reg_target):
        b, c, h, w = kv.shape
        k = kv[..., : self.dim_head]
        v = kv[..., self.dim_head :]
        level0 = reg_target[:, 0 : self.grids[0], :]
        crop = kv[:, :, : h // 2, : w // 2]
        text = "abcdef"[:3]
        return k, v, level0, crop, text
