"""graph-unsupported-syntax: a statement or expression MindSpore's graph compiler refuses."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.constants import WarningScope

from ms_lint.checkers.base import SyntaxLevelChecker
from ms_lint.data import graph_syntax
from ms_lint.language import Text
from ms_lint.semantics.graph import control, scope, values

SYMBOL = "graph-unsupported-syntax"
# Definitions are frames of their own: the graph code they sit in is their parent's.
DEFINITIONS = (nodes.ClassDef, nodes.FunctionDef)


class GraphUnsupportedSyntaxChecker(SyntaxLevelChecker):
    symbol = SYMBOL
    msgs = {
        "E7325": (
            Text(
                "'%s' in graph-compiled '%s' fails to compile: MindSpore's graph compiler refuses the %s (%s). Fix: %s.",
                "'%s'（位于静态图编译的 '%s' 中）编译失败：MindSpore 的图编译拒绝 %s（%s）。修复：%s。",
            ),
            SYMBOL,
            Text(
                "MindSpore compiles construct and @jit functions from their Python source and refuses the "
                "statements and expressions its parser has no graph form for (try, del, import, set literals, "
                "yield, walrus, match, class and async definitions). The program fails at its first call, "
                "with 'Unsupported statement' or 'Unsupported expression'.",
                "MindSpore 从 Python 源码编译 construct 和 @jit 函数，并拒绝其解析器没有对应图表示的语句和表达式（try、"
                "del、import、集合字面量、yield、海象运算符、match、类定义和 async 定义）。程序在第一次调用时失败，"
                "报错 'Unsupported statement' 或 'Unsupported expression'。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    doc_appendix = staticmethod(lambda: graph_syntax.markdown(SYMBOL))

    @only_required_for_messages(SYMBOL)
    def visit_try(self, node: nodes.NodeNG) -> None:
        self._check(node, graph_syntax.node_key(node))

    visit_trystar = visit_delete = visit_set = visit_setcomp = visit_yield = visit_yieldfrom = visit_try
    visit_namedexpr = visit_match = visit_nonlocal = visit_import = visit_importfrom = visit_try
    visit_classdef = visit_asyncfunctiondef = visit_annassign = visit_dictcomp = visit_try

    def _check(self, node: nodes.NodeNG, key: str) -> None:
        entry = graph_syntax.BY_KEY.get(key)
        if entry is None or entry.rule != SYMBOL:
            return
        inside = node.parent if isinstance(node, DEFINITIONS) else node
        kind = scope.graph_kind(inside)
        if kind is None:
            return
        function = scope.enclosing_function(inside)
        if not control.always_compiled(inside, values.evaluator(function)):
            return  # in a branch MindSpore may never compile
        args = (scope.snippet(node, first_line=True), scope.display_name(function))
        self.defer_refused(node, key, function, args=args)

    def message_args(self, candidate, program):
        entry = graph_syntax.BY_KEY[candidate.detail[1]]
        return (*candidate.args, entry.construct, entry.error.partition(": ")[2].rstrip("."), entry.fix)
