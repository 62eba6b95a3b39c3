"""too-many-tensor-conditions: a graph-compiled function with many if/while on Tensor values."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.constants import WarningScope

from ms_lint.checkers.base import GraphChecker
from ms_lint.language import Text
from ms_lint.semantics.graph import control, scope, values

SYMBOL = "too-many-tensor-conditions"
OPTION = "mindspore-max-tensor-conditions"


class TooManyTensorConditionsChecker(GraphChecker):
    symbol = SYMBOL
    msgs = {
        "R7323": (
            Text(
                "Graph-compiled '%s' has %d if/while statements on Tensor values (limit %d): each one adds "
                "subgraphs, and compile time grows with their number. Replace small branches with ops.select "
                "or mint.where, decide constant conditions in __init__, or split the function.",
                "静态图编译的 '%s' 中有 %d 个基于 Tensor 值的 if/while 语句（上限 %d）：每个都会增加子图，"
                "编译时间随其数量增长。请用 ops.select 或 mint.where 替换小分支，在 __init__ 中确定常量条件，"
                "或拆分函数。",
            ),
            SYMBOL,
            Text(
                "MindSpore compiles each if/while on a Tensor value into separate subgraphs, so compile time "
                "grows with the number of such branches, even when they follow one another. Conditions the "
                "compiler decides (self.flag, x is None, shapes) cost nothing and are not counted.",
                "MindSpore 把每个基于 Tensor 值的 if/while 编译为单独的子图，因此即使这些分支前后相继，"
                "编译时间也随其数量增长。编译器能确定的条件（self.flag、x is None、形状）没有开销，不计入。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    options = (
        (
            OPTION,
            {
                "default": 16,
                "type": "int",
                "metavar": "<count>",
                "help": "Most if/while statements on Tensor values allowed in one graph-compiled function "
                "(too-many-tensor-conditions).",
            },
        ),
    )

    @only_required_for_messages(SYMBOL)
    def visit_functiondef(self, node: nodes.FunctionDef) -> None:
        limit = self.linter.config.mindspore_max_tensor_conditions
        kind = scope.graph_kind(node)
        if kind is None or len(control.branches(node)) <= limit:
            return
        found = list(control.tensor_conditions(node, values.evaluator(node)))
        if len(found) <= limit:
            return
        self.defer(node, args=(scope.display_name(node), len(found), limit), detail=(kind,))
