"""graph-tensor-to-numpy: a Tensor converted to numpy, or passed to numpy, below the LAX syntax level."""

from __future__ import annotations

from typing import Optional

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import SyntaxLevelChecker
from ms_lint.data import graph_syntax
from ms_lint.language import Text
from ms_lint.semantics.graph import control, scope, values
from ms_lint.semantics.names import names

SYMBOL = "graph-tensor-to-numpy"
CONVERSIONS = frozenset({"asnumpy", "tolist"})


def _is_conversion(expr: nodes.NodeNG) -> bool:
    """``x.asnumpy()``, or a name bound once to it: a numpy value, though the values analysis calls it a Tensor."""
    if isinstance(expr, nodes.Name):
        expr = names.assigned_value(expr)
    return isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Attribute) and expr.func.attrname in CONVERSIONS


def _key(call: nodes.Call, evaluator: values.Evaluator) -> Optional[str]:
    """The table key of ``x.asnumpy()`` / ``x.tolist()`` or ``np.<f>(..., x, ...)`` on a proven Tensor ``x``."""
    func = call.func
    if isinstance(func, nodes.Attribute) and func.attrname in CONVERSIONS and not call.args:
        return "TensorToNumpy" if evaluator.is_tensor(func.expr) else None
    qualified = names.qualified_name(func) if isinstance(func, (nodes.Name, nodes.Attribute)) else None
    if qualified and qualified.split(".")[0] == "numpy" and any(
        evaluator.is_tensor(arg) and not _is_conversion(arg) for arg in call.args
    ):
        return "NumpyCall"
    return None


class GraphTensorToNumpyChecker(SyntaxLevelChecker):
    symbol = SYMBOL
    msgs = {
        "E7329": (
            Text(
                "'%s' in graph-compiled '%s' hands a Tensor to numpy: MindSpore refuses it at the STRICT and "
                "COMPATIBLE syntax levels, which this code is compiled at. Fix: %s.",
                "'%s'（位于静态图编译的 '%s' 中）把 Tensor 交给 numpy：MindSpore 在 STRICT "
                "和 COMPATIBLE 语法支持级别下拒绝这样做，而这段代码正是以这些级别编译。修复：%s。",
            ),
            SYMBOL,
            Text(
                "Only the LAX syntax level (JIT Fallback) runs numpy on Tensor values inside graph code; at STRICT "
                "and COMPATIBLE (set_context(jit_syntax_level=...), @jit(fullgraph=True)) the network fails to "
                "compile. Numpy on compile-time constants (shapes, literals) is accepted at every level.",
                "只有 LAX 语法支持级别（JIT Fallback）会在静态图代码中对 Tensor 值运行 numpy；在 "
                "STRICT 和 COMPATIBLE 级别（set_context(jit_syntax_level=...)、"
                "@jit(fullgraph=True)）下网络编译失败。对编译期常量（形状、字面量）使用 numpy 在所有级别都被接受。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    doc_appendix = staticmethod(lambda: graph_syntax.markdown(SYMBOL))

    in_graph_code_only = True

    def check_call(self, node: nodes.Call) -> None:
        function = scope.enclosing_function(node)
        if function is None or scope.graph_kind(node) is None:
            return
        evaluator = values.evaluator(function)
        key = _key(node, evaluator)
        if key is None or not control.always_compiled(node, evaluator):
            return
        self.defer_refused(node, key, function, args=(scope.snippet(node), scope.display_name(function)))

    def message_args(self, candidate, program):
        return (*candidate.args, graph_syntax.BY_KEY[candidate.detail[1]].fix)
