"""A target newer than the catalog (version_newer.rc): MindSpore may have added the method, so silent."""

from mindspore import nn


def use():
    net = nn.Dense(2, 2)
    net.eval()
    return net
