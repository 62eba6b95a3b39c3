"""A data-parallel script whose network comes from a factory function, without a seed."""

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


def create_network():
    return nn.SequentialCell([nn.Dense(8, 16), nn.ReLU(), nn.Dense(16, 2)])


def train():
    """Has no parameters but returns no new Cell: the probe never calls it."""
    raise AssertionError("the probe must not call train()")


def main():
    init()  # [flagged]
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    net = create_network()
    train()
    return net
