"""dataset-shard-arguments-swapped: a dataset given this device's rank as num_shards, the device count as shard_id."""

from __future__ import annotations

from typing import Optional, Tuple

from astroid import nodes
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.language import Text, join
from ms_lint.semantics.names import catalog
from ms_lint.semantics.program import sharding

SYMBOL = "dataset-shard-arguments-swapped"
# The roles that show a swap: num_shards given a rank, shard_id given a count.
SWAPPED = {sharding.NUM_SHARDS: sharding.RANK, sharding.SHARD_ID: sharding.COUNT}
IS_RANK = Text("%s is this device's rank", "%s 是本设备的 rank")
IS_COUNT = Text("%s is the number of devices", "%s 是设备数量")
NAMES_RANK = Text("the name %s says a rank", "名称 %s 表示 rank")
NAMES_COUNT = Text("the name %s says a device count", "名称 %s 表示设备数量")
AND = Text(" and ", "，且 ")
EVIDENCE = {
    (sharding.RANK, True): IS_RANK,
    (sharding.COUNT, True): IS_COUNT,
    (sharding.RANK, False): NAMES_RANK,
    (sharding.COUNT, False): NAMES_COUNT,
}


class DatasetShardArgumentsSwappedChecker(MindSporeChecker):
    msgs = {
        "E7349": (
            Text(
                "%s passes num_shards=%s and shard_id=%s, the wrong way round: %s. num_shards is the number of "
                "devices that share the data and shard_id this device's rank, so MindSpore raises ValueError when "
                "it builds the dataset (shard_id must be less than num_shards, and rank 0 passes num_shards=0), or, "
                "where the values are not a true rank and device count, each device reads a shard not its own. "
                "Pass %s.",
                "%s 传入了 num_shards=%s 和 shard_id=%s，两者颠倒了：%s。num_shards 是共同读取数据的设备数量，"
                "shard_id 是本设备的 rank，因此 MindSpore 在创建数据集时抛出 ValueError（shard_id 必须小于 "
                "num_shards，而 rank 0 传入的是 num_shards=0）；若这些值不是真正的 rank 和设备数量，"
                "每个设备读取的都不是自己的分片。请传入 %s。",
            ),
            SYMBOL,
            Text(
                "MindSpore's datasets and DistributedSampler take num_shards, the number of devices, and shard_id, "
                "this device's rank (get_group_size() and get_rank()). Swapped, every rank fails to build its "
                "dataset, or reads a shard that is not its own.",
                "MindSpore 的数据集和 DistributedSampler 接受 num_shards（设备数量）和 shard_id（本设备的 rank），"
                "即 get_group_size() 和 get_rank()。两者颠倒时，每个 rank 都无法创建数据集，或读取的不是自己的分片。",
            ),
        )
    }

    def callees(self) -> frozenset:
        return catalog.basenames_of(frozenset(catalog.of_kind("dataset") | {sharding.DISTRIBUTED_SAMPLER}))

    def check_call(self, node: nodes.Call) -> None:
        passed = sharding.shard_arguments(node, self.target().version)
        if passed is None:
            return
        verdict = swap_evidence(*passed)
        if verdict is None:
            return
        confidence, evidence = verdict
        num_shards, shard_id = (value.as_string() for value in passed)
        self.add_message(
            SYMBOL,
            node=node,
            args=(node.func.as_string() + "(...)", num_shards, shard_id, evidence, suggestion(*passed)),
            confidence=confidence,
        )


def swap_evidence(num_shards: nodes.NodeNG, shard_id: nodes.NodeNG) -> Optional[Tuple[Confidence, Text]]:
    """(confidence, what shows it) when the two values are swapped, else None.

    HIGH when a communication call shows one side (``num_shards=get_rank()``) and the other does
    not contradict it; INFERENCE when only names show it, on both sides (``rank_id``, ``rank_size``).
    """
    roles = {sharding.NUM_SHARDS: sharding.role(num_shards), sharding.SHARD_ID: sharding.role(shard_id)}
    if any(found is not None and found.kind != SWAPPED[parameter] for parameter, found in roles.items()):
        return None
    known = [(value, roles[parameter]) for parameter, value in zip(SWAPPED, (num_shards, shard_id)) if roles[parameter]]
    if any(found.certain for _, found in known):
        confidence = HIGH
    elif len(known) == 2:
        confidence = INFERENCE
    else:
        return None
    shown = [EVIDENCE[(found.kind, found.certain)] % (_shown(value, found),) for value, found in known]
    return confidence, join(AND, shown)


def _shown(value: nodes.NodeNG, found: sharding.Role) -> str:
    """``rank_id``, or ``rank_id (get_rank())`` for a name bound to the call."""
    return f"{value.as_string()} ({found.call})" if found.call else value.as_string()


def suggestion(num_shards: nodes.NodeNG, shard_id: nodes.NodeNG) -> str:
    """The arguments to pass: the two values swapped, or the communication call for a side that says nothing."""
    count = shard_id.as_string() if sharding.role(shard_id) else "get_group_size()"
    rank = num_shards.as_string() if sharding.role(num_shards) else "get_rank()"
    return f"num_shards={count}, shard_id={rank}"
