"""distributed-training-without-seed: a distributed training program that never calls set_seed."""

from __future__ import annotations

from typing import Optional, Tuple

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint.checkers.base import Candidate, ProjectChecker
from ms_lint.semantics import catalog, facts, training

SYMBOL = "distributed-training-without-seed"
NO_SEED = "the program never calls mindspore.set_seed"


class DistributedTrainingWithoutSeedChecker(ProjectChecker):
    symbol = SYMBOL
    msgs = {
        "W7342": (
            "Distributed training set up by %s, but %s: each rank initialises different weights, dropout "
            "masks and shuffles. Call ms.set_seed(<same int on every rank>) before building the network, "
            "or set_auto_parallel_context(parameter_broadcast=True).",
            SYMBOL,
            "In data or auto parallel training the gradients are all-reduced, so every rank must start from "
            "the same parameters; without a seed MindSpore's initialisers pick a random seed per process. "
            "Python's random.seed and per-rank seeds do not align them: use mindspore.set_seed with one value "
            "(np.random.seed with one value also aligns the initialisers, which draw from numpy's generator), "
            "parameter_broadcast=True, or always load a checkpoint.",
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
        if program.seeds or program.parameter_broadcast or program.checkpoint_loads:
            return None
        # HIGH only when the program's entry script and every user module it imports were linted.
        return HIGH if program.scripts and not program.unseen_imports else INFERENCE

    def message_args(self, candidate: Candidate, program: facts.ProgramFacts) -> Tuple:
        if not program.varying_seeds:
            return candidate.args
        calls = ", ".join(sorted(program.varying_seeds)[:2])
        return candidate.args[0], f"the seed differs per rank or per run ({calls})"
