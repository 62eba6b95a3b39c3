"""Code that still uses APIs MindSpore 2.10 marks deprecated."""

import mindspore as ms
from mindspore import nn, ops
from mindspore.ops import operations as P


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.add = P.TensorAdd()  # [api-deprecated]
        self.gather = ops.GatherV2()  # [api-deprecated]
        self.dropout = nn.Dropout(keep_prob=0.9)  # [api-deprecated]
        self.one_hot = nn.OneHot(depth=10)  # [api-deprecated]

    def construct(self, x, indices):
        return self.one_hot(self.gather(self.add(x, x), indices, 0))


@ms.jit(backend="GE")  # [api-deprecated]
def scale(x):
    return x * 2


ms.set_context(mode=ms.GRAPH_MODE)
optimizer = nn.LazyAdam(Block().trainable_params())  # [api-deprecated]
compile_config = ms.JitConfig(jit_level="O2")  # [api-deprecated]
