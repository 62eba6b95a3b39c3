"""The right order, literals, values the code cannot read, rebound names, and classes that are not MindSpore's."""
# pylint: disable=missing-docstring,invalid-name,too-few-public-methods

import mindspore.dataset as ds
from mindspore.communication import get_group_size, get_rank


def correct(path, args):
    ds.Cifar10Dataset(path, num_shards=get_group_size(), shard_id=get_rank())
    ds.MindDataset(path, num_shards=args.device_num, shard_id=args.rank_id)
    ds.DistributedSampler(get_group_size(), get_rank())
    ds.DistributedSampler(num_shards=get_group_size(), shard_id=get_rank())


def literals(path):
    ds.Cifar10Dataset(path, num_shards=1, shard_id=0)
    ds.Cifar10Dataset(path, num_shards=8, shard_id=get_rank())


def unknown(path, cfg, args):
    ds.Cifar10Dataset(path, num_shards=cfg.x, shard_id=cfg.y)
    ds.Cifar10Dataset(path, num_shards=cfg.x, shard_id=args.rank_id)
    ds.Cifar10Dataset(path, num_shards=cfg.get("num"), shard_id=cfg.get("id"))


def rebound_on_a_branch(path, distributed):
    first = get_rank()
    second = get_group_size()
    if distributed:
        first, second = second, first
    return ds.Cifar10Dataset(path, num_shards=first, shard_id=second)


def both_calls_of_one_kind(path):
    # Wrong, but not a swap: this rule says nothing.
    return ds.Cifar10Dataset(path, num_shards=get_rank(), shard_id=get_rank())


def only_one_given(path):
    return ds.Cifar10Dataset(path, num_shards=get_rank())


def through_kwargs(path, **kwargs):
    return ds.Cifar10Dataset(path, **kwargs)


class ShardedReader:
    """Not a MindSpore dataset: its own num_shards and shard_id mean what it says."""

    def __init__(self, path, num_shards=1, shard_id=0):
        self.path, self.num_shards, self.shard_id = path, num_shards, shard_id


class DistributedSampler:
    def __init__(self, rank, world_size):
        self.rank, self.world_size = rank, world_size


def user_classes(path, rank_id, rank_size):
    ShardedReader(path, num_shards=get_rank(), shard_id=get_group_size())
    ShardedReader(path, num_shards=rank_id, shard_id=rank_size)
    return DistributedSampler(rank_id, rank_size)
