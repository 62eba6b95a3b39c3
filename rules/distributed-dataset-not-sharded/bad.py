"""Data-parallel training whose dataset is not sharded: every rank reads all of it."""

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn
from mindspore.communication import get_group_size, init
from mindspore.train import Model


def create_dataset(data_dir, batch_size=32):
    data = ds.Cifar10Dataset(data_dir, usage="train", shuffle=True)  # [distributed-dataset-not-sharded]
    return data.batch(batch_size, drop_remainder=True)


def main(data_dir):
    ms.set_seed(1)
    init()
    ms.set_auto_parallel_context(
        parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True, device_num=get_group_size()
    )
    net = nn.SequentialCell([nn.Flatten(), nn.Dense(3 * 32 * 32, 10)])
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    model = Model(net, loss_fn, optimizer)
    model.train(10, create_dataset(data_dir))


if __name__ == "__main__":
    main("./cifar-10-batches-bin")
