"""cell-container-not-registered: Cells or Parameters kept in a plain list, tuple or dict on a Cell."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.interfaces import HIGH, INFERENCE

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.language import Text
from ms_lint.semantics.cells import cells, containers

SYMBOL = "cell-container-not-registered"
CELL_LIST_FIX = Text("Store them in nn.CellList (or nn.SequentialCell)", "请把它们存入 nn.CellList（或 nn.SequentialCell）")
FIXES = {
    "list": CELL_LIST_FIX,
    "tuple": CELL_LIST_FIX,
    "dict": Text("Store them in nn.CellDict", "请把它们存入 nn.CellDict"),
}
# nn.CellDict refuses SequentialCell, CellList and CellDict values; setattr names their parameters by key.
NESTED_DICT_FIX = Text(
    "Store each in its own attribute with setattr(self, key, value): nn.CellDict refuses "
    "SequentialCell, CellList and CellDict values",
    "请用 setattr(self, key, value) 把每个存入各自的属性：nn.CellDict 不接受 SequentialCell、CellList 和 CellDict 值",
)
UNKNOWN_DICT_FIX = Text(
    "Store them in nn.CellDict, or, if some are SequentialCell, CellList or CellDict (which "
    "nn.CellDict refuses), each in its own attribute with setattr(self, key, value)",
    "请把它们存入 nn.CellDict；如果其中有 SequentialCell、CellList 或 CellDict（nn.CellDict 不接受），"
    "则用 setattr(self, key, value) 把每个存入各自的属性",
)
# MindSpore's containers hold Cells or Parameters only; setattr registers each one where it is.
WITH_NONE_FIX = Text(
    "Register each one with setattr(self, name, value): MindSpore's containers refuse None",
    "请用 setattr(self, name, value) 逐个注册：MindSpore 的容器不接受 None",
)
CELLS_EFFECT = Text(
    "their weights are never trained nor saved in checkpoints, and GRAPH_MODE can fail with a "
    "duplicate parameter name",
    "它们的权重永远不会被训练，也不会保存到 checkpoint 中，且静态图模式（GRAPH_MODE）可能因参数名重复而失败",
)
PARAMETERS_EFFECT = Text(
    "they are never trained nor saved in checkpoints", "它们永远不会被训练，也不会保存到 checkpoint 中"
)
STATE_EFFECT = Text(
    "save_checkpoint leaves this state out, so training resumed from a checkpoint starts it again "
    "from its initial values",
    "save_checkpoint 不保存这些状态，因此从 checkpoint 恢复的训练会让它们从初始值重新开始",
)
PARAMETERS = Text("Parameters", " Parameter ")
CELLS_WITH_PARAMETERS = Text("Cells with parameters", "带参数的 Cell ")
PARAMETER_TUPLE_FIX = Text("Store them in a ParameterTuple", "请把它们存入 ParameterTuple")


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
            what = PARAMETERS
            effect = STATE_EFFECT if verdict.state else PARAMETERS_EFFECT
            fix = PARAMETER_TUPLE_FIX
        else:
            what, effect, fix = CELLS_WITH_PARAMETERS, CELLS_EFFECT, _cells_fix(container.kind, verdict)
        if verdict.with_none:
            fix = WITH_NONE_FIX
        args = (container.kind, container.attr, what, effect, fix)
        self.add_message(SYMBOL, node=container.target, args=args, confidence=confidence)


def _cells_fix(kind: str, verdict: containers.Verdict) -> Text:
    if kind != "dict" or verdict.nested is False:
        return FIXES[kind]
    return NESTED_DICT_FIX if verdict.nested else UNKNOWN_DICT_FIX
