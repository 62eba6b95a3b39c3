"""graph-break-in-bytecode-capture: syntax the graph compiler refuses, in a ``@jit(capture_mode="bytecode")`` function."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.constants import WarningScope
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import graph_syntax
from ms_lint.language import Text
from ms_lint.semantics.graph import scope
from ms_lint.semantics.program import facts

SYMBOL = "graph-break-in-bytecode-capture"
DEFINITIONS = (nodes.ClassDef, nodes.FunctionDef)


class GraphBreakInBytecodeCaptureChecker(MindSporeChecker):
    msgs = {
        "I7331": (
            Text(
                "'%s' in '%s', compiled with capture_mode=\"bytecode\": MindSpore cannot compile the %s, so this "
                "part of the function runs in PyNative (a graph break). For one graph: %s.",
                "'%s'（位于以 capture_mode=\"bytecode\" 编译的 '%s' 中）：MindSpore 无法编译 %s，"
                "因此函数的这一部分以动态图模式（PyNative）运行（图中断）。如需得到一张完整的图：%s。",
            ),
            SYMBOL,
            Text(
                "Bytecode capture (PIJit) compiles what it can and runs the rest of the function in PyNative "
                "instead of failing: the code works, but the graph the user asked for is split, and the split part "
                "runs at PyNative speed. @jit(fullgraph=True) turns such a break into an error.",
                "字节码捕获（PIJit）编译它能编译的部分，其余部分以动态图模式运行而不报错：代码能运行，但用户要求的图被拆开（裂图）"
                "，拆出的部分以动态图的速度运行。@jit(fullgraph=True) 会把这种图中断变成错误。",
            ),
            {"scope": WarningScope.NODE},
        )
    }

    @only_required_for_messages(SYMBOL)
    def visit_try(self, node: nodes.NodeNG) -> None:
        entry = graph_syntax.BY_KEY.get(graph_syntax.node_key(node))
        if entry is None or entry.rule != graph_syntax.UNSUPPORTED_SYNTAX:
            return
        function = scope.enclosing_function(node.parent if isinstance(node, DEFINITIONS) else node)
        if function is None or not scope.bytecode_capture(function):
            return
        if not entry.refused(self.target(facts.ProgramFacts()).version, None):
            return
        args = (scope.snippet(node, first_line=True), scope.display_name(function), entry.construct, entry.fix)
        self.add_message(SYMBOL, node=node, args=args, confidence=HIGH)

    visit_trystar = visit_delete = visit_set = visit_setcomp = visit_yield = visit_yieldfrom = visit_try
    visit_namedexpr = visit_match = visit_nonlocal = visit_import = visit_importfrom = visit_try
    visit_classdef = visit_asyncfunctiondef = visit_annassign = visit_dictcomp = visit_try
