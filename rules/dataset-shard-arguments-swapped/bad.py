"""Distributed data loading with num_shards and shard_id the wrong way round."""

import mindspore.dataset as ds
from mindspore.communication import get_group_size, get_rank, init


def create_dataset(path, batch_size=32):
    init()
    data = ds.ImageFolderDataset(path, num_shards=get_rank(), shard_id=get_group_size())  # [dataset-shard-arguments-swapped]
    return data.batch(batch_size)


def create_sampled_dataset(path):
    rank_id = get_rank()
    group_size = get_group_size()
    sampler = ds.DistributedSampler(rank_id, group_size, shuffle=True)  # [dataset-shard-arguments-swapped]
    return ds.MindDataset(path, sampler=sampler)


def create_text_dataset(files, rank_id, rank_size):
    # Only the names say which is which: the finding comes at INFERENCE, and --fix leaves it alone.
    return ds.TFRecordDataset(files, num_shards=rank_id, shard_id=rank_size)  # [dataset-shard-arguments-swapped]
