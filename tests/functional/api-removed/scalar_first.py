"""A Python number as the first argument of the comparisons that take a Tensor only from MindSpore 2.9."""
from mindspore import Tensor, mint, nn, ops
from mindspore.ops import equal
from mindspore.ops import operations as P

x = Tensor([1.0, 2.0])
THRESHOLD = 0.5
same = ops.equal(1.0, x)  # [api-removed]
below = ops.less(THRESHOLD, x)  # [api-removed]
zero = mint.eq(0, x)  # [api-removed]
by_keyword = ops.less(input=3, other=x)  # [api-removed]
imported = equal(2, x)  # [api-removed]
tensor_first = ops.equal(x, 1)
other_comparison = ops.greater(1.0, x)  # still takes a number first
both_tensors = mint.lt(x, x)


class Loss(nn.Cell):
    """Primitive instances held by the Cell, as 1.x code writes them."""

    def __init__(self):
        super().__init__()
        self.less = P.Less()
        self.equal = ops.Equal()
        self.is_positive = P.Less()
        self.scale = ops.Mul()

    def construct(self, gt_label):
        positive = self.less(0, gt_label)  # [api-removed]
        same = self.equal(gt_label, 1)
        renamed = self.is_positive(0, gt_label)  # [api-removed]
        at_once = P.Less()(0, gt_label)  # [api-removed]
        negative = ops.Equal()(-1, gt_label)  # [api-removed]
        tensor_first = P.Less()(gt_label, 0)
        other_primitive = self.scale(2, gt_label)
        return positive, same, renamed, at_once, negative, tensor_first, other_primitive
