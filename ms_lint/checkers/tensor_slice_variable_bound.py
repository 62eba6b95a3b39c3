"""tensor-slice-variable-bound: a slice of a Tensor whose bound is a Tensor, in graph-compiled code."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.constants import WarningScope

from ms_lint.checkers.base import GraphChecker
from ms_lint.language import Text
from ms_lint.semantics.graph import scope, shapes, values

SYMBOL = "tensor-slice-variable-bound"


class TensorSliceVariableBoundChecker(GraphChecker):
    symbol = SYMBOL
    msgs = {
        "W7320": (
            Text(
                "Slice bound '%s' of '%s' is a Tensor in graph-compiled '%s', so the slice has a dynamic shape. "
                "Use a bound the compiler knows (a Python int, a self.<attr> set in __init__, x.shape[i]), or keep "
                "the full shape and mask the unwanted part (x * mask, ops.select).",
                "切片边界 '%s'（属于 '%s'）在静态图编译的 '%s' 中是 Tensor，因此切片具有动态shape。请使用编译器已知的边界（Python "
                "int、在 __init__ 中设置的 self.<attr>、x.shape[i]），或保持完整形状并用掩码屏蔽不需要的部分（x "
                "* mask、ops.select）。",
            ),
            SYMBOL,
            Text(
                "A slice whose start, stop or step is a Tensor has a shape known only at run time: every "
                "operator after it must handle a dynamic shape, which Ascend supports only for some operators "
                "and which makes later reshapes fail for some inputs. Slice bounds computed from Tensors "
                "(construct inputs, op results) are the usual cause.",
                "起点、终点或步长为 Tensor 的切片，其形状只在运行时才知道：其后的每个算子都必须处理动态shape，而 Ascend "
                "只对部分算子支持，并且会导致后续的 reshape 对某些输入失败。由 Tensor（construct 的输入、"
                "算子结果）计算出的切片边界是常见原因。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    @only_required_for_messages(SYMBOL)
    def visit_subscript(self, node: nodes.Subscript) -> None:
        kind = scope.graph_kind(node)
        if kind is None or not shapes.is_read(node):
            return
        function = scope.enclosing_function(node)
        for finding in shapes.variable_slice_bounds(node, values.evaluator(function)):
            args = (scope.snippet(finding.expr), scope.snippet(node.value), scope.display_name(function))
            self.defer(node, args=args, detail=(kind,))
            return  # one message per subscript
