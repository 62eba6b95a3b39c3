"""Data-parallel training where each rank reads its own shard."""

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn
from mindspore.communication import get_group_size, get_rank, init
from mindspore.train import Model


def create_dataset(data_dir, batch_size=32):
    # After init(): the number of ranks and this rank's id.
    data = ds.Cifar10Dataset(data_dir, usage="train", shuffle=True, num_shards=get_group_size(), shard_id=get_rank())
    return data.batch(batch_size, drop_remainder=True)


def create_sampled_dataset(data_dir, batch_size=32):
    sampler = ds.DistributedSampler(num_shards=get_group_size(), shard_id=get_rank(), shuffle=True)
    return ds.ImageFolderDataset(data_dir, sampler=sampler).batch(batch_size, drop_remainder=True)


def create_single_device_dataset(data_dir, batch_size=32):
    return ds.Cifar10Dataset(data_dir, usage="train").batch(batch_size, drop_remainder=True)


def main(data_dir, device_num=8):
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
    model.train(10, create_sampled_dataset(data_dir))
    if device_num == 1:  # the single-device branch: one rank reads everything
        data = create_single_device_dataset(data_dir)
        model.train(10, data)
    # Evaluation may read the whole test set on every rank.
    model.eval(ds.Cifar10Dataset(data_dir, usage="test").batch(batch_size=32))


if __name__ == "__main__":
    main("./cifar-10-batches-bin")
