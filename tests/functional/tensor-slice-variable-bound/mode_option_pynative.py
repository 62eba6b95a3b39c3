"""The mindspore-mode option wins over set_context in the code (see mode_option_pynative.rc)."""
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Crop(nn.Cell):
    def construct(self, x):
        return x[: ops.argmax(x)]
