"""Hand casts: sub-cells, loops over cells, apply(fn), helpers, Cell classes, wrappers, conditions."""
# pylint: disable=missing-function-docstring,missing-class-docstring

import mindspore as ms
from mindspore import nn
from mindspore.train import Model


class Backbone(nn.Cell):
    def __init__(self):
        super().__init__()
        self.body = nn.Dense(2, 2)
        self.head = nn.Dense(2, 2)
        self.head.to_float(ms.float32)

    def construct(self, x):
        return self.head(self.body(x))


class Wider(Backbone):
    """Inherits the conversion of Backbone.__init__."""


class WithLoss(nn.Cell):
    """Converts the loss it receives, not a sub-cell of its own."""

    def __init__(self, backbone, loss_fn):
        super().__init__()
        self.backbone = backbone
        self.loss_fn = loss_fn
        self.loss_fn.to_float(ms.float32)

    def construct(self, x, y):
        return self.loss_fn(self.backbone(x), y)


class Conditional(nn.Cell):
    def __init__(self, fp32_head=False):
        super().__init__()
        self.head = nn.Dense(2, 2)
        if fp32_head:
            self.head.to_float(ms.float32)

    def construct(self, x):
        return self.head(x)


def to_half(network):
    network.to_float(ms.float16)
    return network


def sub_cell(loss, opt):
    net = nn.SequentialCell([nn.Dense(2, 2), nn.BatchNorm1d(2)])
    net[1].to_float(ms.float32)
    net.cell_list.to_float(ms.float32)
    return Model(net, loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]


def cell_loop(loss, opt):
    net = nn.SequentialCell([nn.Dense(2, 2), nn.BatchNorm1d(2)])
    for _, cell in net.cells_and_names():
        if isinstance(cell, nn.BatchNorm1d):
            cell.to_float(ms.float32)
    return Model(net, loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]


def applied(loss, opt):
    net = nn.SequentialCell([nn.Dense(2, 2)])

    def keep_fp32(cell):
        if isinstance(cell, nn.Dense):
            cell.to_float(ms.float32)

    net.apply(keep_fp32)
    return Model(net, loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]


def helper(loss, opt):
    net = to_half(nn.Dense(2, 2))
    other = nn.Dense(2, 2)
    to_half(other)
    Model(other, loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]
    return Model(net, loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]


def cell_class(loss, opt):
    net = Backbone()
    Model(Wider(), loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]
    return Model(net, loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]


def wrapper_class_converting_its_loss(loss, opt):
    net = nn.Dense(2, 2)
    return Model(WithLoss(net, loss), optimizer=opt, amp_level="O3")


def wrapped(loss, opt):
    net = nn.Dense(2, 2)
    net.to_float(ms.float16)
    with_loss = nn.WithLossCell(net, loss)
    alias = with_loss
    return Model(alias, optimizer=opt, amp_level="O3")  # [custom-amp-with-amp-level]


def conditional_conversion(args, loss, opt):
    net = nn.Dense(2, 2)
    if args.fp16:
        net.to_float(ms.float16)
    Model(Conditional(), loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]
    return Model(net, loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]


def level_from_variable(args, loss, opt):
    net = nn.Dense(2, 2)
    net.to_float(ms.float16)
    return Model(net, loss, opt, amp_level=args.amp_level)  # [custom-amp-with-amp-level]


NET = nn.Dense(2, 2)
NET.to_float(ms.float16)
MODEL = Model(NET, nn.MSELoss(), nn.Momentum(NET.trainable_params(), 0.1, 0.9), amp_level="O3")  # [custom-amp-with-amp-level]


def same_device_branch(args, loss, opt):
    """Both under the same device test: the conversion does reach the Model."""
    net = nn.Dense(2, 2)
    if args.device_target == "Ascend":
        net.to_float(ms.float16)
    if args.device_target == "Ascend":
        return Model(net, loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]
    return Model(net, loss, opt)
