"""unrolled-loop-tensor-condition: an if/while on a Tensor value inside a for loop of graph-compiled code."""

from __future__ import annotations

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import TensorConditionChecker
from ms_lint.semantics import control, scope

SYMBOL = "unrolled-loop-tensor-condition"


class UnrolledLoopTensorConditionChecker(TensorConditionChecker):
    symbol = SYMBOL
    msgs = {
        "R7324": (
            "'%s' on a Tensor inside 'for %s in %s' in graph-compiled '%s': graph mode unrolls the loop "
            "(%s), compiling the branch once per iteration. Loop with 'while' on a Tensor condition, "
            "or replace the branch with ops.select or mint.where.",
            SYMBOL,
            "In graph mode a for loop is unrolled: its body is copied once per iteration, and an if/while "
            "on a Tensor value in it becomes new subgraphs in every copy, so compile time grows with the "
            "trip count (and long loops exceed the call depth limit). A while loop on a Tensor condition "
            "is compiled once.",
            {"scope": WarningScope.LINE},
        )
    }

    def check_condition(self, node, kind, evaluator) -> None:
        loop = control.unrolling_loop(node, evaluator)
        if loop is None:
            return
        count = control.copies(loop)
        copies = f"{count} copies" if count is not None else "one copy per item"
        keyword = "while" if isinstance(node, nodes.While) else "if"
        target = loop.target
        names = ", ".join(scope.snippet(elt, 20) for elt in target.elts) if isinstance(target, nodes.Tuple) else None
        where = scope.display_name(scope.enclosing_function(node))
        args = (keyword, names or scope.snippet(target, 20), scope.snippet(loop.iter), where, copies)
        self.defer(node, args=args, detail=(kind,))
