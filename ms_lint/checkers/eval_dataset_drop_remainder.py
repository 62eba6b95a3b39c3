"""eval-dataset-drop-remainder: evaluation data batched with drop_remainder=True."""

from __future__ import annotations

import os
from typing import Dict, FrozenSet, Tuple

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint.checkers.base import ProjectChecker
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
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
        # batch call -> (confidence, why, node to report at, where, the functions whose callers it rests on)
        self._found: Dict[nodes.Call, Tuple] = {}

    def visit_module(self, node: nodes.Module) -> None:
        super().visit_module(node)
        self._found = {}

    def check_call(self, node: nodes.Call) -> None:
        if evaluation.dropping_batch(node):
            scope = evaluation.evaluation_scope(node)
            if scope is not None and evaluation.batches_one(node) is False and not evaluation.named_for_training(node):
                self._record(node, node, INFERENCE, IN_SCOPE % (scope,))
            return
        method = node.func.attrname if isinstance(node.func, nodes.Attribute) else None
        via: evaluation.Via = set()  # a model or data that is a parameter: what its function's callers pass
        if method in EVALUATED and evaluation.model_method(node, via):
            data = evaluation.model_argument(node, method, EVALUATED[method])
            for batch in evaluation.dropping_batches(data, via):
                self._record(batch, node, HIGH, AT_LINE % (f"Model.{method}", node.lineno), frozenset(via))
            return
        if not evaluation.may_ask_for_evaluation_split(node):
            return
        definition = cells.called_definition(node)
        split = evaluation.evaluation_split(node, definition) if isinstance(definition, nodes.FunctionDef) else None
        if split is not None:
            for batch in evaluation.factory_batches(node):
                self._record(batch, node, HIGH, AT_LINE % (f"{definition.name}(..., {split})", node.lineno))

    def _record(
        self, batch: nodes.Call, evidence: nodes.Call, confidence: Confidence, why: str, via: FrozenSet = frozenset()
    ) -> None:
        """Report each batch once: at the batch call when it is in this module, else at the first evidence."""
        known = self._found.get(batch)
        if known is not None and (known[0] is HIGH or confidence is not HIGH):
            return
        here = batch.root() is evidence.root()
        file_name = os.path.basename(batch.root().file or "")
        where = "" if here else ELSEWHERE % (batch.scope().name, file_name, batch.lineno)
        self._found[batch] = (confidence, why, batch if here else (known[2] if known else evidence), where, via)

    def leave_module(self, _: nodes.Module) -> None:
        for confidence, why, at, where, via in self._found.values():
            self.defer(at, (where, why), detail=(confidence.name, *sorted(via)))
        self._found = {}

    def decide(self, candidate, program):
        """A model or data that is a parameter is proven by the calls in its function's module: none elsewhere may differ."""
        del program
        if not self.called_only_in_their_modules(candidate.detail[1:]):
            return None
        return HIGH if candidate.detail[0] == HIGH.name else INFERENCE
