"""Both branches of an if on a Tensor and loop bodies are compiled."""
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def construct(self, x):
        if x.sum() > 100:
            try:  # [graph-unsupported-syntax]
                x = x + 1
            except ValueError:
                pass
        for i in range(2):
            y = x + i
            del y  # [graph-unsupported-syntax]
        return x
