"""A checkpoint loaded into the optimizer only does not align the network's weights."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


def main(dataset, path):
    init()  # [distributed-training-without-seed]
    ms.set_auto_parallel_context(parallel_mode="data_parallel")
    net = nn.Dense(2, 2)
    optimizer = nn.Adam(net.trainable_params())
    ms.load_param_into_net(optimizer, ms.load_checkpoint(path))
    ms.Model(net, nn.MSELoss(), optimizer).train(1, dataset)


if __name__ == "__main__":
    main([], "")
