"""forward-without-construct: a Cell ported from PyTorch that defines forward() but no construct()."""

from __future__ import annotations

from typing import Optional

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.language import Text
from ms_lint.semantics import catalog, cells

SYMBOL = "forward-without-construct"


class ForwardWithoutConstructChecker(MindSporeChecker):
    msgs = {
        "E7301": (
            Text(
                "Cell '%s' defines forward() but no construct(): MindSpore runs construct(), so calling "
                "it fails with \"the method 'construct' is not defined\". Rename forward to construct.",
                "Cell '%s' 定义了 forward() 却没有 construct()：MindSpore 运行的是 construct()，"
                "因此调用它会失败，报错 \"the method 'construct' is not defined\"。请将 forward "
                "重命名为 construct。",
            ),
            SYMBOL,
            Text(
                "A MindSpore Cell computes in construct(), where a PyTorch Module uses forward(). A Cell "
                "ported without renaming it raises AttributeError on its first call.",
                "MindSpore 的 Cell 在 construct() 中计算，PyTorch 的 Module 则用 forward()。"
                "迁移时未重命名的 Cell 在第一次调用时抛出 AttributeError。",
            ),
        )
    }

    @only_required_for_messages(SYMBOL)
    def visit_classdef(self, node: nodes.ClassDef) -> None:
        forward = node.locals.get("forward")
        if not forward or not isinstance(forward[0], nodes.FunctionDef):
            return
        if cells.is_cell_class(node) is not True:
            return
        confidence = _lacks_construct(node)
        if confidence is not None:
            self.add_message(SYMBOL, node=forward[0], args=(node.name,), confidence=confidence)


def _lacks_construct(classdef: nodes.ClassDef) -> Optional[Confidence]:
    """HIGH if neither the class, nor any user or MindSpore ancestor but nn.Cell, has construct;
    INFERENCE if so for the ancestors it can read, and the others come after nn.Cell in the
    MRO (``class Net(nn.Cell, Mixin)``); None if it has construct, or may have."""
    lineage = cells.ancestry(classdef)
    if lineage.unresolved_before_cell:
        return None
    for user_class in (classdef, *lineage.user):
        if "construct" in user_class.locals or "__call__" in user_class.locals:
            return None
    # Each public MindSpore base records whether its own MRO defines construct.
    for name in lineage.mindspore - {catalog.CELL}:
        entity = catalog.lookup(name)
        if entity is not None and entity.is_cell and entity.construct:
            return None
    return HIGH if lineage.complete else INFERENCE
