"""Code written for 2.0 (see the .rc): a Dense without a bias relies only on its weight initialiser."""
from mindspore import nn

NO_BIAS = False


def build(bias):
    return [
        nn.Dense(4, 8, has_bias=False),  # [api-default-changed]
        nn.Dense(4, 8, None, None, False),
        nn.Dense(4, 8, has_bias=NO_BIAS),  # [api-default-changed]
        nn.Dense(4, 8),  # [api-default-changed]
        nn.Dense(4, 8, weight_init="normal", has_bias=bias),  # a bias or not: its initialiser may not matter
        nn.Dense(4, 8, weight_init="normal", has_bias=True),  # [api-default-changed]
    ]
