"""Without communication init() and the data_parallel mode both, the program is not data parallel."""
# pylint: disable=missing-docstring

import mindspore as ms
import mindspore.dataset as ds
from mindspore.communication import init
from mindspore.train import Model


def main(net, path, mode):
    init()
    ms.set_auto_parallel_context(parallel_mode=mode)  # not known
    Model(net).train(1, ds.MnistDataset(path))
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", full_batch=True)
    Model(net).train(1, ds.MnistDataset(path))


if __name__ == "__main__":
    main(None, "data", "data_parallel")
