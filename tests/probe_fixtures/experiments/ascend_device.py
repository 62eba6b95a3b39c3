"""A module that asks for Ascend at import, as an Ascend training script does."""

import mindspore as ms
from mindspore import nn

ms.set_device("Ascend")


class Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 2)

    def forward(self, x):  # [flagged]
        return self.fc(x)
