"""graph-attribute-not-parameter: ``self.<attr> = value`` in graph code at a syntax level that needs a Parameter."""

from __future__ import annotations

from typing import Optional

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.constants import WarningScope

from ms_lint.checkers.base import SyntaxLevelChecker
from ms_lint.data import graph_syntax
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import control, scope, values
from ms_lint.semantics.names import catalog, names

SYMBOL = "graph-attribute-not-parameter"
KEY = "AttributeAssign"
LITERALS = (nodes.Const, nodes.List, nodes.Tuple, nodes.Dict, nodes.Set, nodes.ListComp, nodes.DictComp)


def _is_plain_value(value: nodes.NodeNG) -> bool:
    """A value that is certainly no Parameter: a literal or container, or what a MindSpore op or Tensor() returns."""
    if isinstance(value, LITERALS):
        return True
    if isinstance(value, nodes.UnaryOp):
        return _is_plain_value(value.operand)
    entity = names.called_entity(value) if isinstance(value, nodes.Call) else None
    if entity is None:
        return False
    return entity.kind == "function" or entity.path == catalog.TENSOR


class GraphAttributeNotParameterChecker(SyntaxLevelChecker):
    symbol = SYMBOL
    msgs = {
        "E7328": (
            Text(
                "'%s' in graph-compiled '%s' assigns to '%s', which is not a Parameter: MindSpore refuses it at the "
                "STRICT and COMPATIBLE syntax levels, which this code is compiled at. Fix: %s.",
                "'%s'（位于静态图编译的 '%s' 中）给 '%s' 赋值，而它不是 Parameter：MindSpore "
                "在 STRICT 和 COMPATIBLE 语法支持级别下拒绝这样做，而这段代码正是以这些级别编译。修复：%s。",
            ),
            SYMBOL,
            Text(
                "Below the LAX syntax level (set_context(jit_syntax_level=STRICT or COMPATIBLE), @jit(fullgraph=True), "
                "and every graph before MindSpore 2.1) graph code may only assign attributes that are Parameters; "
                "any other self.<attr> = value fails to compile.",
                "低于 LAX 语法支持级别时（set_context(jit_syntax_level=STRICT 或 COMPATIBLE)、"
                "@jit(fullgraph=True)，以及 MindSpore 2.1 之前的所有静态图），静态图代码只能给 "
                "Parameter 属性赋值；其他 self.<attr> = value 都会编译失败。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    doc_appendix = staticmethod(lambda: graph_syntax.markdown(SYMBOL))

    @only_required_for_messages(SYMBOL)
    def visit_assignattr(self, node: nodes.AssignAttr) -> None:
        function = scope.enclosing_function(node)
        if function is None or scope.graph_kind(node) is None:
            return
        statement = node.parent
        if not isinstance(statement, (nodes.Assign, nodes.AugAssign)) or not self._plain_attribute(node, function):
            return
        if not control.always_compiled(statement, values.evaluator(function)):
            return
        args = (scope.snippet(statement, first_line=True), scope.display_name(function), f"self.{node.attrname}")
        self.defer_refused(statement, KEY, function, args=args)

    @staticmethod
    def _plain_attribute(node: nodes.AssignAttr, function: nodes.FunctionDef) -> bool:
        """``self.<attr>`` of a Cell whose every assignment of the attribute (outside this method) is a plain value."""
        classdef: Optional[nodes.ClassDef] = function.parent if isinstance(function.parent, nodes.ClassDef) else None
        if classdef is None or not isinstance(node.expr, nodes.Name) or node.expr.name != cells.self_name(function):
            return False
        if cells.is_cell_class(classdef) is not True:
            return False
        assigned = cells.attribute_values(classdef, node.attrname)
        if not assigned:
            return False
        before = [value for value in assigned if value.frame() is not function]
        return bool(before) and all(_is_plain_value(value) for value in before)

    def message_args(self, candidate, program):
        return (*candidate.args, graph_syntax.BY_KEY[KEY].fix)
