"""A deliberate dynamic shape, accepted with a pragma."""
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Crop(nn.Cell):
    def construct(self, x):
        kept = x[: ops.argmax(x)]  # pylint: disable=tensor-slice-variable-bound
        also = x[: ops.argmin(x)]  # [tensor-slice-variable-bound]
        return kept, also
