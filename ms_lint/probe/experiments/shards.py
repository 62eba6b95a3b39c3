"""Experiment for dataset-shard-arguments-swapped: what MindSpore does with the swapped values on
every rank of a launch.

Where communication calls show both values (``num_shards=get_rank(), shard_id=get_group_size()``),
each rank of an n-device launch passes ``num_shards=rank, shard_id=n``. The probe runs no launch and
reads none of the program's data: it builds, for each rank of an 8-device launch, a small dataset
with those arguments, and records whether MindSpore refuses it (when the dataset is built, or at its
first iteration). The dataset is the flagged class itself when it needs no files
(``GeneratorDataset``, ``NumpySlicesDataset``; a ``DistributedSampler`` is given to a
``NumpySlicesDataset``), else a ``GeneratorDataset`` stands in for it, and the evidence says so.
Where only names say what a value is (``rank_id``, ``rank_size``), their values are known only in
the launch: nothing is run.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple, Union

from ms_lint.language import Text, join
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Verdict, confirmed, not_reproduced, unconfirmable

DEVICES = 8  # the launch the experiment plays: ranks 0..7
SAMPLES = 2 * DEVICES  # rows of the small dataset, enough for every shard of a right launch
GENERATOR = "mindspore.dataset.engine.datasets_user_defined.GeneratorDataset"
NUMPY_SLICES = "mindspore.dataset.engine.datasets_user_defined.NumpySlicesDataset"
SAMPLER = "mindspore.dataset.engine.samplers.DistributedSampler"
WITHOUT_FILES = frozenset({GENERATOR, NUMPY_SLICES, SAMPLER})
SHARD_WORDS = ("num_shards", "shard_id")

NOT_LOCATED = Text("the flagged call's num_shards and shard_id could not be located", "找不到被标记调用的 num_shards 和 shard_id")
ONLY_NAMED = Text(
    "no communication call shows what %s holds: its value is known only in a multi-process launch (msrun/mpirun)",
    "没有通信调用表明 %s 的值：它只有在多进程启动（msrun/mpirun）时才知道",
)
BUILT = Text(
    "%s with num_shards=%s, shard_id=%s, as each of %s ranks would pass them (num_shards=0 to %s, shard_id=%s): %s",
    "%s，num_shards=%s、shard_id=%s，按 %s 个 rank 各自传入的值构建（num_shards=0 到 %s，shard_id=%s）：%s",
)
STANDING_IN = Text("%s (standing in for %s, which needs its files)", "%s（代替需要数据文件的 %s）")
OWN_ROWS = Text("%s of %s rows the probe gives it", "%s（使用探针提供的 %s 行数据）")
WITH_SAMPLER = Text("%s given to a NumpySlicesDataset of %s rows", "%s（用于 %s 行的 NumpySlicesDataset）")
REFUSED_ALL = Text("MindSpore refused all %s: %s", "MindSpore 拒绝了全部 %s 个：%s")
ACCEPTED = Text("MindSpore accepted %s; %s", "MindSpore 接受了 %s；%s")
NONE_REFUSED = Text("refused none", "一个也没有拒绝")
RANK = Text("rank %s", "%s 号 rank")
RANKS = Text("ranks %s", "%s 号 rank")
SAID = Text("%s: %s", "%s：%s")
AS_ON = Text("%s (as on %s)", "%s（%s 上的原文）")


class SwappedShards(Experiment):
    """Build a small dataset with num_shards=rank, shard_id=n for every rank of an n-device launch."""

    summary = (
        "where communication calls show both values, builds a small dataset with the swapped arguments as each "
        f"rank of a {DEVICES}-device launch would pass them (`num_shards=rank, shard_id={DEVICES}`) and iterates "
        "it once: the flagged class itself when it needs no files (`GeneratorDataset`, `NumpySlicesDataset`, a "
        "`DistributedSampler` given to a `NumpySlicesDataset`), else a `GeneratorDataset` standing in for it, "
        "named in the evidence; MindSpore refusing every rank confirms. Values only names show "
        "(`rank_id`, `rank_size`) are known only in the launch (unconfirmable)"
    )
    imports_user_code = False

    def plan(self, context: Context) -> Union[Task, Verdict]:
        from astroid import nodes  # pylint: disable=import-outside-toplevel  # the parent process only

        from ms_lint import options  # pylint: disable=import-outside-toplevel
        from ms_lint.semantics.names import catalog
        from ms_lint.semantics.program import sharding, training

        call = context.finding.node
        # Positional arguments are placed by the signature of the MindSpore that will run them.
        version = options.parse_version(options.installed_version() or "") or options.parse_version(catalog.version())
        passed = sharding.shard_arguments(call, version) if isinstance(call, nodes.Call) else None
        if passed is None:
            return unconfirmable(NOT_LOCATED)
        for value in passed:
            found = sharding.role(value)
            if found is None or not found.certain:
                return unconfirmable(ONLY_NAMED % (value.as_string(),))
        num_shards, shard_id = (value.as_string() for value in passed)
        payload = {
            "dataset": training.called(call),
            "written": call.func.as_string(),
            "num_shards": num_shards,
            "shard_id": shard_id,
        }
        return self.task(context, payload)

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        dataset = payload["dataset"]
        outcomes = [_outcome(runtime, dataset, rank, DEVICES) for rank in range(DEVICES)]
        return verdict(payload, outcomes)


def _outcome(runtime, dataset: str, num_shards: int, shard_id: int) -> Optional[str]:
    """What MindSpore said to these shard arguments, or None when it read the data with them."""
    import numpy as np  # pylint: disable=import-outside-toplevel  # in the child process only

    from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

    data = runtime.ms.dataset
    rows = np.arange(SAMPLES, dtype=np.float32)

    class Source:  # pylint: disable=too-few-public-methods
        """A random-access source (``__getitem__`` and ``__len__``): MindSpore shards no other."""

        def __getitem__(self, index):
            return (rows[index : index + 1],)

        def __len__(self):
            return SAMPLES

    try:
        if dataset == SAMPLER:
            sampler = data.DistributedSampler(num_shards=num_shards, shard_id=shard_id)
            built = data.NumpySlicesDataset(rows, sampler=sampler)
        elif dataset == NUMPY_SLICES:
            built = data.NumpySlicesDataset(rows, num_shards=num_shards, shard_id=shard_id)
        else:
            built = data.GeneratorDataset(Source(), ["x"], num_shards=num_shards, shard_id=shard_id)
        for _ in built.create_tuple_iterator(num_epochs=1, output_numpy=True):
            pass
    except Exception as error:  # pylint: disable=broad-except  # what MindSpore says is the measurement
        return _said(error, error_text(error))
    return None


def _said(error: BaseException, first_line: str) -> str:
    """The line of MindSpore's message about the shard arguments (its pipeline errors start with a
    generic line), else the message's first line."""
    for line in str(error).splitlines():
        line = line.strip().replace("[ERROR] ", "")
        if any(word in line for word in SHARD_WORDS):
            return f"{type(error).__name__}: {line}"
    return first_line


def _ranks(ranks: List[int]) -> str:
    """``rank 0``, ``ranks 1-7``, ``ranks 2, 5``."""
    if len(ranks) == 1:
        return RANK % (ranks[0],)
    if ranks == list(range(ranks[0], ranks[-1] + 1)):
        return RANKS % (f"{ranks[0]}-{ranks[-1]}",)
    return RANKS % (", ".join(str(rank) for rank in ranks),)


def _grouped(outcomes: List[Optional[str]]) -> List[Tuple[List[int], str]]:
    """The refused ranks grouped by what MindSpore said, but for the numbers in it (``range [0, 3)`` on
    rank 3), in rank order; each group's words are its first rank's."""
    groups: Dict[str, List[int]] = {}
    for rank, said in enumerate(outcomes):
        if said is not None:
            groups.setdefault(re.sub(r"\d+", "#", said), []).append(rank)
    found = []
    for ranks in sorted(groups.values()):
        said = outcomes[ranks[0]]
        alike = all(outcomes[rank] == said for rank in ranks)
        found.append((ranks, said if alike else AS_ON % (said, RANK % (ranks[0],))))
    return found


def verdict(payload: Dict[str, Any], outcomes: List[Optional[str]]) -> Verdict:
    """Confirmed when MindSpore refused every rank's arguments; not reproduced when it accepted any."""
    dataset, written = payload["dataset"], payload["written"]
    name = dataset.rpartition(".")[2]
    if dataset == SAMPLER:
        built = WITH_SAMPLER % (written, SAMPLES)
    elif dataset in WITHOUT_FILES:
        built = OWN_ROWS % (written, SAMPLES)
    else:
        built = STANDING_IN % ("GeneratorDataset", name)
    said = join("; ", [SAID % (_ranks(ranks), text) for ranks, text in _grouped(outcomes)])
    accepted = [rank for rank, text in enumerate(outcomes) if text is None]
    if accepted:
        result = ACCEPTED % (_ranks(accepted), said if len(accepted) < len(outcomes) else NONE_REFUSED)
    else:
        result = REFUSED_ALL % (len(outcomes), said)
    evidence = BUILT % (
        built, payload["num_shards"], payload["shard_id"], DEVICES, DEVICES - 1, DEVICES, result
    )
    return not_reproduced(evidence) if accepted else confirmed(evidence)
