"""The default LAX level runs these through JIT Fallback; @jit(fullgraph=True) is STRICT."""
import numpy as np

import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def construct(self, x):
        return np.exp(x.asnumpy())


@ms.jit(fullgraph=True)
def strict(x):
    return x.asnumpy()  # [graph-tensor-to-numpy]
