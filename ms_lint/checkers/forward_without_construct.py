"""forward-without-construct: a Cell ported from PyTorch that defines forward() but no construct()."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.semantics import catalog, cells

SYMBOL = "forward-without-construct"


class ForwardWithoutConstructChecker(MindSporeChecker):
    msgs = {
        "E7301": (
            "Cell '%s' defines forward() but no construct(): MindSpore runs construct(), so calling "
            "it fails with \"the method 'construct' is not defined\". Rename forward to construct.",
            SYMBOL,
            "A MindSpore Cell computes in construct(), where a PyTorch Module uses forward(). A Cell "
            "ported without renaming it raises AttributeError on its first call.",
        )
    }

    @only_required_for_messages(SYMBOL)
    def visit_classdef(self, node: nodes.ClassDef) -> None:
        forward = node.locals.get("forward")
        if not forward or not isinstance(forward[0], nodes.FunctionDef):
            return
        if cells.is_cell_class(node) is not True or not _lacks_construct(node):
            return
        self.add_message(SYMBOL, node=forward[0], args=(node.name,), confidence=HIGH)


def _lacks_construct(classdef: nodes.ClassDef) -> bool:
    """True only if neither the class, nor any user or MindSpore ancestor but nn.Cell, has construct."""
    lineage = cells.ancestry(classdef)
    if not lineage.complete:
        return False
    for user_class in (classdef, *lineage.user):
        if "construct" in user_class.locals or "__call__" in user_class.locals:
            return False
    # Each public MindSpore base records whether its own MRO defines construct.
    for name in lineage.mindspore - {catalog.CELL}:
        entity = catalog.lookup(name)
        if entity is not None and entity.is_cell and entity.construct:
            return False
    return True
