"""unrolled-loop-tensor-condition: an if/while on a Tensor value inside a for loop of graph-compiled code."""

from __future__ import annotations

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import TensorConditionChecker
from ms_lint.language import Text
from ms_lint.semantics.graph import control, scope

SYMBOL = "unrolled-loop-tensor-condition"
COPIES = Text("%s copies", "%s 份副本")
COPY_PER_ITEM = Text("one copy per item", "每个元素一份副本")


class UnrolledLoopTensorConditionChecker(TensorConditionChecker):
    symbol = SYMBOL
    msgs = {
        "R7324": (
            Text(
                "'%s' on a Tensor inside 'for %s in %s' in graph-compiled '%s': graph mode unrolls the loop "
                "(%s), compiling the branch once per iteration. Loop with 'while' on a Tensor condition, "
                "or replace the branch with ops.select or mint.where.",
                "基于 Tensor 的 '%s' 位于 'for %s in %s' 内，在静态图编译的 '%s' 中：静态图模式会展开该循环（%s）"
                "，每次迭代都编译一次该分支。请改用以 Tensor 为条件的 'while' 循环，或用 ops.select "
                "或 mint.where 替换该分支。",
            ),
            SYMBOL,
            Text(
                "In graph mode a for loop is unrolled: its body is copied once per iteration, and an if/while "
                "on a Tensor value in it becomes new subgraphs in every copy, so compile time grows with the "
                "trip count (and long loops exceed the call depth limit). A while loop on a Tensor condition "
                "is compiled once.",
                "在静态图模式下 for 循环会被展开：循环体每次迭代复制一份，其中基于 Tensor 值的 if/while 在每份副本中都成为新的子图，"
                "因此编译时间随迭代次数增长（过长的循环会超出调用深度限制）。以 Tensor 为条件的 while 循环只编译一次。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    def check_condition(self, node, kind, evaluator) -> None:
        loop = control.unrolling_loop(node, evaluator)
        if loop is None:
            return
        count = control.copies(loop)
        copies = COPIES % (count,) if count is not None else COPY_PER_ITEM
        keyword = "while" if isinstance(node, nodes.While) else "if"
        target = loop.target
        names = ", ".join(scope.snippet(elt, 20) for elt in target.elts) if isinstance(target, nodes.Tuple) else None
        where = scope.display_name(scope.enclosing_function(node))
        args = (keyword, names or scope.snippet(target, 20), scope.snippet(loop.iter), where, copies)
        self.defer(node, args=args, detail=(kind,))
