"""Values known from the code alone: literals, constants and simple arithmetic on them.

``STRIDE = 2 * 32`` at module level, then ``nn.Conv2d(..., stride=STRIDE)``: the
stride is 64. This small folder follows names assigned exactly once in the user's
own code and folds ``+ - * // %`` on ints and tuples. It never infers into
MindSpore or installed packages, and gives None for anything it cannot be sure of
(arguments, loop variables, names assigned twice, attributes, calls). :func:`number` does the
same for ints and floats (``loss_scale=2 ** 10``, ``LOSS_SCALE = 1024.0``).
"""

from __future__ import annotations

import operator
from typing import Optional, Union

from astroid import nodes

from ms_lint.semantics.names import names

Value = Union[int, str, tuple]
MAX_DEPTH = 8
# Folding stops at values this large: they are nothing an attribute would hold.
MAX_MAGNITUDE = 1 << 31
BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}
NUMERIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "**": operator.pow}


def fold(expr: Optional[nodes.NodeNG], depth: int = 0) -> Optional[Value]:
    """The int, str or tuple an expression always evaluates to, or None.

    Tuple elements that cannot be folded are None: ``(s, 64)`` gives ``(None, 64)``.
    """
    if expr is None or depth > MAX_DEPTH:
        return None
    try:
        return _fold(expr, depth + 1)
    except (ArithmeticError, TypeError, ValueError, RecursionError):
        return None


def _fold(expr: nodes.NodeNG, depth: int) -> Optional[Value]:
    if isinstance(expr, nodes.Const):
        value = expr.value
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            return None
        return value
    if isinstance(expr, (nodes.Tuple, nodes.List)):
        if any(isinstance(elt, nodes.Starred) for elt in expr.elts):
            return None
        return tuple(fold(elt, depth) for elt in expr.elts)
    if isinstance(expr, nodes.UnaryOp) and expr.op in ("-", "+"):
        operand = fold(expr.operand, depth)
        if isinstance(operand, int):
            return -operand if expr.op == "-" else operand
        return None
    if isinstance(expr, nodes.BinOp) and expr.op in BINARY:
        return _binary(expr.op, fold(expr.left, depth), fold(expr.right, depth))
    if isinstance(expr, nodes.Name):
        return _name(expr, depth)
    return None


def _binary(op: str, left: Optional[Value], right: Optional[Value]) -> Optional[Value]:
    if isinstance(left, int) and isinstance(right, int):
        result = BINARY[op](left, right)
        return result if abs(result) < MAX_MAGNITUDE else None
    if op == "+" and isinstance(left, tuple) and isinstance(right, tuple):
        return left + right
    if op == "*" and isinstance(left, tuple) and isinstance(right, int) and 0 <= right <= 8:
        return left * right
    if op == "*" and isinstance(right, tuple) and isinstance(left, int) and 0 <= left <= 8:
        return right * left
    return None


def _name(expr: nodes.Name, depth: int) -> Optional[Value]:
    """A name bound by exactly one plain assignment, in whatever scope it is looked up from."""
    return fold(_bound_value(expr), depth)


def _bound_value(expr: nodes.Name) -> Optional[nodes.NodeNG]:
    """The value a name is bound to by exactly one plain assignment, outside loops; else None."""
    binding = names.single_binding(expr)
    if binding is None:
        return None
    assign = binding.parent
    if not (isinstance(binding, nodes.AssignName) and isinstance(assign, (nodes.Assign, nodes.AnnAssign))):
        return None
    if isinstance(assign, nodes.Assign) and (len(assign.targets) != 1 or assign.targets[0] is not binding):
        return None
    if _rebound_in_loop(assign):
        return None
    return assign.value


def number(expr: Optional[nodes.NodeNG], depth: int = 0) -> Optional[float]:
    """The int or float an expression always evaluates to, as a float (``1024.0``, ``2 ** 10``,
    ``1 / 128``, a name bound once to one), or None. Booleans are not numbers here."""
    if expr is None or depth > MAX_DEPTH:
        return None
    try:
        value = _number(expr, depth + 1)
    except (ArithmeticError, TypeError, ValueError, RecursionError):
        return None
    return float(value) if value is not None and abs(value) < MAX_MAGNITUDE else None


def _number(expr: nodes.NodeNG, depth: int) -> Optional[Union[int, float]]:
    if isinstance(expr, nodes.Const):
        value = expr.value
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    if isinstance(expr, nodes.UnaryOp) and expr.op in ("-", "+"):
        operand = number(expr.operand, depth)
        return None if operand is None else -operand if expr.op == "-" else operand
    if isinstance(expr, nodes.BinOp) and expr.op in NUMERIC:
        left, right = number(expr.left, depth), number(expr.right, depth)
        if left is None or right is None or (expr.op == "**" and abs(right) > 64):
            return None
        return NUMERIC[expr.op](left, right)
    if isinstance(expr, nodes.Name):
        return number(_bound_value(expr), depth)
    return None


def _rebound_in_loop(statement: nodes.NodeNG) -> bool:
    """An assignment inside a loop may hold a different value at each iteration."""
    parent = statement.parent
    while parent is not None and not isinstance(parent, (nodes.FunctionDef, nodes.Module, nodes.ClassDef)):
        if isinstance(parent, (nodes.For, nodes.While)):
            return True
        parent = parent.parent
    return False
