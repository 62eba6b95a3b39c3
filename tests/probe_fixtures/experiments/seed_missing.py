"""A data-parallel training script that sets no seed."""

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(8, 4)

    def construct(self, x):
        return self.fc(x)


def main():
    init()  # [flagged]
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    net = Net()
    return net


if __name__ == "__main__":
    main()
