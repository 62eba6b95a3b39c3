"""Target version 2.9: what 2.9 was observed failing on CPU is reported, naming 2.9."""

import mindspore as ms
from mindspore import mint, nn, ops

ms.set_device("CPU")


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.einsum = ops.Einsum("ij,jk->ik")  # [op-unsupported-on-device]
        self.norm = nn.InstanceNorm2d(2)  # [op-unsupported-on-device]

    def construct(self, x, image):
        scores = mint.equal(x, x)  # [op-unsupported-on-device]
        # 2.9 was not seen to fail on dropout for want of a kernel (PyNative fails in shape inference): silent.
        kept = mint.nn.functional.dropout(x)
        return scores, kept, self.einsum((x, x)), self.norm(image)
