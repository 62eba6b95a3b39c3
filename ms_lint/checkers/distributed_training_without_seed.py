"""distributed-training-without-seed: a distributed training program that never calls set_seed."""

from __future__ import annotations

from typing import Optional, Tuple

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint.checkers.base import Candidate, ProjectChecker
from ms_lint.language import Text
from ms_lint.semantics.names import catalog
from ms_lint.semantics.program import facts, training

SYMBOL = "distributed-training-without-seed"
NO_SEED = Text("the program never calls mindspore.set_seed", "程序从未调用 mindspore.set_seed")
VARYING_SEED = Text("the seed differs per rank or per run (%s)", "随机种子在各 rank 或各次运行之间不同（%s）")


class DistributedTrainingWithoutSeedChecker(ProjectChecker):
    symbol = SYMBOL
    msgs = {
        "W7342": (
            Text(
                "Distributed training set up by %s, but %s: each rank initialises different weights, dropout "
                "masks and shuffles. Call ms.set_seed(<same int on every rank>) before building the network, "
                "or set_auto_parallel_context(parameter_broadcast=True).",
                "分布式训练由 %s 设置，但%s：每个 rank 初始化的权重、dropout 掩码和数据打乱都不同。请在构建网络之前调用 "
                "ms.set_seed(<每个 rank 相同的整数>)，或 set_auto_parallel_context(parameter_broadcast=True)。",
            ),
            SYMBOL,
            Text(
                "In data or auto parallel training the gradients are all-reduced, so every rank must start from "
                "the same parameters; without a seed MindSpore's initialisers pick a random seed per process. "
                "Python's random.seed and per-rank seeds do not align them: use mindspore.set_seed with one value "
                "(np.random.seed with one value also aligns the initialisers, which draw from numpy's generator), "
                "parameter_broadcast=True, or always load a checkpoint.",
                "在数据并行或自动并行训练中梯度会被 all-reduce，因此每个 rank 必须从相同的参数开始；不设置随机种子时，"
                "MindSpore 的初始化器在每个进程中选取不同的随机种子。Python 的 random.seed 和每个 "
                "rank 不同的种子都无法对齐它们：请使用同一个值的 mindspore.set_seed（同一个值的 np.random.seed "
                "也能对齐从 numpy 生成器取数的初始化器）、parameter_broadcast=True，或始终加载 checkpoint。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    def __init__(self, linter=None) -> None:
        super().__init__(linter)
        self._module_reported = False  # one finding per module: its first distributed set-up

    def visit_module(self, node: nodes.Module) -> None:
        super().visit_module(node)
        self._module_reported = False

    def callees(self) -> frozenset:
        return catalog.basenames_of(training.DISTRIBUTED_APIS)

    def check_call(self, node: nodes.Call) -> None:
        if self._module_reported or not self._is_trigger(node):
            return
        self._module_reported = True
        self.defer(node, args=(self._describe(node), NO_SEED))

    @staticmethod
    def _describe(node: nodes.Call) -> str:
        mode = training.keyword(node, "parallel_mode")
        if mode is None:
            return node.as_string()
        return f"{node.func.as_string()}(parallel_mode={mode.as_string()})"

    @staticmethod
    def _is_trigger(node: nodes.Call) -> bool:
        """``communication.init()``, or a literal distributed ``parallel_mode``: the program's first sign."""
        kind = training.distributed(node)
        return kind is not None and kind != training.DYNAMIC

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        if not program.train_steps:
            return None  # no training step in sight: inference, evaluation, or a set-up helper alone
        if not program.gradient_exchanges:
            # Project.facts_for keeps only those of training programs nothing starts alike: the ranks of
            # every program above train alone, or a seed, a broadcast or a checkpoint aligns them.
            return None
        # HIGH only when the program's entry script and every user module it imports are in the project.
        return HIGH if program.scripts and not program.unseen_imports else INFERENCE

    def message_args(self, candidate: Candidate, program: facts.ProgramFacts) -> Tuple:
        if not program.varying_seeds:
            return candidate.args
        calls = ", ".join(sorted(program.varying_seeds)[:2])
        return candidate.args[0], VARYING_SEED % (calls,)
