"""graph-cell-parameters-call: a Cell's parameter-listing method called in graph-compiled code."""

from __future__ import annotations

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import SyntaxLevelChecker
from ms_lint.data import graph_syntax
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import control, scope, values

SYMBOL = "graph-cell-parameters-call"
KEY = "CellParameters"
# Cell methods MindSpore 2.10 refuses in construct (observed; parameters_and_names is a generator).
PARAMETER_METHODS = frozenset(
    {"trainable_params", "untrainable_params", "get_parameters", "parameters_dict", "parameters_and_names"}
)


class GraphCellParametersCallChecker(SyntaxLevelChecker):
    symbol = SYMBOL
    msgs = {
        "E7327": (
            Text(
                "'%s' in graph-compiled '%s' fails to compile: MindSpore does not support a Cell's parameter listing "
                "in construct or @jit code. Fix: %s.",
                "'%s'（位于静态图编译的 '%s' 中）编译失败：MindSpore 不支持在 construct 或 @jit "
                "代码中列出 Cell 的参数。修复：%s。",
            ),
            SYMBOL,
            Text(
                "trainable_params(), get_parameters() and their relatives build Python lists by walking the Cell "
                "tree, which graph code cannot do: MindSpore refuses the call when it compiles the network. The "
                "parameters are fixed once the Cell is built, so they can be listed in __init__.",
                "trainable_params()、get_parameters() 及类似方法通过遍历 Cell 树构建 Python "
                "列表，静态图代码无法这样做：MindSpore 在编译网络时拒绝该调用。Cell 构建完成后其参数就已固定，因此可以在 "
                "__init__ 中列出。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    doc_appendix = staticmethod(lambda: graph_syntax.markdown(SYMBOL))

    in_graph_code_only = True

    def callees(self) -> frozenset:
        return PARAMETER_METHODS

    def check_call(self, node: nodes.Call) -> None:
        func = node.func
        if not isinstance(func, nodes.Attribute) or func.attrname not in PARAMETER_METHODS:
            return
        function = scope.enclosing_function(node)
        if function is None or scope.graph_kind(node) is None or not self._on_own_cell(func, function):
            return
        if not control.always_compiled(node, values.evaluator(function)):
            return
        self.defer_refused(node, KEY, function, args=(scope.snippet(node), scope.display_name(function)))

    @staticmethod
    def _on_own_cell(func: nodes.Attribute, function: nodes.FunctionDef) -> bool:
        """``self.<method>()`` in a method of a Cell class that does not define the method itself."""
        classdef = function.parent
        if not isinstance(func.expr, nodes.Name) or func.expr.name != cells.self_name(function):
            return False
        if cells.is_cell_class(classdef) is not True or not cells.ancestry(classdef).complete:
            return False
        return all(func.attrname not in candidate.locals for candidate in (classdef, *cells.ancestry(classdef).user))

    def message_args(self, candidate, program):
        return (*candidate.args, graph_syntax.BY_KEY[KEY].fix)
