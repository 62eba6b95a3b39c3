"""The same code with the replacements MindSpore names."""

import mindspore as ms
from mindspore import nn, ops


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.add = ops.Add()
        self.gather = ops.Gather()
        self.dropout = nn.Dropout(p=0.1)

    def construct(self, x, indices):
        return ops.one_hot(self.gather(self.add(x, x), indices, 0), 10)


@ms.jit
def scale(x):
    return x * 2


ms.set_context(mode=ms.GRAPH_MODE)
optimizer = nn.Adam(Block().trainable_params())
compile_config = ms.JitConfig(jit_level="O1")
