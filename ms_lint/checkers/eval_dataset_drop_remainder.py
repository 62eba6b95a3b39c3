"""eval-dataset-drop-remainder: evaluation data batched with drop_remainder=True."""

from __future__ import annotations

import os
from typing import Dict, FrozenSet, Optional, Set, Tuple

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint.checkers.base import ProjectChecker
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
from ms_lint.semantics.names import options
from ms_lint.semantics.program import evaluation

SYMBOL = "eval-dataset-drop-remainder"
EVALUATED = {"eval": "valid_dataset", "fit": "valid_dataset"}
IN_SCOPE = Text("in %s", "位于 %s 中")
AT_LINE = Text("%s at line %s", "%s，第 %s 行")
ELSEWHERE = Text(" in %s (%s:%s)", "（位于 %s 中，%s:%s）")


class EvalDatasetDropRemainderChecker(ProjectChecker):
    symbol = SYMBOL
    msgs = {
        "W7344": (
            Text(
                "Evaluation data batched with drop_remainder=True%s (%s): the last incomplete batch is silently "
                "left out of the evaluation. Pass drop_remainder=False for evaluation data (drop_remainder=is_train "
                "in a factory shared with training).",
                "评估数据以 drop_remainder=True 分批%s（%s）：最后一个不完整的 batch 会被悄悄排除在评估之外。"
                "评估数据请传入 drop_remainder=False（在与训练共用的工厂函数中写 drop_remainder=is_train）"
                "。",
            ),
            SYMBOL,
            Text(
                "MindSpore's guide asks for drop_remainder=False when batching for inference or evaluation: with "
                "True, the samples of the last incomplete batch are never evaluated, so metrics are computed on "
                "part of the data and differ from the reference.",
                "MindSpore 指南要求推理或评估分批时使用 drop_remainder=False：为 True 时，最后一个不完整 "
                "batch 中的样本永远不会被评估，因此指标只在部分数据上计算，与参考值不同。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    def __init__(self, linter=None) -> None:
        super().__init__(linter)
        # batch call -> (confidence, evidence): each piece of evidence is (the call that asks for evaluation
        # data, why, the options its size is read from, the functions whose callers it rests on)
        self._found: Dict[nodes.Call, Tuple] = {}

    def visit_module(self, node: nodes.Module) -> None:
        super().visit_module(node)
        self._found = {}

    def check_call(self, node: nodes.Call) -> None:
        if evaluation.dropping_batch(node):
            scope = evaluation.evaluation_scope(node)
            read: Set[str] = set()
            if (
                scope is not None
                and evaluation.batches_one(node, read=read) is False
                and not evaluation.named_for_training(node)
            ):
                self._record(node, node, INFERENCE, IN_SCOPE % (scope,), read=frozenset(read))
            return
        method = node.func.attrname if isinstance(node.func, nodes.Attribute) else None
        via: evaluation.Via = set()  # a model or data that is a parameter: what its function's callers pass
        if method in EVALUATED and evaluation.model_method(node, via):
            data = evaluation.model_argument(node, method, EVALUATED[method])
            for batch, read in evaluation.dropping_batches(data, via):
                self._record(batch, node, HIGH, AT_LINE % (f"Model.{method}", node.lineno), frozenset(via), read)
            return
        if not evaluation.may_ask_for_evaluation_split(node):
            return
        definition = cells.called_definition(node)
        split = evaluation.evaluation_split(node, definition) if isinstance(definition, nodes.FunctionDef) else None
        if split is not None:
            for batch, read in evaluation.factory_batches(node):
                self._record(batch, node, HIGH, AT_LINE % (f"{definition.name}(..., {split})", node.lineno), read=read)

    def _record(
        self,
        batch: nodes.Call,
        evidence: nodes.Call,
        confidence: Confidence,
        why: str,
        via: FrozenSet = frozenset(),
        read: FrozenSet[str] = frozenset(),
    ) -> None:
        """Report each batch once: at the batch call when it is in this module, else at its evidence. Every
        piece of evidence of the best confidence is kept (the program may rule some out), those that rest on
        nothing first."""
        known = self._found.get(batch)
        if known is not None and known[0] is HIGH and confidence is not HIGH:
            return
        found = (evidence, why, tuple(sorted(read)), tuple(sorted(via)))
        kept = known[1] if known is not None and known[0] is confidence else []
        self._found[batch] = (confidence, [*kept, found])

    def leave_module(self, _: nodes.Module) -> None:
        for batch, (confidence, evidence) in self._found.items():
            evidence.sort(key=lambda found: bool(found[2] or found[3]))
            here = batch.root() is evidence[0][0].root()
            file_name = os.path.basename(batch.root().file or "")
            where = "" if here else ELSEWHERE % (batch.scope().name, file_name, batch.lineno)
            at = batch if here else evidence[0][0]
            self.defer(at, (where, evidence[0][1]), detail=(confidence.name, *(found[1:] for found in evidence)))
        self._found = {}

    def decide(self, candidate, program):
        """Reported when one piece of evidence holds: a model or data that is a parameter is proven by the calls
        in its function's module (none elsewhere may differ), and a size read from an option
        (``cfg.eval_batch_size``) is not one the program declares with the default 1."""
        if self._holding(candidate, program) is None:
            return None
        return HIGH if candidate.detail[0] == HIGH.name else INFERENCE

    def message_args(self, candidate, program):
        return candidate.args[0], self._holding(candidate, program)

    def _holding(self, candidate, program) -> Optional[str]:
        """The first piece of evidence (its text) the program does not rule out, or None."""
        for why, read, via in candidate.detail[1:]:
            if any("1" in options.defaults_of(option, program.integer_options) for option in read):
                continue
            if self.callers_confirm(via):
                return why
        return None
