"""Dynamic shapes in graph-compiled code: slices with Tensor bounds, data-dependent operators.

Observed on MindSpore 2.10 (GRAPH_MODE): ``x[:k]``, ``x[k:]``, ``x[::k]`` and
``x[0:k, 1:3]`` with a Tensor ``k`` have a dynamic shape; so do boolean-mask
indexing ``x[x > 0]`` and the operators of :mod:`ms_lint.data.dynamic_shape_ops`.
Element indexing keeps a static shape even with a Tensor index (``x[k]``,
``x[idx]`` with an integer ``idx``, ``x[:, k]``), and so does assignment through a
subscript (``x[mask] = 0``, ``x[:k] = 1``): neither is reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, List, Optional

from astroid import nodes
from astroid.const import Context

from ms_lint.data.dynamic_shape_ops import DYNAMIC_SHAPE_OPS, DynamicShapeOp
from ms_lint.semantics.names import catalog, names
from ms_lint.semantics.graph.values import Evaluator, Kind

# Functional ops and Primitives whose result is a boolean Tensor.
BOOLEAN_OPS = frozenset(
    catalog.canonical(name)
    for name in (
        *(f"mindspore.ops.{op}" for op in (
            "logical_and", "logical_or", "logical_not", "logical_xor", "isnan", "isinf", "isfinite", "isclose",
            "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "gt", "ge", "lt", "le", "eq", "ne",
        )),
        *(f"mindspore.mint.{op}" for op in (
            "logical_and", "logical_or", "logical_not", "logical_xor", "isnan", "isinf", "isfinite", "isclose",
            "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "gt", "ge", "lt", "le", "eq", "ne",
        )),
    )
)
BOOLEAN_METHODS = frozenset(
    {
        "logical_and", "logical_or", "logical_not", "logical_xor", "isnan", "isinf", "isfinite", "isclose",
        "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "gt", "ge", "lt", "le", "eq", "ne",
        "bool",
    }
)
CAST_METHODS = frozenset({"astype", "to"})
CAST_OPS = frozenset({catalog.canonical("mindspore.ops.cast")})
BOOL_DTYPE = catalog.canonical("mindspore.bool_")
COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!="})
BITWISE = frozenset({"&", "|", "^"})
MAX_DEPTH = 6


@dataclass(frozen=True)
class Finding:
    """A dynamic-shape construct on proven Tensors: the node to report, what it is, and the operator if any."""

    node: nodes.NodeNG
    expr: nodes.NodeNG  # the bound, mask or call that makes the shape dynamic
    op: Optional[DynamicShapeOp] = None


def _slices(subscript: nodes.Subscript) -> List[nodes.Slice]:
    index = subscript.slice
    elements = index.elts if isinstance(index, nodes.Tuple) else [index]
    return [element for element in elements if isinstance(element, nodes.Slice)]


def _indices(subscript: nodes.Subscript) -> List[nodes.NodeNG]:
    index = subscript.slice
    elements = index.elts if isinstance(index, nodes.Tuple) else [index]
    return [element for element in elements if not isinstance(element, nodes.Slice)]


def is_read(subscript: nodes.Subscript) -> bool:
    """``x[...]`` read, not assigned to or deleted (``x[mask] = 0`` keeps the shape of ``x``)."""
    return subscript.ctx == Context.Load


def variable_slice_bounds(subscript: nodes.Subscript, evaluator: Evaluator) -> Iterator[Finding]:
    """The Tensor-valued bounds of the slices in ``x[a:b]``, ``x[:, :k]``, when ``x`` is a Tensor.

    ``x`` is a Tensor when the evaluator says so, or when it is indexed in several
    dimensions at once (``x[:, :k]``), which Python's own sequences do not support.
    """
    if not is_read(subscript):
        return
    # Literal bounds (x[1:-1]) are constants: skip the value analysis of x when all are.
    bounds = [
        bound
        for piece in _slices(subscript)
        for bound in (piece.lower, piece.upper, piece.step)
        if bound is not None and not _is_literal(bound)
    ]
    if not bounds or not _indexes_a_tensor(subscript, evaluator):
        return
    for bound in bounds:
        if evaluator.kind(bound) is Kind.TENSOR:
            yield Finding(node=subscript, expr=bound)


def _is_literal(expr: nodes.NodeNG) -> bool:
    """``3``, ``-1``, ``None``, ``...``: an index or bound that is a constant by its syntax."""
    if isinstance(expr, nodes.UnaryOp):
        expr = expr.operand
    return isinstance(expr, nodes.Const)


def _indexes_a_tensor(subscript: nodes.Subscript, evaluator: Evaluator) -> bool:
    base = evaluator.kind(subscript.value)
    if base is Kind.TENSOR:
        return True
    return base is Kind.UNKNOWN and isinstance(subscript.slice, nodes.Tuple)


def boolean_mask_index(subscript: nodes.Subscript, evaluator: Evaluator) -> Optional[Finding]:
    """``x[mask]`` with a boolean Tensor ``mask`` (a comparison, a logical op, a cast to bool)."""
    if not is_read(subscript):
        return None
    # Only these forms can be boolean Tensors (see is_boolean_tensor): for the others (x[0], x[-1],
    # x[i + 1]) skip the value analysis of x.
    candidates = [index for index in _indices(subscript) if isinstance(index, MASK_FORMS) and not _is_literal(index)]
    if not candidates or evaluator.kind(subscript.value) is not Kind.TENSOR:
        return None
    for index in candidates:
        if is_boolean_tensor(index, evaluator):
            return Finding(node=subscript, expr=index)
    return None


MASK_FORMS = (nodes.Compare, nodes.UnaryOp, nodes.BinOp, nodes.Call, nodes.Name)


def is_boolean_tensor(expr: nodes.NodeNG, evaluator: Evaluator, depth: int = 0) -> bool:
    """Whether an expression is a boolean Tensor, as the code makes it (never assumed for inputs)."""
    if depth > MAX_DEPTH or evaluator.kind(expr) is not Kind.TENSOR:
        return False
    if isinstance(expr, nodes.Compare):
        return all(op in COMPARISONS for op, _ in expr.ops)
    if isinstance(expr, nodes.UnaryOp) and expr.op == "~":
        return is_boolean_tensor(expr.operand, evaluator, depth + 1)
    if isinstance(expr, nodes.BinOp) and expr.op in BITWISE:
        return is_boolean_tensor(expr.left, evaluator, depth + 1) or is_boolean_tensor(expr.right, evaluator, depth + 1)
    if isinstance(expr, nodes.Call):
        return _boolean_call(expr, evaluator)
    if isinstance(expr, nodes.Name):
        values = _assigned_values(expr)
        return bool(values) and all(is_boolean_tensor(value, evaluator, depth + 1) for value in values)
    return False


def _boolean_call(call: nodes.Call, evaluator: Evaluator) -> bool:
    entity = names.entity(call.func)
    if entity is not None:
        if entity.path in BOOLEAN_OPS:
            return True
        return entity.path in CAST_OPS and len(call.args) > 1 and _is_bool_dtype(call.args[1])
    if isinstance(call.func, nodes.Attribute) and evaluator.kind(call.func.expr) is Kind.TENSOR:
        if call.func.attrname in BOOLEAN_METHODS:
            return True
        if call.func.attrname in CAST_METHODS and call.args:
            return _is_bool_dtype(call.args[0])
    return False


def _is_bool_dtype(expr: nodes.NodeNG) -> bool:
    entity = names.entity(expr)
    return entity is not None and entity.path == BOOL_DTYPE


def _assigned_values(name: nodes.Name) -> List[nodes.NodeNG]:
    found = []
    for binding in names.bindings(name):
        if not (isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Assign)):
            return []
        found.append(binding.parent.value)
    return found


# -- operators ------------------------------------------------------------------------


def _by_name():
    table = {}
    for op in DYNAMIC_SHAPE_OPS:
        for name in op.names:
            entity = catalog.lookup(name)
            table[entity.path if entity else name] = op
    return table


OPS_BY_PATH = _by_name()
OPS_BY_METHOD = {op.method: op for op in DYNAMIC_SHAPE_OPS if op.method}


def dynamic_shape_call(call: nodes.Call, evaluator: Evaluator) -> Optional[Finding]:
    """A call of an operator whose output shape depends on the data, in any of its forms."""
    entity = names.entity(call.func)
    if entity is not None:
        op = OPS_BY_PATH.get(entity.path)
        if op is None or entity.kind not in ("function", "primitive_instance"):
            return None
        return _decide(op, call, _argument(call, op, form="function"), evaluator)
    built = evaluator.origin(call.func)
    built_entity = names.called_entity(built) if built is not None else None
    if built_entity is not None:
        op = OPS_BY_PATH.get(built_entity.path)
        if op is None or built_entity.kind != "primitive":
            return None
        return _decide(op, call, _argument(call, op, form="primitive"), evaluator)
    if isinstance(call.func, nodes.Attribute) and call.func.attrname in OPS_BY_METHOD:
        if names.mindspore_name(call.func) or evaluator.kind(call.func.expr) is not Kind.TENSOR:
            return None
        op = OPS_BY_METHOD[call.func.attrname]
        return _decide(op, call, _argument(call, op, form="method"), evaluator)
    return None


def _argument(call: nodes.Call, op: DynamicShapeOp, form: str) -> Optional[nodes.NodeNG]:
    if op.value_argument is None:
        return None
    name, function_position, primitive_position, method_position = op.value_argument
    position = {"function": function_position, "primitive": primitive_position, "method": method_position}[form]
    for keyword in call.keywords or ():
        if keyword.arg == name:
            return keyword.value
    return call.args[position] if len(call.args) > position else None


def _decide(op: DynamicShapeOp, call: nodes.Call, argument, evaluator: Evaluator) -> Optional[Finding]:
    if op.value_argument is None:
        return Finding(node=call, expr=call, op=op)
    if argument is None or evaluator.kind(argument) is not Kind.TENSOR:
        return None
    return Finding(node=call, expr=argument, op=op)
