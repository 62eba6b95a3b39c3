"""Distributed data loading: num_shards is the number of devices, shard_id this device's rank."""

import mindspore.dataset as ds
from mindspore.communication import get_group_size, get_rank, init


def create_dataset(path, batch_size=32):
    init()
    data = ds.ImageFolderDataset(path, num_shards=get_group_size(), shard_id=get_rank())
    return data.batch(batch_size)


def create_sampled_dataset(path):
    rank_id = get_rank()
    group_size = get_group_size()
    sampler = ds.DistributedSampler(group_size, rank_id, shuffle=True)
    return ds.MindDataset(path, sampler=sampler)


def create_text_dataset(files, rank_id, rank_size):
    return ds.TFRecordDataset(files, num_shards=rank_size, shard_id=rank_id)


def create_single_device_dataset(path):
    return ds.Cifar10Dataset(path, num_shards=1, shard_id=0)
