"""nested-tensor-condition: if/while on Tensor values nested too deep in graph-compiled code."""

from __future__ import annotations

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import TensorConditionChecker
from ms_lint.language import Text
from ms_lint.semantics.graph import control, scope

SYMBOL = "nested-tensor-condition"
OPTION = "mindspore-max-tensor-condition-depth"


class NestedTensorConditionChecker(TensorConditionChecker):
    symbol = SYMBOL
    msgs = {
        "R7322": (
            Text(
                "'%s' on a Tensor is nested %d deep in Tensor conditions in graph-compiled '%s' (limit %d). "
                "Compute both branches and pick the result with ops.select or mint.where, or make the outer "
                "conditions constants (flags set in __init__).",
                "基于 Tensor 的 '%s' 嵌套在 %d 层 Tensor 条件中，位于静态图编译的 '%s' 中（上限 "
                "%d）。请计算两个分支并用 ops.select 或 mint.where 选取结果，或把外层条件改为常量（在 "
                "__init__ 中设置的标志）。",
            ),
            SYMBOL,
            Text(
                "Each if/while on a Tensor value splits the compiled graph into subgraphs, and nested ones "
                "multiply them: MindSpore's docs warn that several layers of conditional control statements "
                "make graph compilation slow. Conditions the compiler decides (self.flag, x is None, shapes) "
                "cost nothing and are not counted.",
                "每个基于 Tensor 值的 if/while 都会把编译出的图拆分成子图，嵌套会使子图成倍增加：MindSpore "
                "文档警告多层条件控制语句会使图编译变慢。编译器能确定的条件（self.flag、x is None、形状）没有开销，"
                "不计入。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    options = (
        (
            OPTION,
            {
                "default": 3,
                "type": "int",
                "metavar": "<depth>",
                "help": "Deepest nesting of if/while statements on Tensor values allowed in graph-compiled "
                "code (nested-tensor-condition).",
            },
        ),
    )

    def check_condition(self, node, kind, evaluator) -> None:
        if control.is_elif(node) and control.is_tensor_condition(node.parent, evaluator):
            return  # an elif of a reported if is part of the same finding
        limit = self.linter.config.mindspore_max_tensor_condition_depth
        outer = control.enclosing_tensor_conditions(node, evaluator)
        if len(outer) + 1 != limit + 1:
            return  # report only the first level past the limit, not every level inside it
        keyword = "while" if isinstance(node, nodes.While) else "if"
        args = (keyword, len(outer) + 1, scope.display_name(scope.enclosing_function(node)), limit)
        self.defer(node, args=args, detail=(kind,))
