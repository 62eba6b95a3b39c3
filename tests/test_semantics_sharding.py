"""The shard arguments of MindSpore's datasets, and the role of each value: a rank or a device count."""

import astroid
import pytest

from ms_lint.semantics.program import sharding

HEADER = "import mindspore.dataset as ds\nfrom mindspore.communication import get_group_size, get_rank\n"


@pytest.mark.parametrize(
    "name, expected",
    [
        ("rank", sharding.RANK), ("rank_id", sharding.RANK), ("local_rank", sharding.RANK), ("rankId", sharding.RANK),
        ("device_id", sharding.RANK), ("shard_id", sharding.RANK), ("global_rank", sharding.RANK),
        ("group_size", sharding.COUNT), ("rank_size", sharding.COUNT), ("device_num", sharding.COUNT),
        ("world_size", sharding.COUNT), ("num_shards", sharding.COUNT), ("num_devices", sharding.COUNT),
        ("RANK_SIZE", sharding.COUNT), ("global_size", sharding.COUNT), ("nranks", sharding.COUNT),
        ("n", None), ("x", None), ("batch_size", None), ("global_batch_size", None), ("num_parallel_workers", None),
        ("task_id", None), ("devices", None), ("size", None),
    ],
)
def test_role_of_name(name, expected):
    assert sharding.role_of_name(name) == expected


@pytest.mark.parametrize(
    "code, expected",
    [
        ("get_rank() #@", sharding.Role(sharding.RANK, True)),
        ("import mindspore.communication as D\nD.get_group_size() #@", sharding.Role(sharding.COUNT, True)),
        ("r = get_rank()\nr #@", sharding.Role(sharding.RANK, True, "get_rank()")),
        ("rank_size = get_rank()\nrank_size #@", sharding.Role(sharding.RANK, True, "get_rank()")),  # the call wins
        ("r = get_rank()\nif c:\n    r = get_group_size()\nr #@", None),  # bound twice: only the name counts
        ("args.rank_id #@", sharding.Role(sharding.RANK, False)),
        ("cfg['group_size'] #@", sharding.Role(sharding.COUNT, False)),
        ("cfg.x #@", None),
        ("1 #@", None),
    ],
)
def test_role(code, expected):
    assert sharding.role(astroid.extract_node(HEADER + code)) == expected


@pytest.mark.parametrize(
    "call, expected",
    [
        ("ds.MindDataset('a', num_shards=n, shard_id=i) #@", ("n", "i")),
        ("ds.DistributedSampler(n, i) #@", ("n", "i")),
        ("ds.DistributedSampler(n, shard_id=i) #@", ("n", "i")),
        ("ds.MindDataset('a', num_shards=n) #@", None),
        ("ds.MindDataset('a', **kwargs) #@", None),
        ("Reader('a', num_shards=n, shard_id=i) #@", None),
    ],
)
def test_shard_arguments(call, expected):
    found = sharding.shard_arguments(astroid.extract_node(HEADER + call), (2, 10))
    assert (tuple(value.as_string() for value in found) if found else None) == expected


def test_positional_arguments_need_a_catalogued_version():
    call = astroid.extract_node(HEADER + "ds.DistributedSampler(n, i) #@")
    assert sharding.shard_arguments(call, (1, 10, 1)) is None
