"""Operators MindSpore 2.7 to 2.10 have no CPU kernel for, in a program that runs on CPU."""

import mindspore as ms
from mindspore import mint, nn, ops

ms.set_device("CPU")


class Scorer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.einsum = ops.Einsum("ij,jk->ik")  # [op-unsupported-on-device]
        self.norm = nn.LayerNormExt((16,))  # [op-unsupported-on-device]

    def construct(self, x, w):
        scores = self.einsum((self.norm(x), w))
        total = mint.cumsum(scores, 1)  # [op-unsupported-on-device]
        return mint.equal(total, scores)  # [op-unsupported-on-device]
