"""Only the names show the swap: both sides must say it, at INFERENCE."""
# pylint: disable=missing-docstring,invalid-name,too-many-arguments

import os

import mindspore.dataset as ds


def create_dataset(path, rank_id, rank_size, device_id, device_num, args, cfg, n, x):
    ds.Cifar10Dataset(path, num_shards=rank_id, shard_id=rank_size)  # [dataset-shard-arguments-swapped]
    ds.Cifar10Dataset(path, num_shards=device_id, shard_id=device_num)  # [dataset-shard-arguments-swapped]
    ds.MindDataset(path, num_shards=args.rank, shard_id=args.group_size)  # [dataset-shard-arguments-swapped]
    ds.MindDataset(path, num_shards=cfg.local_rank, shard_id=cfg.world_size)  # [dataset-shard-arguments-swapped]
    ds.MindDataset(path, num_shards=args.shard_id, shard_id=args.num_shards)  # [dataset-shard-arguments-swapped]
    ds.MindDataset(path, num_shards=args.rankId, shard_id=args.numDevices)  # [dataset-shard-arguments-swapped]
    ds.DistributedSampler(rank_id, rank_size)  # [dataset-shard-arguments-swapped]

    # The right way round.
    ds.Cifar10Dataset(path, num_shards=rank_size, shard_id=rank_id)
    ds.Cifar10Dataset(path, num_shards=device_num, shard_id=device_id)
    ds.MindDataset(path, num_shards=args.group_size, shard_id=args.rank_id)
    ds.DistributedSampler(rank_size, rank_id)

    # One side alone, or names that say nothing.
    ds.Cifar10Dataset(path, num_shards=rank_id, shard_id=n)
    ds.Cifar10Dataset(path, num_shards=x, shard_id=rank_size)
    ds.Cifar10Dataset(path, num_shards=cfg.x, shard_id=args.rank_id)
    ds.Cifar10Dataset(path, num_shards=args.a, shard_id=args.b)
    ds.Cifar10Dataset(path, num_shards=args.batch_size, shard_id=args.rank)
    ds.Cifar10Dataset(path, num_shards=rank_id, shard_id=args.num_parallel_workers)

    # Both sides say a rank (or a count): no swap to report.
    ds.Cifar10Dataset(path, num_shards=rank_id, shard_id=device_id)
    ds.Cifar10Dataset(path, num_shards=rank_size, shard_id=device_num)


def from_environment(path):
    rank = int(os.getenv("RANK_ID", "0"))
    rank_size = int(os.getenv("RANK_SIZE", "1"))
    return ds.ImageFolderDataset(path, num_shards=rank, shard_id=rank_size)  # [dataset-shard-arguments-swapped]
