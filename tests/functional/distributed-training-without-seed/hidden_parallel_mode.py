"""A parallel mode the code does not show (``**config``) may reduce gradients: the ranks must start alike."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn
from mindspore.communication import init


def main(dataset, config):
    init()  # [distributed-training-without-seed]
    ms.set_auto_parallel_context(**config)
    net = nn.Dense(2, 2)
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    main([], {"parallel_mode": "data_parallel", "gradients_mean": True})
