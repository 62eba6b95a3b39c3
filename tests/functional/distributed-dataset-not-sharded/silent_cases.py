"""Sharded one way or another, sharded by the code itself, or single-device branches."""
# pylint: disable=missing-docstring,too-few-public-methods

import os

import mindspore.dataset as ds
from mindspore import context
from mindspore.communication.management import get_group_size, get_rank, init
from mindspore.context import ParallelMode
from mindspore.train import Model


class RankSplitSource:
    def __init__(self, path, rank_id, group_size):
        self.items = list(range(100))[rank_id::group_size]
        self.path = path

    def __getitem__(self, index):
        return self.items[index]

    def __len__(self):
        return len(self.items)


def create_dataset(path, device_num=1, rank=0, **kwargs):
    if device_num == 1:
        data = ds.Cifar10Dataset(path, shuffle=True)
    else:
        data = ds.Cifar10Dataset(path, shuffle=True, num_shards=device_num, shard_id=rank)
    return data.batch(32)


def create_generator_dataset(path, rank_id, group_size):
    source = RankSplitSource(path, rank_id, group_size)
    return ds.GeneratorDataset(source, ["data"], shuffle=True)


class ReadsItsRank:
    def __init__(self):
        self.rank = get_rank()

    def __getitem__(self, index):
        return index

    def __len__(self):
        return 10


class WholeSource(ReadsItsRank):
    pass


def create_chosen_source(distributed):
    if distributed:
        source = ReadsItsRank()
    else:
        source = WholeSource()
    return ds.GeneratorDataset(source, ["data"])


def create_self_splitting_source():
    source = ReadsItsRank()
    return ds.GeneratorDataset(source, ["data"])


class SplitsByEnvironment:
    """Reads its rank from the environment, as loaders of large code bases do."""

    def __init__(self, device_num):
        self.items = list(range(100))[int(os.getenv("RANK_ID", "0"))::device_num]


class Combined:
    def __init__(self, loaders, length):
        self.loaders = loaders
        self.length = length


def build_loaders(path, device_num):
    del path
    return [SplitsByEnvironment(device_num)], 100 // device_num


def create_from_split_loaders(path, device_num):
    loaders, length = build_loaders(path, device_num=device_num)
    length //= 2
    source = Combined(loaders, length)
    return ds.GeneratorDataset(source, ["data"])


def create_from_kwargs(path, **kwargs):
    return ds.MindDataset(path, **kwargs)


def main(net, path, args):
    init()
    context.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL, gradients_mean=True)
    model = Model(net)
    model.train(1, create_dataset(path, get_group_size(), get_rank()))
    model.train(1, create_generator_dataset(path, get_rank(), get_group_size()))
    model.train(1, create_from_kwargs(path, num_shards=get_group_size(), shard_id=get_rank()))
    model.train(1, ds.MnistDataset(path, sampler=ds.DistributedSampler(get_group_size(), get_rank())))
    model.train(1, create_chosen_source(True))
    model.train(1, create_self_splitting_source())
    model.train(1, create_from_split_loaders(path, get_group_size()))
    model.eval(ds.MnistDataset(path))
    model.train(1, ds.MnistDataset(path, num_shards=args.shards, shard_id=args.shard))


if __name__ == "__main__":
    main(None, "data", None)
