"""graph-classmethod-call: a ``@classmethod`` of the Cell called through ``self`` in graph-compiled code."""

from __future__ import annotations

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import SyntaxLevelChecker
from ms_lint.data import graph_syntax
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import control, scope, values

SYMBOL = "graph-classmethod-call"
KEY = "ClassmethodCall"


def _is_classmethod(function: nodes.FunctionDef) -> bool:
    decorators = function.decorators.nodes if function.decorators else ()
    return any(isinstance(decorator, nodes.Name) and decorator.name == "classmethod" for decorator in decorators)


class GraphClassmethodCallChecker(SyntaxLevelChecker):
    symbol = SYMBOL
    msgs = {
        "E7330": (
            Text(
                "'%s' in graph-compiled '%s' calls the @classmethod '%s': MindSpore's graph compiler does not pass "
                "cls, so the call has one argument too few and fails to compile. Fix: %s.",
                "'%s'（位于静态图编译的 '%s' 中）调用了 @classmethod '%s'：MindSpore 的图编译不会传入 "
                "cls，因此调用少一个参数，编译失败。修复：%s。",
            ),
            SYMBOL,
            Text(
                "Graph code compiles a method called through self as a plain function of the arguments written at "
                "the call; a @classmethod's cls is never supplied, and MindSpore refuses the call ('The parameters "
                "number of the function is 2, but the number of provided arguments is 1').",
                "静态图代码把通过 self 调用的方法当作普通函数编译，只传入调用处写出的参数；@classmethod 的 cls "
                "永远不会被传入，MindSpore 拒绝该调用（'The parameters number of the function "
                "is 2, but the number of provided arguments is 1'）。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    doc_appendix = staticmethod(lambda: graph_syntax.markdown(SYMBOL))

    in_graph_code_only = True

    def check_call(self, node: nodes.Call) -> None:
        func = node.func
        if not (isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name)):
            return
        function = scope.enclosing_function(node)
        if function is None or func.expr.name != cells.self_name(function) or scope.graph_kind(node) is None:
            return
        if cells.is_cell_class(function.parent) is not True:
            return
        method = cells.method(function.parent, func.attrname)
        if method is None or not _is_classmethod(method):
            return
        if control.always_compiled(node, values.evaluator(function)):
            args = (scope.snippet(node), scope.display_name(function), func.attrname)
            self.defer_refused(node, KEY, function, args=args)

    def message_args(self, candidate, program):
        return (*candidate.args, graph_syntax.BY_KEY[KEY].fix)
