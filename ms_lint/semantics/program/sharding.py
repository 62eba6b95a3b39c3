"""The shard arguments of MindSpore's datasets, and the role each value plays: a rank, or a count.

Every source dataset with sharding (``ImageFolderDataset``, ``MindDataset``, ``GeneratorDataset``...)
and ``DistributedSampler`` take ``num_shards``, the number of devices that share the data, and
``shard_id``, this device's rank. A value's role is certain when it is the result of
``mindspore.communication``'s ``get_rank()`` / ``get_local_rank()`` (a rank) or
``get_group_size()`` / ``get_local_rank_size()`` (a count), called where it is passed or through a
local name bound once to the call; otherwise only its name can tell (``rank_id``, ``device_num``),
and a name that says neither, or both, tells nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Tuple

from astroid import nodes

from ms_lint.semantics.names import arguments, catalog, names, versions

NUM_SHARDS, SHARD_ID = "num_shards", "shard_id"
RANK, COUNT = "rank", "count"
DISTRIBUTED_SAMPLER = "mindspore.dataset.engine.samplers.DistributedSampler"

# mindspore.communication (the management functions it re-exports), mint.distributed and ops.
RANK_FUNCTIONS = frozenset(
    {
        "mindspore.communication.management.get_rank",
        "mindspore.communication.management.get_local_rank",
        "mindspore.mint.distributed.distributed.get_rank",
        "mindspore.ops.function.comm_func.get_rank",
    }
)
COUNT_FUNCTIONS = frozenset(
    {
        "mindspore.communication.management.get_group_size",
        "mindspore.communication.management.get_local_rank_size",
        "mindspore.mint.distributed.distributed.get_world_size",
        "mindspore.ops.function.comm_func.get_world_size",
    }
)

# A name is a rank when it says "rank" (``rank``, ``rank_id``, ``local_rank``) or an index of a
# device or shard (``device_id``, ``shard_id``); a count when it says how many devices, ranks or
# shards (``group_size``, ``rank_size``, ``device_num``, ``world_size``, ``num_shards``).
INDEX_WORDS = frozenset({"id", "idx", "index"})
COUNT_WORDS = frozenset({"size", "num", "count", "number", "total", "nums"})
UNITS = frozenset(
    {"rank", "ranks", "device", "devices", "shard", "shards", "gpu", "gpus", "npu", "npus", "card", "cards"}
)
# ``group_size``, ``world_size``, ``global_size``: counts only as the whole name (not ``global_batch_size``).
GROUP_UNITS = frozenset({"group", "world", "global"})
COUNT_TOKENS = frozenset({"nranks", "ngpus", "ndevices", "nshards", "worldsize", "groupsize", "ranksize", "devicenum"})


@dataclass(frozen=True)
class Role:
    """What a value passed as a shard argument is: ``kind`` RANK or COUNT; ``certain`` when a
    communication call says so, not only a name."""

    kind: str
    certain: bool
    call: str = ""  # the communication call, when a name bound to it is passed


def words(name: str) -> frozenset:
    """``rankId`` -> {"rank", "id"}; ``RANK_SIZE`` -> {"rank", "size"}."""
    return frozenset(part for part in re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower().split("_") if part)


def role_of_name(name: Optional[str]) -> Optional[str]:
    """RANK, COUNT, or None for a name that says neither (``n``, ``batch_size``, ``num_workers``)."""
    found = words(name or "")
    if found & COUNT_TOKENS or (found & COUNT_WORDS and (found & UNITS or (len(found) == 2 and found & GROUP_UNITS))):
        return COUNT
    if found & COUNT_WORDS:
        return None
    if found & {"rank"} or (found & INDEX_WORDS and found & UNITS):
        return RANK
    return None


def role(expr: nodes.NodeNG) -> Optional[Role]:
    """The role of a value passed as ``num_shards`` or ``shard_id``, or None when the code cannot tell."""
    called = _called_role(expr)
    if called is not None:
        return Role(called, True)
    if isinstance(expr, nodes.Name):
        bound = names.assigned_value(expr)  # a name bound once, by ``name = value``
        called = _called_role(bound) if bound is not None else None
        if called is not None:
            return Role(called, True, bound.as_string())
        kind = role_of_name(expr.name)
    elif isinstance(expr, nodes.Attribute):
        kind = role_of_name(expr.attrname)
    elif isinstance(expr, nodes.Subscript) and isinstance(expr.slice, nodes.Const):
        kind = role_of_name(expr.slice.value) if isinstance(expr.slice.value, str) else None  # ``cfg["rank"]``
    else:
        return None
    return Role(kind, False) if kind is not None else None


def _called_role(expr: nodes.NodeNG) -> Optional[str]:
    if not isinstance(expr, nodes.Call):
        return None
    name = names.mindspore_name(expr.func)
    canonical = catalog.canonical(name) if name else None
    if canonical in RANK_FUNCTIONS:
        return RANK
    if canonical in COUNT_FUNCTIONS:
        return COUNT
    return None


def shard_arguments(call: nodes.Call, version: tuple) -> Optional[Tuple[nodes.NodeNG, nodes.NodeNG]]:
    """``(num_shards, shard_id)``, the values a MindSpore dataset or ``DistributedSampler`` call
    passes, when it passes both; positional ones are placed by the signature of the target version
    when the bundled catalog knows it, else only keywords count."""
    entity = names.called_entity(call)
    if entity is None or not _takes_shards(entity):
        return None
    signature = versions.parameters(names.mindspore_name(call.func), version) or ()
    variadic = next((index for index, parameter in enumerate(signature) if parameter.startswith("*")), len(signature))
    bound = arguments.bound(call, signature[:variadic])
    if NUM_SHARDS not in bound or SHARD_ID not in bound:
        return None
    return bound[NUM_SHARDS], bound[SHARD_ID]


def _takes_shards(entity: catalog.Entity) -> bool:
    return (entity.kind == "dataset" or entity.path == DISTRIBUTED_SAMPLER) and NUM_SHARDS in entity.args
