"""--mindspore-device-target=CPU (target_option_cpu.rc) wins over set_device("Ascend") in the code."""

import mindspore as ms
from mindspore import nn

ms.set_device("Ascend")
conv = nn.Conv2d(8, 8, 3, stride=64)
