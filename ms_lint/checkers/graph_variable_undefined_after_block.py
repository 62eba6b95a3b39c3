"""graph-variable-undefined-after-block: a variable bound in one branch or a loop body only, read after it."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.constants import WarningScope

from ms_lint.checkers.base import SyntaxLevelChecker
from ms_lint.data import graph_syntax
from ms_lint.language import Text
from ms_lint.semantics.graph import control, scope, values

SYMBOL = "graph-variable-undefined-after-block"
BLOCK_NAMES = {
    control.IF_BRANCH: Text("one branch of", "条件语句的一个分支"),
    control.LOOP_BODY: Text("the body of", "循环体"),
}


class GraphVariableUndefinedAfterBlockChecker(SyntaxLevelChecker):
    symbol = SYMBOL
    msgs = {
        "E7326": (
            Text(
                "'%s' is assigned only in %s '%s' and read after it (line %d) in graph-compiled '%s': MindSpore "
                "refuses the read (UnboundLocalError). Fix: %s.",
                "'%s' 只在%s '%s' 中被赋值，却在其后（第 %d 行）被读取，位于静态图编译的 '%s' 中：MindSpore "
                "拒绝该读取（UnboundLocalError）。修复：%s。",
            ),
            SYMBOL,
            Text(
                "Python keeps a variable assigned in one branch of an if, or inside a loop, alive after the "
                "block; MindSpore's graph compiler does not: a variable must be assigned on every path through "
                "an if on a Tensor, and before a loop to be used after it. The network fails to compile.",
                "Python 在 if 的一个分支中或循环内赋值的变量在代码块之后仍然存在；MindSpore 的图编译则不然："
                "变量必须在基于 Tensor 的 if 的每条路径上都被赋值，并且要在循环之后使用就必须在循环之前赋值。网络编译失败。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    doc_appendix = staticmethod(lambda: graph_syntax.markdown(SYMBOL))

    @only_required_for_messages(SYMBOL)
    def visit_if(self, node: nodes.NodeNG) -> None:
        function = node.parent
        if not isinstance(function, nodes.FunctionDef) or scope.graph_kind(node) is None:
            return
        evaluator = values.evaluator(function)
        if not control.always_compiled(node, evaluator):
            return
        key = control.IF_BRANCH if isinstance(node, nodes.If) else control.LOOP_BODY
        for name, binding, read in control.names_bound_only_in_block(function, node, evaluator):
            header = scope.snippet(node, first_line=True).rstrip(":")
            args = (name, BLOCK_NAMES[key], header, read.lineno, scope.display_name(function))
            self.defer_refused(binding, key, function, args=args)  # where MindSpore's error points

    visit_for = visit_while = visit_if

    def message_args(self, candidate, program):
        entry = graph_syntax.BY_KEY[candidate.detail[1]]
        return (*candidate.args, entry.fix)
