"""Cells and optimizers that the user's functions return: every return proves the object, or silence."""
from mindspore import nn


def build_net():
    return nn.SequentialCell(nn.Dense(4, 4), nn.ReLU())


def build_all(lr):
    net = build_net()
    optimizer = nn.Momentum(net.trainable_params(), lr, 0.9)
    return net, optimizer


def build_either(small):
    if small:
        return nn.Dense(4, 2)
    return nn.SequentialCell(nn.Dense(4, 4), nn.Dense(4, 2))


def maybe_build(flag):
    if flag:
        return nn.Dense(2, 2)  # and None otherwise


def build_or_wrap(net):
    if net is None:
        return nn.Dense(2, 2)
    return net  # whatever the caller gave


def build_three():
    return nn.Dense(2, 2), nn.Dense(2, 2), 0.1


def train(data):
    net = build_net()
    net.train()  # [pytorch-method-on-cell-or-tensor]
    model, optimizer = build_all(0.1)
    optimizer.zero_grad()  # [pytorch-method-on-cell-or-tensor]
    model.eval()  # [pytorch-method-on-cell-or-tensor]
    build_either(True).eval()  # [pytorch-method-on-cell-or-tensor]
    maybe_build(True).eval()
    build_or_wrap(data).eval()
    first, *rest = build_three()
    first.eval()
    net_a, net_b, rate = build_three()
    rate.eval()
    return net_a, net_b, rest
