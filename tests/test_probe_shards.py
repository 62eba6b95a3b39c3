"""The probe of dataset-shard-arguments-swapped: the swapped values of every rank of an 8-device
launch, given to a small dataset under MindSpore.

The plan and the wording of the verdict are tested without MindSpore; what MindSpore says to the
rule's own examples (and to the arguments the right way round) under MindSpore (CPU).
"""

import dataclasses
import types

import astroid
from astroid import nodes

from ms_lint.probe import config
from ms_lint.probe.experiments import EXPERIMENTS
from ms_lint.probe.experiments.base import Context
from ms_lint.probe.experiments.shards import GENERATOR, SAMPLER, SwappedShards, _outcome, verdict
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, UNCONFIRMABLE, Task

from lint import RULES, run_pylint
from probe_support import finding, requires_mindspore

SYMBOL = "dataset-shard-arguments-swapped"
BAD = RULES / SYMBOL / "bad.py"
PROBE = ("--load-plugins=ms_lint,ms_lint.probe", "--probe-cache-dir=off", "--probe-timeout=120")
IMAGE_FOLDER = "mindspore.dataset.engine.datasets_vision.ImageFolderDataset"
NUM_SHARDS_ZERO = "ValueError: Input num_shards is not within the required interval of [1, 2147483647]."


def _plan(line):
    module = astroid.MANAGER.ast_from_file(str(BAD), modname="bad")
    calls = module.nodes_of_class(nodes.Call)
    (call,) = [node for node in calls if node.lineno == line and node.func.as_string().startswith("ds.")]
    found = dataclasses.replace(finding(BAD, "bad", line=line, symbol=SYMBOL), node=call)
    return SwappedShards().plan(Context(finding=found, config=config.ProbeConfig(), root=str(BAD.parent)))


def test_the_rule_has_this_experiment():
    assert isinstance(EXPERIMENTS[SYMBOL], SwappedShards)


def test_communication_calls_on_both_sides_are_tried():
    task = _plan(9)
    assert isinstance(task, Task)
    assert {key: task.payload[key] for key in ("dataset", "written", "num_shards", "shard_id")} == {
        "dataset": IMAGE_FOLDER,
        "written": "ds.ImageFolderDataset",
        "num_shards": "get_rank()",
        "shard_id": "get_group_size()",
    }
    assert not SwappedShards().needs_user_module(task.payload)


def test_names_bound_once_to_communication_calls_count_and_positions_are_placed():
    task = _plan(16)
    assert (task.payload["dataset"], task.payload["num_shards"], task.payload["shard_id"]) == (
        SAMPLER,
        "rank_id",
        "group_size",
    )


def test_values_only_names_show_are_known_only_in_the_launch():
    planned = _plan(22)
    assert planned.status == UNCONFIRMABLE
    assert planned.evidence == (
        "no communication call shows what rank_id holds: its value is known only in a multi-process launch "
        "(msrun/mpirun)"
    )


PAYLOAD = {
    "dataset": IMAGE_FOLDER,
    "written": "ds.ImageFolderDataset",
    "num_shards": "get_rank()",
    "shard_id": "get_group_size()",
}


def test_every_rank_refused_confirms_and_names_the_stand_in_and_what_mindspore_said():
    outcomes = [NUM_SHARDS_ZERO] + ["ValueError: shard_id should be less than num_shards."] * 7
    found = verdict(PAYLOAD, outcomes)
    assert found.status == CONFIRMED
    assert found.evidence == (
        "GeneratorDataset (standing in for ImageFolderDataset, which needs its files) with num_shards=get_rank(), "
        "shard_id=get_group_size(), as each of 8 ranks would pass them (num_shards=0 to 7, shard_id=8): MindSpore "
        f"refused all 8: rank 0: {NUM_SHARDS_ZERO}; ranks 1-7: ValueError: shard_id should be less than num_shards."
    )
    assert found.evidence.zh.startswith("GeneratorDataset（代替需要数据文件的 ImageFolderDataset），")


def test_messages_that_differ_only_in_their_numbers_are_one_group():
    outcomes = [f"RuntimeError: shard_id must be in range [0, {rank}), but got: 8" for rank in range(8)]
    payload = dict(PAYLOAD, dataset=SAMPLER, written="ds.DistributedSampler")
    evidence = verdict(payload, outcomes).evidence
    assert evidence.startswith("ds.DistributedSampler given to a NumpySlicesDataset of 16 rows with ")
    assert evidence.endswith(
        "refused all 8: ranks 0-7: RuntimeError: shard_id must be in range [0, 0), but got: 8 (as on rank 0)"
    )


def test_a_rank_mindspore_accepts_is_not_reproduced():
    outcomes = [NUM_SHARDS_ZERO] + [None] * 7
    found = verdict(dict(PAYLOAD, dataset=GENERATOR, written="ds.GeneratorDataset"), outcomes)
    assert found.status == NOT_REPRODUCED
    assert found.evidence.endswith(f"MindSpore accepted ranks 1-7; rank 0: {NUM_SHARDS_ZERO}")


# -- under MindSpore ------------------------------------------------------------------------------


@requires_mindspore
def test_the_rule_s_examples_are_refused_on_every_rank():
    found = {}
    for message in run_pylint([BAD], *PROBE):
        status, _, evidence = message.msg.rpartition(" [probe ")[2].rstrip("]").partition(": ")
        found[message.line] = (status, evidence, message.confidence.name)
    assert sorted(found) == [9, 16, 22]
    status, evidence, confidence = found[9]
    assert (status, confidence) == (CONFIRMED, "HIGH"), evidence
    assert evidence.startswith("GeneratorDataset (standing in for ImageFolderDataset, which needs its files) with ")
    assert f"MindSpore refused all 8: rank 0: {NUM_SHARDS_ZERO}; ranks 1-7: ValueError: " in evidence
    status, evidence, confidence = found[16]
    assert (status, confidence) == (CONFIRMED, "HIGH"), evidence
    assert "refused all 8: rank 0: RuntimeError: DistributedSampler: num_shards must be greater than 0" in evidence
    assert found[22][0] == UNCONFIRMABLE  # names only: rank_id and rank_size may hold anything
    assert found[22][2] == "INFERENCE"


@requires_mindspore
def test_the_same_datasets_read_the_data_with_the_arguments_the_right_way_round():
    """What tells refusal from acceptance: num_shards=8, shard_id=rank is accepted by each dataset tried."""
    import mindspore  # pylint: disable=import-outside-toplevel

    runtime = types.SimpleNamespace(ms=mindspore)
    for dataset in (GENERATOR, SAMPLER, IMAGE_FOLDER):
        assert [_outcome(runtime, dataset, 8, rank) for rank in range(8)] == [None] * 8, dataset
        assert _outcome(runtime, dataset, 0, 8) is not None, dataset
