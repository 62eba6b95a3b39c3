"""Outside compiled code, or in a PyNative program, nothing is reported (except under @jit)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE)


class Postprocess(nn.Cell):
    def construct(self, scores):
        return ops.nonzero(scores > 0.5)


def evaluate(scores):
    keep = ops.nonzero(scores > 0.5)
    return np.nonzero(scores.asnumpy()), keep


@ms.jit
def compiled(scores):
    return ops.nonzero(scores > 0.5)  # [graph-dynamic-shape-op]
