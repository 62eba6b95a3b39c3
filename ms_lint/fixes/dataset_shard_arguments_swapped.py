"""Fix for dataset-shard-arguments-swapped: the two values change places.

``ds.MindDataset(path, num_shards=get_rank(), shard_id=get_group_size())`` ->
``ds.MindDataset(path, num_shards=get_group_size(), shard_id=get_rank())``, and the same for
``DistributedSampler(rank_id, group_size)`` with ``rank_id = get_rank()``. Only when communication
calls show both sides: MindSpore then refuses the values as written (the rank is below the
device count, so shard_id is never less than num_shards), and swapped they are what MindSpore's
docs pass. A swap shown by names alone (``rank_id``, ``rank_size``), or by one side, is left to
the author, who knows what the values hold.
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint import options
from ms_lint.fixes.base import Edit, Fix, Refusal, Source, end_of, start_of
from ms_lint.language import Text
from ms_lint.semantics.program import facts, sharding

SYMBOL = "dataset-shard-arguments-swapped"
NODE_TYPES = (nodes.Call,)
UNSAFE = False  # building the dataset raises today

NOT_BOTH_CALLS = Text(
    "only communication calls on both sides (get_rank(), get_group_size()) show the values for certain: "
    "check what %s and %s hold",
    "只有两侧都是通信调用（get_rank()、get_group_size()）时才能确定这些值：请检查 %s 和 %s 的值",
)
NOT_FOUND = Text("the call does not pass both num_shards and shard_id", "该调用没有同时传入 num_shards 和 shard_id")


def fix(call: nodes.Call, source: Source, context) -> Union[Fix, Refusal]:
    version = options.target(context.config, facts.ProgramFacts()).version
    passed = sharding.shard_arguments(call, version)
    if passed is None:
        return Refusal(NOT_FOUND)
    num_shards, shard_id = passed
    roles = (sharding.role(num_shards), sharding.role(shard_id))
    if not all(found is not None and found.certain for found in roles):
        return Refusal(NOT_BOTH_CALLS % (num_shards.as_string(), shard_id.as_string()))
    count = source.slice(start_of(shard_id), end_of(shard_id))
    rank = source.slice(start_of(num_shards), end_of(num_shards))
    edits = [Edit(start_of(num_shards), end_of(num_shards), count), Edit(start_of(shard_id), end_of(shard_id), rank)]
    return Fix(edits, f"num_shards={rank}, shard_id={count} -> num_shards={count}, shard_id={rank}")
