"""cell-built-in-construct: a layer with weights, or a Dropout, created inside construct."""

from __future__ import annotations

from typing import Optional

from astroid import nodes
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import pytorch as table
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import pytorch
from ms_lint.semantics.names import catalog, names

SYMBOL = "cell-built-in-construct"
DROPOUTS = frozenset(
    f"mindspore.nn.layer.basic.{name}"
    for name in ("Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "DropoutExt", "Dropout2dExt")
)
WEIGHTS_EFFECT = Text(
    "its Parameters are created anew on every call, so they are never trained nor saved",
    "它的 Parameter 在每次调用时都重新创建，因此永远不会被训练或保存",
)
DROPOUT_EFFECT = Text(
    "a Cell created there is never in training mode, so it drops nothing",
    "在那里创建的 Cell 永远不处于训练模式，因此什么都不丢弃",
)


class CellBuiltInConstructChecker(MindSporeChecker):
    msgs = {
        "W7308": (
            Text(
                "%s is created inside %s.construct: %s. Create it once in __init__ (self.<name> = %s) and call it "
                "in construct.",
                "%s 在 %s.construct 中创建：%s。请在 __init__ 中创建一次（self.<name> = "
                "%s），再在 construct 中调用。",
            ),
            SYMBOL,
            Text(
                "A Cell created in construct is a new object on every call and is not an attribute of the network: "
                "trainable_params(), the optimizer, checkpoints and set_train() never see it. Its weights are never "
                "trained; a Dropout created there never drops.",
                "在 construct 中创建的 Cell 每次调用都是新对象，且不是网络的属性：trainable_params()、"
                "优化器、checkpoint 和 set_train() 都看不到它。它的权重永远不会被训练；在那里创建的 Dropout "
                "永远不会丢弃。",
            ),
        )
    }

    doc_appendix = staticmethod(lambda: table.semantics_table(table.BUILT_IN_CONSTRUCT))

    def callees(self) -> frozenset:
        return catalog.basenames_of(catalog.of_kind("cell"))

    def check_call(self, node: nodes.Call) -> None:
        function = node.frame()
        if not (isinstance(function, nodes.FunctionDef) and function.name == "construct"):
            return
        classdef = cells.enclosing_cell_class(node)
        if classdef is None or not pytorch.applies(table.BUILT_IN_CONSTRUCT, self.target().version):
            return
        effect = _effect(node)
        if effect is None or _kept_on_self(node, function) or _inside_cell_arguments(node):
            return
        built = node.as_string()
        self.add_message(SYMBOL, node=node, args=(built, classdef.name, effect, built), confidence=HIGH)


def _effect(call: nodes.Call) -> Optional[str]:
    """What goes wrong with the MindSpore Cell a call builds, or None for a Cell that is harmless there."""
    entity = names.called_entity(call)
    if entity is None or not entity.is_cell:
        return None
    if entity.path in DROPOUTS or catalog.canonical(entity.path) in DROPOUTS:
        return DROPOUT_EFFECT
    return WEIGHTS_EFFECT if cells.holds_parameters(call) is True else None


def _inside_cell_arguments(call: nodes.Call) -> bool:
    """A layer given to another MindSpore Cell built there (``nn.SequentialCell([nn.Dense(...)])``): that one is reported."""
    parent = call.parent
    while parent is not None and not parent.is_statement:
        if isinstance(parent, nodes.Call) and call is not parent.func:
            entity = names.called_entity(parent)
            if entity is not None and entity.is_cell:
                return True
        call, parent = parent, parent.parent
    return False


def _kept_on_self(call: nodes.Call, function: nodes.FunctionDef) -> bool:
    """``self.fc = nn.Dense(...)`` (lazily, on the first call), directly or through a local name."""
    parent = call.parent
    if not isinstance(parent, nodes.Assign):
        return False
    targets = parent.targets
    if any(isinstance(target, nodes.AssignAttr) for target in targets):
        return True
    local = {target.name for target in targets if isinstance(target, nodes.AssignName)}
    for assign in function.nodes_of_class(nodes.Assign):
        if isinstance(assign.value, nodes.Name) and assign.value.name in local:
            if any(isinstance(target, nodes.AssignAttr) for target in assign.targets):
                return True
    return False
