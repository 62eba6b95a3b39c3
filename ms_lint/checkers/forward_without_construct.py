"""forward-without-construct: a Cell ported from PyTorch that defines forward() but no construct()."""

from __future__ import annotations

from typing import Optional

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
from ms_lint.semantics.names import catalog, names

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
        if not forward or not isinstance(forward[0], nodes.FunctionDef) or _is_placeholder(forward[0]):
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


def _is_placeholder(function: nodes.FunctionDef) -> bool:
    """An abstract ``forward`` its subclasses implement: ``@abstractmethod``, or a body (after its
    docstring) that only raises ``NotImplementedError`` or does nothing (``pass``, ``...``). A subclass
    that implements it as ``forward`` is reported itself."""
    decorators = function.decorators.nodes if function.decorators else []
    if any(names.basename(decorator) == "abstractmethod" for decorator in decorators):
        return True
    body = [statement for statement in function.body if not _is_docstring(statement)]
    if len(body) != 1:
        return not body
    statement = body[0]
    if isinstance(statement, nodes.Pass):
        return True
    if isinstance(statement, nodes.Expr) and isinstance(statement.value, nodes.Const):
        return statement.value.value is Ellipsis
    if isinstance(statement, nodes.Raise) and statement.exc is not None:
        raised = statement.exc.func if isinstance(statement.exc, nodes.Call) else statement.exc
        return names.basename(raised) == "NotImplementedError"
    return False


def _is_docstring(statement: nodes.NodeNG) -> bool:
    return isinstance(statement, nodes.Expr) and isinstance(statement.value, nodes.Const) and isinstance(
        statement.value.value, str
    )
