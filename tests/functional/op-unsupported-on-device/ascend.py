"""An Ascend program: silent (these operators have Ascend kernels)."""

import mindspore as ms
from mindspore import mint, ops

ms.set_context(device_target="Ascend")  # [api-context-option-deprecated]
scores = mint.equal(ops.ones((2, 2)), ops.ones((2, 2)))
einsum = ops.Einsum("ij,jk->ik")
