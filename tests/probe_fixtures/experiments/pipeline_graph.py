"""Map functions run by a dataset pipeline, in a program that compiles Cells (GRAPH_MODE)."""

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn

ms.set_context(mode=ms.GRAPH_MODE)
PROJECTION = nn.Dense(4, 4)


def project(x):
    return PROJECTION(Tensor(x)).asnumpy()  # [flagged]


def scale(x):
    return (x * 2).astype(np.float32)  # [flagged]


class Source:
    """A GeneratorDataset source that calls a Cell per item."""

    def __init__(self):
        self.rows = np.ones((4, 4), np.float32)

    def __getitem__(self, index):
        return (PROJECTION(Tensor(self.rows[index : index + 1])).asnumpy(),)  # [flagged]

    def __len__(self):
        return 4
