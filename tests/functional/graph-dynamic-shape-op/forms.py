"""Every form of the dynamic-shape operators, and the static look-alikes."""
# pylint: disable=unused-variable
import mindspore
import mindspore as ms
import mindspore.numpy as mnp
from mindspore import mint, nn
from mindspore import ops as P

ms.set_context(mode=ms.GRAPH_MODE)


class Functional(nn.Cell):
    def construct(self, x, labels):
        a = P.masked_select(x, labels > 0)  # [graph-dynamic-shape-op]
        b = mint.masked_select(x, x > 0)  # [graph-dynamic-shape-op]
        c = mindspore.ops.nonzero(x)  # [graph-dynamic-shape-op]
        d = mint.nonzero(x)  # [graph-dynamic-shape-op]
        e = P.argwhere(x)  # [graph-dynamic-shape-op]
        f = P.unique(labels)  # [graph-dynamic-shape-op]
        g = mnp.unique(labels)  # [graph-dynamic-shape-op]
        h = P.unique_consecutive(labels)  # [graph-dynamic-shape-op]
        k = (labels > 0).sum()
        i = P.topk(x, k)  # [graph-dynamic-shape-op]
        j = mint.topk(x, k=k)  # [graph-dynamic-shape-op]
        return a, b, c, d, e, f, g, h, i, j


class Primitives(nn.Cell):
    def __init__(self):
        super().__init__()
        self.unique = P.Unique()
        self.masked_select = P.MaskedSelect()
        self.topk = P.TopK(sorted=True)
        self.k = 5

    def construct(self, x, labels):
        nonzero = P.NonZero()
        a = self.unique(labels)  # [graph-dynamic-shape-op]
        b = self.masked_select(x, x > 0)  # [graph-dynamic-shape-op]
        c = nonzero(x)  # [graph-dynamic-shape-op]
        d = self.topk(x, self.k)
        e = self.topk(x, P.argmax(labels))  # [graph-dynamic-shape-op]
        f = P.TopK()(x, 3)
        return a, b, c, d, e, f


class Methods(nn.Cell):
    def construct(self, x):
        y = P.relu(x)
        a = y.nonzero()  # [graph-dynamic-shape-op]
        b = y.masked_select(y > 0)  # [graph-dynamic-shape-op]
        c = y.unique()  # [graph-dynamic-shape-op]
        d = y.topk(2)
        e = y.topk(y.argmax())  # [graph-dynamic-shape-op]
        f = x.nonzero()  # [graph-dynamic-shape-op]
        return a, b, c, d, e, f


class Masks(nn.Cell):
    def construct(self, x, idx, mask):
        y = P.relu(x)
        positive = y > 0
        a = y[positive]  # [graph-dynamic-shape-op]
        b = y[P.logical_and(y > 0, y < 1)]  # [graph-dynamic-shape-op]
        c = y[P.isnan(y)]  # [graph-dynamic-shape-op]
        d = y[~positive]  # [graph-dynamic-shape-op]
        e = y[(y > 0) & (y < 1)]  # [graph-dynamic-shape-op]
        f = y[y.astype(ms.bool_)]  # [graph-dynamic-shape-op]
        g = y[P.cast(y, mindspore.bool_)]  # [graph-dynamic-shape-op]
        h = y[positive, :]  # [graph-dynamic-shape-op]
        i = y[y.isfinite()]  # [graph-dynamic-shape-op]
        return a, b, c, d, e, f, g, h, i


class StaticShapes(nn.Cell):
    """Operators and indexing that keep static shapes."""

    def construct(self, x, idx, mask):
        y = P.relu(x)
        a = P.masked_fill(y, y > 0, 0.0)
        b = P.select(y > 0, y, y * 0)
        c = y[idx]
        d = y[mask]  # the dtype of an input mask is not shown: not reported
        y[y > 0] = 0
        y[P.isnan(y)] += 1
        e = P.topk(y, 2)
        f = P.sort(y)
        g = y[y.argmax()]
        return a, b, c, d, e, f, g


class DynamicK(nn.Cell):
    """YOLOX's dynamic-k matching with a constant k keeps static shapes; a Tensor k does not."""

    def __init__(self, n_candidate_k=10):
        super().__init__()
        self.n_candidate_k = n_candidate_k

    def construct(self, ious, cost):
        topk_ious, _ = P.top_k(ious, self.n_candidate_k, sorted=True)
        dynamic_ks = P.reduce_sum(topk_ious, 2).astype(ms.int32)
        values, _ = P.top_k(-cost, self.n_candidate_k, sorted=True)
        wrong, _ = P.top_k(-cost, dynamic_ks.max())  # [graph-dynamic-shape-op]
        return values, wrong
