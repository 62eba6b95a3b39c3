"""distributed-dataset-not-sharded: data-parallel training on a dataset every rank reads whole."""

from __future__ import annotations

import os
from typing import Optional

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint.checkers.base import Candidate, ProjectChecker
from ms_lint.language import Text
from ms_lint.semantics.program import evaluation, facts

SYMBOL = "distributed-dataset-not-sharded"
TRAINING_METHODS = ("train", "fit")


class DistributedDatasetNotShardedChecker(ProjectChecker):
    symbol = SYMBOL
    msgs = {
        "W7347": (
            Text(
                "%s%s feeds data-parallel training (communication init() and parallel_mode=data_parallel) without "
                "num_shards/shard_id or a sampler: every rank reads the whole dataset, so an epoch is N times longer "
                "and each global batch repeats samples. Pass num_shards=get_group_size(), shard_id=get_rank() (after "
                "init()), or sampler=ds.DistributedSampler(...).",
                "%s%s 为数据并行训练（通信 init() 和 parallel_mode=data_parallel）提供数据，"
                "却没有 num_shards/shard_id 或 sampler：每个 rank 都读取整个数据集，因此一个 "
                "epoch 变长 N 倍，且每个全局 batch 中样本重复。请传入 num_shards=get_group_size(),"
                " shard_id=get_rank()（在 init() 之后），或 sampler=ds.DistributedSampler(...)。",
            ),
            SYMBOL,
            Text(
                "In data-parallel training each rank must read its own shard of the data: MindSpore's datasets do "
                "that only when given num_shards and shard_id (or a DistributedSampler). Without them every rank "
                "iterates the full dataset and the gradients average duplicated samples.",
                "数据并行训练中每个 rank 必须读取自己的数据切分：MindSpore 的数据集只有在给出 num_shards "
                "和 shard_id（或 DistributedSampler）时才会这样做。否则每个 rank 都遍历完整数据集，"
                "梯度平均的是重复的样本。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    def callees(self) -> frozenset:
        return frozenset(TRAINING_METHODS)

    def check_call(self, node: nodes.Call) -> None:
        method = node.func.attrname if isinstance(node.func, nodes.Attribute) else None
        via: evaluation.Via = set()  # a model or data that is a parameter: what its function's callers pass
        if method not in TRAINING_METHODS or not evaluation.model_method(node, via):
            return
        data = evaluation.model_argument(node, method, "train_dataset")
        sources = evaluation.dataset_chain(data, via=via)
        detail = tuple(sorted(via))  # once the chain is read: its parameters count too
        for source in sources:
            if not evaluation.unsharded_source(source) or not evaluation.made_unconditionally(source, sources, node.scope()):
                continue
            text = source.func.as_string() + "(...)"
            if source.root() is node.root():
                self.defer(source, args=(text, ""), detail=detail)
            else:  # the dataset is made in another module: say so where this program trains on it
                where = f" ({os.path.basename(source.root().file or '')}:{source.lineno})"
                self.defer(node, args=(text, where), detail=detail)

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        if "init" not in program.distributed or "data_parallel" not in program.distributed:
            return None
        if not self.callers_confirm(candidate.detail):
            return None
        # HIGH only when the program's entry script and every user module it imports are in the project.
        return HIGH if program.scripts and not program.unseen_imports else INFERENCE
