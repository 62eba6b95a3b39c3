"""Tensors: proven by the value analysis; methods MindSpore 2.10's Tensor has stay clean."""

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 2)
        self.weight = Parameter(Tensor([1.0]))

    def construct(self, x):
        y = self.fc(x)
        z = y.detach().cpu()  # [pytorch-method-on-cell-or-tensor]
        w = self.weight.detach()  # [pytorch-method-on-cell-or-tensor]
        return z + w + x.cuda()  # [pytorch-method-on-cell-or-tensor]


def convert(device, items):
    x = ops.ones((2, 2), ms.float32)
    a = x.to(ms.float16)
    b = x.to("cpu")
    c = x.to(device)
    d = x.to("cuda:0")  # [pytorch-method-on-cell-or-tensor]
    e = x.to(device="cuda")  # [pytorch-method-on-cell-or-tensor]
    f = x.half().requires_grad_(False).numpy()
    for item in items:
        item.backward()  # not proven a Tensor
    return a, b, c, d, e, f


x_global = Tensor([1.0])
x_global.detach()  # module-level code: no value analysis


class Head(nn.Cell):
    def construct(self, x, boxes):
        scores = x.T.cpu()  # [pytorch-method-on-cell-or-tensor]
        return scores, boxes[0].bbox.cpu()  # ``bbox``: no Tensor has it, so ``boxes`` is not proven one
