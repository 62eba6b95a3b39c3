"""LAX set explicitly reports; @jit(fullgraph=True) is STRICT, which graph-tensor-to-numpy reports."""
# pylint: disable=api-context-option-deprecated
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn

ms.set_context(mode=ms.GRAPH_MODE, jit_syntax_level=ms.LAX)


class Net(nn.Cell):
    def construct(self, x):
        mask = Tensor((x.asnumpy() > 0).astype(np.float32))  # [graph-tensor-numpy-fallback]
        return x * mask


@ms.jit(fullgraph=True)
def strict(x):
    return x * np.sum(x)  # [graph-tensor-to-numpy]


@ms.jit(capture_mode="bytecode")
def captured(x):
    return x * np.sum(x)
