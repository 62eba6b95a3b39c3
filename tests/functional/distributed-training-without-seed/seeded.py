"""Every import form of set_seed counts, anywhere in the program."""
# pylint: disable=missing-function-docstring

from mindspore import Model, nn, set_auto_parallel_context, set_seed
from mindspore.communication import init


def main(dataset):
    init()
    set_auto_parallel_context(parallel_mode="data_parallel")
    set_seed(1)
    net = nn.Dense(2, 2)
    Model(net, nn.MSELoss(), nn.Adam(net.trainable_params())).train(1, dataset)


if __name__ == "__main__":
    main([])
