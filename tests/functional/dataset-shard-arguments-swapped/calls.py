"""num_shards given this device's rank, shard_id the device count: by the communication calls."""
# pylint: disable=missing-docstring,invalid-name

import mindspore as ms
import mindspore.communication as comm
import mindspore.communication.management as D
import mindspore.dataset as ds
from mindspore import mint
from mindspore.communication import get_group_size, get_local_rank, get_local_rank_size, get_rank
from mindspore.dataset import GeneratorDataset, ImageFolderDataset as Folder


def source():
    yield (1,)


# Direct calls, through every import style.
a = ds.MindDataset("train.mindrecord", num_shards=get_rank(), shard_id=get_group_size())  # [dataset-shard-arguments-swapped]
b = Folder("imagenet/train", num_shards=D.get_rank(), shard_id=D.get_group_size())  # [dataset-shard-arguments-swapped]
c = ms.dataset.Cifar10Dataset("cifar", shard_id=comm.get_group_size(), num_shards=comm.get_rank())  # [dataset-shard-arguments-swapped]
d = GeneratorDataset(source, ["x"], num_shards=get_local_rank(), shard_id=get_local_rank_size())  # [dataset-shard-arguments-swapped]
e = ds.MnistDataset("mnist", num_shards=mint.distributed.get_rank(), shard_id=mint.distributed.get_world_size())  # [dataset-shard-arguments-swapped]

# Names bound once to the calls.
rank_id = get_rank()
group_size = get_group_size()
f = ds.TFRecordDataset(["a.tfrecord"], num_shards=rank_id, shard_id=group_size)  # [dataset-shard-arguments-swapped]

# One side is enough when a call shows it, whatever the other side is.
g = ds.Cifar10Dataset("cifar", num_shards=get_rank(), shard_id=config.shard)  # [dataset-shard-arguments-swapped]
h = ds.Cifar10Dataset("cifar", num_shards=config.devices, shard_id=get_group_size())  # [dataset-shard-arguments-swapped]

# A sampler, by keyword or by position (num_shards, shard_id in every catalogued version).
i = ds.DistributedSampler(num_shards=get_rank(), shard_id=get_group_size())  # [dataset-shard-arguments-swapped]
j = ds.DistributedSampler(rank_id, group_size, shuffle=True)  # [dataset-shard-arguments-swapped]
k = ds.ImageFolderDataset(
    "imagenet/train",
    num_parallel_workers=8,
    sampler=ds.DistributedSampler(get_rank(), get_group_size()),  # [dataset-shard-arguments-swapped]
)


def create_dataset(path):
    rank = get_rank()
    device_num = get_group_size()
    return ds.Cifar100Dataset(path, num_shards=rank, shard_id=device_num)  # [dataset-shard-arguments-swapped]
