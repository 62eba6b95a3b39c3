"""cell-container-not-registered: Cells or Parameters kept in a plain list, tuple or dict on a Cell."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.interfaces import HIGH, INFERENCE

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.language import Text
from ms_lint.semantics import cells, containers

SYMBOL = "cell-container-not-registered"
FIXES = {
    "list": "Store them in nn.CellList (or nn.SequentialCell)",
    "tuple": "Store them in nn.CellList (or nn.SequentialCell)",
    "dict": "Store them in nn.CellDict",
}
# nn.CellDict refuses SequentialCell, CellList and CellDict values; setattr names their parameters by key.
NESTED_DICT_FIX = (
    "Store each in its own attribute with setattr(self, key, value): nn.CellDict refuses "
    "SequentialCell, CellList and CellDict values"
)
UNKNOWN_DICT_FIX = (
    "Store them in nn.CellDict, or, if some are SequentialCell, CellList or CellDict (which "
    "nn.CellDict refuses), each in its own attribute with setattr(self, key, value)"
)
# MindSpore's containers hold Cells or Parameters only; setattr registers each one where it is.
WITH_NONE_FIX = "Register each one with setattr(self, name, value): MindSpore's containers refuse None"
CELLS_EFFECT = (
    "their weights are never trained nor saved in checkpoints, and GRAPH_MODE can fail with a "
    "duplicate parameter name"
)
PARAMETERS_EFFECT = "they are never trained nor saved in checkpoints"
STATE_EFFECT = (
    "save_checkpoint leaves this state out, so training resumed from a checkpoint starts it again "
    "from its initial values"
)


class CellContainerNotRegisteredChecker(MindSporeChecker):
    msgs = {
        "W7300": (
            Text(
                "Plain %s 'self.%s' holds %s that MindSpore does not register: %s. %s.",
                "普通 %s 'self.%s' 中保存的%s不会被 MindSpore 注册：%s。%s。",
            ),
            SYMBOL,
            Text(
                "nn.Cell registers only the Cells, Parameters and MindSpore containers assigned to its "
                "attributes; elements of a plain list, tuple or dict are invisible to trainable_params(), "
                "the optimizer and save_checkpoint. Wrap the container in nn.CellList, nn.SequentialCell, "
                "nn.CellDict or ParameterTuple.",
                "nn.Cell 只注册赋值给其属性的 Cell、Parameter 和 MindSpore 容器；普通 list、"
                "tuple 或 dict 中的元素对 trainable_params()、优化器和 save_checkpoint "
                "都不可见。请将容器换成 nn.CellList、nn.SequentialCell、nn.CellDict 或 "
                "ParameterTuple。",
            ),
        )
    }

    @only_required_for_messages(SYMBOL)
    def visit_classdef(self, node: nodes.ClassDef) -> None:
        if cells.is_cell_class(node) is not True:
            return
        for container in containers.unregistered_containers(node):
            verdict = containers.verdict(container)
            if verdict.certain or verdict.possible:
                self._report(container, verdict, HIGH if verdict.certain else INFERENCE)

    def _report(self, container: containers.PlainContainer, verdict: containers.Verdict, confidence) -> None:
        if verdict.parameters_only:
            what = "Parameters"
            effect = STATE_EFFECT if verdict.state else PARAMETERS_EFFECT
            fix = "Store them in a ParameterTuple"
        else:
            what, effect, fix = "Cells with parameters", CELLS_EFFECT, _cells_fix(container.kind, verdict)
        if verdict.with_none:
            fix = WITH_NONE_FIX
        args = (container.kind, container.attr, what, effect, fix)
        self.add_message(SYMBOL, node=container.target, args=args, confidence=confidence)


def _cells_fix(kind: str, verdict: containers.Verdict) -> str:
    if kind != "dict" or verdict.nested is False:
        return FIXES[kind]
    return NESTED_DICT_FIX if verdict.nested else UNKNOWN_DICT_FIX
