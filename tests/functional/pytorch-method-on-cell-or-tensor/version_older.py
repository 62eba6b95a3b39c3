"""An older target (version_older.rc): what 2.10 lacks is reported, what 2.10 has is never claimed absent."""

from mindspore import nn


def use():
    net = nn.Dense(2, 2)
    net.eval()  # [pytorch-method-on-cell-or-tensor]
    net.state_dict()  # in 2.10; the catalog cannot say about 2.2
    return net.to("cpu")
