"""Single-device training: stand-alone mode, a parallel mode from a variable, an init of another library."""
# pylint: disable=missing-function-docstring,import-error

import mindspore as ms
from mindspore import nn
from mylauncher import init


def main(dataset, mode):
    init()
    ms.set_auto_parallel_context(parallel_mode="stand_alone")
    ms.set_auto_parallel_context(parallel_mode=mode)
    net = nn.Dense(2, 2)
    ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    main([], "stand_alone")
