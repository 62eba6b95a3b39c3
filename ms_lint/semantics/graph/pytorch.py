"""Calls MindSpore accepts with another meaning than PyTorch's: which entry of the mapping table
(:mod:`ms_lint.data.pytorch`) a call falls under, and the numbers it passes.

``nn.BatchNorm2d(64, momentum=0.1)`` falls under the ``torch-momentum`` entry of
``mindspore.nn.BatchNorm2d`` when the target version is in the entry's range, and its
``momentum`` is the literal 0.1. Names come from the file's imports and the catalog, so
``torch.nn.BatchNorm2d`` in the same repository falls under nothing.
"""

from __future__ import annotations

import functools
from typing import Dict, Optional, Tuple, Union

from astroid import nodes

from ms_lint.data import pytorch as table
from ms_lint.semantics.graph import values
from ms_lint.semantics.names import arguments, catalog, names

Number = Union[int, float]
# Tensor methods whose results are Python or numpy values: run-time values, but no Tensor objects.
HOST_METHODS = frozenset({"asnumpy", "numpy", "tolist", "item"})
# Operators that give a Python scalar: in graph code a value of the run, but no Tensor.
SCALAR_OPS = frozenset({"ScalarCast", "scalar_cast"})
MAX_DEPTH = 4  # names followed to their values


@functools.lru_cache(maxsize=64)
def _entries(behaviour: str, version: Tuple[int, ...]) -> Dict[str, table.Mapping]:
    """The behaviour's entries for ``version``, by canonical catalog path."""
    return {catalog.canonical(name): entry for name, entry in table.semantics(behaviour, version).items()}


@functools.lru_cache(maxsize=64)
def basenames(behaviour: str) -> frozenset:
    """Names the MindSpore APIs of ``behaviour``'s table entries may be called by."""
    keys = (entry.key.partition(":") for entry in table.SEMANTICS_ENTRIES)
    return catalog.basenames_of(frozenset(catalog.canonical(name) for label, _, name in keys if label == behaviour))


def applies(behaviour: str, version: Tuple[int, ...]) -> bool:
    """Whether the table has an entry of ``behaviour`` for ``version``."""
    return bool(_entries(behaviour, version))


def entry_for(call: nodes.Call, behaviour: str, version: Tuple[int, ...]) -> Optional[Tuple[catalog.Entity, table.Mapping]]:
    """The catalog entity a call builds and its entry of ``behaviour``, if the entry holds for ``version``."""
    if not names.may_call(call, basenames(behaviour)):
        return None
    entity = names.called_entity(call)
    if entity is None:
        return None
    entry = _entries(behaviour, version).get(entity.path)
    return (entity, entry) if entry is not None else None


def bound(call: nodes.Call, entity: catalog.Entity) -> Dict[str, nodes.NodeNG]:
    """The call's arguments by the parameter names of the catalog's signature."""
    return arguments.bound(call, entity.args)


def number(expr: Optional[nodes.NodeNG]) -> Optional[Number]:
    """The int or float a literal is (``0.1``, ``-1``), or a name assigned exactly once to one."""
    if isinstance(expr, nodes.Name):
        expr = names.assigned_value(expr)
    if isinstance(expr, nodes.UnaryOp) and expr.op == "-":
        value = number(expr.operand) if isinstance(expr.operand, nodes.Const) else None
        return -value if value is not None else None
    if isinstance(expr, nodes.Const) and isinstance(expr.value, (int, float)) and not isinstance(expr.value, bool):
        return expr.value
    return None


def possible_numbers(name: nodes.Name) -> Optional[Tuple[Tuple[Number, ...], bool]]:
    """Every number a name may hold, and whether one is an argument's default (a caller may pass another).

    None unless each of its bindings is a plain ``name = <number>`` or an argument with a number
    as default: ``rate = 0.5`` then ``rate = 1.0`` in a branch gives ``((0.5, 1.0), False)``.
    """
    found, default = [], False
    for binding in names.bindings(name):
        parent = binding.parent if isinstance(binding, nodes.AssignName) else None
        if isinstance(parent, nodes.Assign) and parent.targets == [binding]:
            value = number(parent.value)
        elif isinstance(parent, nodes.Arguments):
            value, default = number(_default(parent, binding.name)), True
        else:
            return None
        if value is None:
            return None
        found.append(value)
    return (tuple(found), default) if found else None


def _default(arguments: nodes.Arguments, name: str) -> Optional[nodes.NodeNG]:
    try:
        return arguments.default_value(name)
    except Exception:  # pylint: disable=broad-except  # astroid's NoDefault
        return None


def tensor_object(evaluator: values.Evaluator, expr: nodes.NodeNG, depth: int = 0) -> bool:
    """A proven MindSpore Tensor, or a tuple or list of Tensors and values of unknown kind holding one
    (``(x, y)`` for ``ops.Concat``).

    Stricter than the value analysis's TENSOR (a value known only at run time): anything
    computed through ``x.asnumpy()`` or ``x.tolist()`` is a host value, not a Tensor.
    """
    if isinstance(expr, nodes.Name) and depth < MAX_DEPTH:
        assigned = names.assigned_value(expr)
        if assigned is not None:
            return tensor_object(evaluator, assigned, depth + 1)
    if _host_value(expr):
        return False
    if isinstance(expr, (nodes.Tuple, nodes.List)):
        if any(evaluator.is_constant(element) for element in expr.elts):
            return False  # a shape or padding spec, such as ((0, 0), (0, h % 2))
        return any(tensor_object(evaluator, element, depth + 1) for element in expr.elts)
    return evaluator.is_tensor(expr)


def _host_value(expr: nodes.NodeNG) -> bool:
    """Computed through ``x.asnumpy()``, ``x.tolist()`` or ``ops.ScalarCast()``: a Python or numpy value."""
    for call in expr.nodes_of_class(nodes.Call):
        if isinstance(call.func, nodes.Attribute) and call.func.attrname in HOST_METHODS:
            return True
        entity = names.called_entity(call)
        if entity is not None and entity.path.rpartition(".")[2] in SCALAR_OPS:
            return True
    return False
