"""Tensors proven by the value analysis, and arguments that are not."""

import mindspore as ms
from mindspore import nn, ops
from mindspore.ops import operations as P


class Net(nn.Cell):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis
        self.dense = nn.Dense(4, 4)

    def construct(self, x, y, shape: tuple):
        h = self.dense(x)
        a = P.Softmax(h)  # [primitive-called-with-tensors]
        b = ops.Concat((h, y))  # [primitive-called-with-tensors]
        c = ms.ops.ReduceMean(keep_dims=h)  # [primitive-called-with-tensors]
        d = ops.ReduceSum(self.axis)(h)
        e = ops.Reshape()(h, shape)
        f = ops.L2Normalize(axis=-1, epsilon=1e-12)(h)
        return a, b, c, d, e, f


def helper(value, axis):
    """Not a graph entry, no caller: the kind of value is not known."""
    return ops.L2Normalize(value, axis)


class Tome(nn.Cell):
    def construct(self, x):
        zeros = ops.Zeros(device=x.device)  # a Tensor's device is a string, not a Tensor
        return zeros


class Decoder(nn.Cell):
    def construct(self, x, lengths):
        batch, width = x.shape[0], x.shape[2]
        shape = (batch, lengths.max().asnumpy().tolist(), width)  # host values, not Tensors
        expanded = ops.BroadcastTo(shape)(x)
        return ops.BroadcastTo((batch, lengths.asnumpy().tolist(), width))(expanded)


class Unet(nn.Cell):
    def construct(self, x):
        r = x.copy()
        for _ in range(2):
            x = ops.Concat((x, r), axis=1)  # [primitive-called-with-tensors]
        return ops.Concat((x, r), axis=1)  # [primitive-called-with-tensors]



class Regenerate(nn.Cell):
    def construct(self, x_offset):
        k2 = x_offset.shape[-1]
        k = ops.ScalarCast()(k2 ** 0.5, ms.int32)  # a Python int: the number of outputs
        splits = ops.Split(axis=-1, output_num=k)(x_offset)
        return ops.Split(axis=-1, output_num=x_offset)(splits[0])  # [primitive-called-with-tensors]


class Window(nn.Cell):
    def construct(self, x, h, w):
        pad = ops.Pad(paddings=((0, 0), (0, h % 2), (0, w % 2)))  # a padding spec, however h came
        return pad(x)
