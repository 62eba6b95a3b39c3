"""A GPU program: silent, whatever the group."""

import mindspore as ms
from mindspore import nn, ops

ms.set_device("GPU")
conv = nn.Conv2d(64, 128, 3, group=4)
conv3d = ops.Conv3D(out_channel=16, kernel_size=3, group=2)
