"""The bundled catalog knows no 1.x signatures: positional arguments are not placed; keywords still count."""
# pylint: disable=missing-docstring

import mindspore.dataset as ds
from mindspore.communication.management import get_group_size, get_rank

SAMPLER = ds.DistributedSampler(get_rank(), get_group_size())
DATA = ds.Cifar10Dataset("cifar", num_shards=get_rank(), shard_id=get_group_size())  # [dataset-shard-arguments-swapped]
