"""graph-dynamic-shape-op: an operator whose output shape depends on the data, in graph-compiled code."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.constants import WarningScope

from ms_lint.checkers.base import GraphChecker
from ms_lint.data import dynamic_shape_ops
from ms_lint.language import Text
from ms_lint.semantics.graph import scope, shapes, values

SYMBOL = "graph-dynamic-shape-op"
BOOLEAN_MASK = Text("boolean-mask indexing", "布尔掩码索引")
WITH_TENSOR_K = Text("%s with a Tensor k", "k 为 Tensor 的 %s")


class GraphDynamicShapeOpChecker(GraphChecker):
    symbol = SYMBOL
    msgs = {
        "W7321": (
            Text(
                "'%s' in graph-compiled '%s' returns a Tensor whose shape depends on the data (%s): every "
                "operator after it gets a dynamic shape. To keep shapes static, %s.",
                "'%s'（位于静态图编译的 '%s' 中）返回一个形状取决于数据的 Tensor（%s）：其后的每个算子都会得到动态shape。"
                "要保持静态形状，%s。",
            ),
            SYMBOL,
            Text(
                "masked_select, nonzero, argwhere, unique, boolean-mask indexing x[mask] and topk with a "
                "Tensor k give outputs whose shape is known only at run time. In graph mode every later "
                "operator must then support dynamic shapes, which Ascend does only for some of them.",
                "masked_select、nonzero、argwhere、unique、布尔掩码索引 x[mask] 以及 "
                "k 为 Tensor 的 topk，其输出形状只有在运行时才知道。在静态图模式下其后的每个算子都必须支持动态shape，"
                "而 Ascend 只对其中一部分算子支持。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    in_graph_code_only = True

    def check_call(self, node: nodes.Call) -> None:
        kind = scope.graph_kind(node)
        if kind is None:
            return
        function = scope.enclosing_function(node)
        finding = shapes.dynamic_shape_call(node, values.evaluator(function))
        if finding is not None:
            what = finding.op.label if finding.op.value_argument is None else WITH_TENSOR_K % (finding.op.label,)
            self._defer(finding, function, kind, what, finding.op.fix)

    @only_required_for_messages(SYMBOL)
    def visit_subscript(self, node: nodes.Subscript) -> None:
        kind = scope.graph_kind(node)
        if kind is None:
            return
        function = scope.enclosing_function(node)
        finding = shapes.boolean_mask_index(node, values.evaluator(function))
        if finding is not None:
            self._defer(finding, function, kind, BOOLEAN_MASK, dynamic_shape_ops.KEEP_SHAPE)

    def _defer(self, finding: shapes.Finding, function: nodes.FunctionDef, kind: str, what: str, fix: str) -> None:
        args = (scope.snippet(finding.node), scope.display_name(function), what, fix)
        self.defer(finding.node, args=args, detail=(kind,))
