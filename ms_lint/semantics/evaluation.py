"""Training and evaluation set-up: ``Model``'s methods, what an object was built by.

An object is followed back to the calls that built it through plain assignments and
``self.<attr>`` assignments of its class; the rules built on this module speak only when
every such call is known.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from astroid import nodes

from ms_lint.data import train_api
from ms_lint.semantics import cells, names, resolve, training

MAX_DEPTH = 6


def origins(expr: Optional[nodes.NodeNG], depth: int = 0) -> Optional[List[nodes.NodeNG]]:
    """The expressions an object may have been assigned from (calls, literals...), or None when
    some binding cannot be followed (a parameter, a loop variable, an unpacking)."""
    if expr is None or depth > MAX_DEPTH:
        return None
    if isinstance(expr, nodes.Name):
        bindings = names.bindings(expr)
        values = [_assigned(binding) for binding in bindings]
        if not values or any(value is None for value in values):
            return None
        return _followed(values, depth)
    if isinstance(expr, nodes.Attribute) and _is_self(expr.expr):
        classdef = expr.frame().parent
        assigned = [_assigned(target) for target in classdef.instance_attrs.get(expr.attrname, [])]
        if not assigned or any(value is None for value in assigned):
            return None
        return _followed(assigned, depth)
    return [expr]


def _followed(values: List[nodes.NodeNG], depth: int) -> Optional[List[nodes.NodeNG]]:
    found: List[nodes.NodeNG] = []
    for value in values:
        more = origins(value, depth + 1)
        if more is None:
            return None
        found.extend(more)
    return found


def _assigned(binding: nodes.NodeNG) -> Optional[nodes.NodeNG]:
    statement = binding.parent
    if isinstance(statement, nodes.Assign) and binding in statement.targets:
        return statement.value
    if isinstance(statement, nodes.AnnAssign) and statement.target is binding:
        return statement.value
    return None


def _is_self(expr: nodes.NodeNG) -> bool:
    if not isinstance(expr, nodes.Name):
        return False
    frame = expr.frame()
    if not (isinstance(frame, nodes.FunctionDef) and isinstance(frame.parent, nodes.ClassDef)):
        return False
    positional = frame.args.posonlyargs + frame.args.args
    return frame.type == "method" and bool(positional) and positional[0].name == expr.name


def builds(call: nodes.NodeNG, canonical: str) -> bool:
    """A call that builds an instance of the MindSpore class ``canonical`` or of a subclass (the
    user's own subclasses included)."""
    if not isinstance(call, nodes.Call):
        return False
    if canonical in training.lineage(training.called(call)):
        return True
    definition = resolve.called_definition(call)
    return isinstance(definition, nodes.ClassDef) and cells.ancestry(definition).derives_from(canonical)


def is_model(expr: nodes.NodeNG) -> bool:
    """Every value the expression may hold was built by ``mindspore.train.Model`` (or a subclass)."""
    found = origins(expr)
    return bool(found) and all(builds(value, training.MODEL) for value in found)


def model_method(call: nodes.Call) -> Optional[str]:
    """"train", "fit", "eval", "predict"... when the call is that method of a ``Model``."""
    func = call.func
    if not isinstance(func, nodes.Attribute) or not is_model(func.expr):
        return None
    return func.attrname


def model_argument(call: nodes.Call, method: str, name: str) -> Optional[nodes.NodeNG]:
    """The argument a call of ``Model.<method>`` passes for parameter ``name``, or None."""
    parameters = train_api.SIGNATURES.get(method, ())
    position = parameters.index(name) if name in parameters else None
    return training.keyword(call, name, position)


def metric_gaps(classdef: nodes.ClassDef) -> Optional[Tuple[str, ...]]:
    """For a user subclass of ``mindspore.train.Metric``: which of ``clear``/``update``/``eval``
    neither the class nor its user-written ancestors define.

    None when the class is no Metric, a base cannot be resolved, a built-in metric (``Accuracy``)
    provides the methods, or a class decorator may add them.
    """
    lineage = cells.ancestry(classdef)
    if lineage.mindspore != {train_api.METRIC} or not lineage.complete:
        return None
    own = (classdef, *lineage.user)
    if any(item.decorators for item in own):
        return None
    return tuple(name for name in train_api.METRIC_METHODS if not any(name in item.locals for item in own))
