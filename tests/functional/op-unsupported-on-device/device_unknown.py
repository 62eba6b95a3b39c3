"""Nothing says where the program runs: silent."""

from mindspore import mint, ops

scores = mint.equal(ops.ones((2, 2)), ops.ones((2, 2)))
einsum = ops.Einsum("ij,jk->ik")
