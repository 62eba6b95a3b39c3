"""Target version 2.7: entries observed failing in 2.7 are reported, naming 2.7; the others are silent."""

import mindspore as ms
from mindspore import mint, nn

ms.set_device("CPU")


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        # 2.7's InstanceNorm2d fails on every device (it builds ops.InstanceNorm, which 2.7 lacks),
        # not for want of a CPU kernel: silent for 2.7.
        self.norm = nn.InstanceNorm2d(2)
        self.relu6 = mint.nn.ReLU6()  # [op-unsupported-on-device]

    def construct(self, x, image):
        total = mint.cumsum(x, 0)  # [op-unsupported-on-device]
        kept = mint.nn.functional.dropout(x)  # not seen failing for want of a kernel in 2.7: silent
        return total, kept, self.relu6(x), self.norm(image)
