"""Which MindSpore object an expression holds, when the code proves it: a Cell, an optimizer or a Tensor.

A Cell is proven by its construction (``nn.Dense(...)``, ``Net()`` of a user Cell class whose
every base is read), a name bound once to one, ``self.<attr>`` whose every assignment builds
one, or ``self`` in a method of such a class; an optimizer is a Cell deriving from one of
MindSpore's optimizer bases; a Tensor is what :mod:`values` proves one. User classes may add
any attribute: :func:`lacks` looks at each one the object may be an instance of.

A parameter holds what every call of its function in its module passes (``def predict(net): ...``
then ``predict(nn.Dense(2, 2))``). Other modules may call the function too: the receiver names it
in ``via``, for a rule to ask the program that none does.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import FrozenSet, Iterable, List, Optional, Tuple

from astroid import nodes

from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import scope, values
from ms_lint.semantics.names import catalog, index, names, resolve

CELL, OPTIMIZER, TENSOR = "Cell", "Optimizer", "Tensor"
OPTIMIZER_BASES = frozenset(
    {"mindspore.nn.optim.optimizer.Optimizer", "mindspore.experimental.optim.optimizer.Optimizer"}
)
MAX_DEPTH = 4
# A user class answering these can have any attribute.
DYNAMIC_LOOKUPS = ("__getattr__", "__getattribute__")


@dataclass(frozen=True)
class Receiver:
    """A proven MindSpore object: its kind, MindSpore classes, and the user classes it may be an instance of."""

    kind: str  # CELL, OPTIMIZER or TENSOR
    mindspore: frozenset
    user: tuple = ()
    # (module, file, function name) of each function whose parameter it came through: proven by
    # the calls in that module, true if no other module calls the function.
    via: frozenset = frozenset()


def of(expr: nodes.NodeNG) -> Optional[Receiver]:
    """The MindSpore object ``expr`` holds, or None when the code does not prove one."""
    found = _cell(expr, 0)
    if found is not None:
        return found
    function = scope.enclosing_function(expr)
    if function is not None and values.evaluator(function).is_tensor(expr):
        return Receiver(TENSOR, frozenset({catalog.TENSOR}))
    return None


# A receiver as plain data, for a module's facts: (kind, MindSpore classes, those of the names asked
# about that a user class it may be an instance of binds).
Summary = Tuple[str, FrozenSet[str], FrozenSet[str]]


def summary(receiver: Receiver, asked: Iterable[str]) -> Summary:
    """The receiver as plain data, with those of the ``asked`` attribute names its user classes bind."""
    return receiver.kind, receiver.mindspore, frozenset(name for name in asked if user_defined(receiver, name))


def lacks(receiver: Receiver, attrname: str) -> bool:
    """Whether the object certainly has no attribute ``attrname`` (per the catalog and the user classes)."""
    return summary_lacks(summary(receiver, (attrname,)), attrname)


def summary_lacks(found: Summary, attrname: str) -> bool:
    """:func:`lacks` of a summary that was asked about ``attrname``."""
    kind, _, defined = found
    known = catalog.tensor_methods() if kind == TENSOR else catalog.cell_methods()
    return attrname not in known and attrname not in defined


def parameter_of_unseen_callers(expr: nodes.NodeNG) -> Optional[Tuple[Tuple[str, str, str], str]]:
    """For a parameter of a module-level function its module never calls nor uses as a value: the
    function's :func:`values.caller_key` and the parameter's name (what it holds is what the
    modules importing the function pass); None otherwise."""
    binding = names.single_binding(expr) if isinstance(expr, nodes.Name) else None
    if not isinstance(binding, nodes.AssignName) or not isinstance(binding.parent, nodes.Arguments):
        return None
    function, arguments = binding.parent.parent, binding.parent
    if not isinstance(function, nodes.FunctionDef) or not isinstance(function.parent, nodes.Module):
        return None
    if binding not in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
        return None
    found = values.callers(function)
    if found is None or found[0] is values.UNMATCHED or found[0]:
        return None
    return values.caller_key(function), binding.name


def user_defined(receiver: Receiver, attrname: str) -> bool:
    """Whether a user class the object may be an instance of binds ``attrname`` (or answers any name)."""
    return any(
        attrname in classdef.locals
        or attrname in classdef.instance_attrs
        or any(name in classdef.locals for name in DYNAMIC_LOOKUPS)
        for classdef in receiver.user
    )


def _cell(expr: nodes.NodeNG, depth: int) -> Optional[Receiver]:
    if depth > MAX_DEPTH:
        return None
    if isinstance(expr, nodes.Call):
        return _built(expr) or _joined([_cell(value, depth + 1) for value in resolve.returned(expr)])
    if isinstance(expr, nodes.Name):
        classdef = _self_class(expr)
        if classdef is not None:
            return _instance(classdef, open_to_subclasses=True)
        value = names.assigned_value(expr)
        if value is not None:
            return _cell(value, depth + 1)
        unpacked = _unpacked(expr)
        if unpacked:
            return _joined([_cell(value, depth + 1) for value in unpacked])
        return _passed(expr, depth)
    if isinstance(expr, nodes.Attribute) and isinstance(expr.expr, nodes.Name):
        classdef = _self_class(expr.expr)
        assigned = values.self_attribute_values(classdef, expr.attrname) if classdef is not None else []
        return _joined([_cell(value, depth + 1) if value is not None else None for value in assigned])
    return None


def _joined(found: List[Optional[Receiver]]) -> Optional[Receiver]:
    """What every one of several values holds, when each proves the same kind of object."""
    if not found or any(item is None for item in found) or len({item.kind for item in found}) != 1:
        return None
    if len(found) == 1:
        return found[0]
    return Receiver(
        found[0].kind,
        frozenset().union(*(item.mindspore for item in found)),
        tuple(user for item in found for user in item.user),
        frozenset().union(*(item.via for item in found)),
    )


def _passed(name: nodes.Name, depth: int) -> Optional[Receiver]:
    """A parameter: what each call of its function in its module passes, when each proves the same kind of object."""
    found = values.passed_arguments(names.single_binding(name))
    if found is None:
        return None
    function, passed = found
    joined = _joined([_cell(value, depth + 1) for value in passed])
    if joined is None:
        return None
    return dataclasses.replace(joined, via=joined.via | {values.caller_key(function)})


def _unpacked(name: nodes.Name) -> List[nodes.NodeNG]:
    """``net, opt = build()``: the values at the name's place in every tuple the called function
    returns (all of the same length), or nothing."""
    binding = names.single_binding(name)
    target = binding.parent if isinstance(binding, nodes.AssignName) else None
    statement = target.parent if isinstance(target, nodes.Tuple) else None
    if not (isinstance(statement, nodes.Assign) and statement.targets == [target] and isinstance(statement.value, nodes.Call)):
        return []
    if any(isinstance(element, nodes.Starred) for element in target.elts):
        return []
    place = target.elts.index(binding)
    tuples = resolve.returned(statement.value)
    if not tuples or not all(isinstance(value, nodes.Tuple) and len(value.elts) == len(target.elts) for value in tuples):
        return []
    return [value.elts[place] for value in tuples]


def primitive(expr: nodes.NodeNG) -> Optional[str]:
    """The MindSpore Primitive class (canonical path) whose instance ``expr`` holds: ``P.Less()``, a
    name bound once to one, or ``self.<attr>`` whose every assignment builds the same one."""
    return _primitive(expr, 0)


def _primitive(expr: nodes.NodeNG, depth: int) -> Optional[str]:
    if depth > MAX_DEPTH:
        return None
    if isinstance(expr, nodes.Call):
        entity = names.called_entity(expr)
        return entity.path if entity is not None and entity.kind == "primitive" else None
    if isinstance(expr, nodes.Name):
        value = names.assigned_value(expr)
        return _primitive(value, depth + 1) if value is not None else None
    if isinstance(expr, nodes.Attribute) and isinstance(expr.expr, nodes.Name):
        classdef = _self_class(expr.expr)
        assigned = values.self_attribute_values(classdef, expr.attrname) if classdef is not None else []
        found = {_primitive(value, depth + 1) if value is not None else None for value in assigned}
        return found.pop() if len(found) == 1 else None
    return None


def _built(call: nodes.Call) -> Optional[Receiver]:
    """The Cell a constructor call builds: a MindSpore Cell class, or a user Cell class read whole."""
    entity = names.called_entity(call)
    if entity is not None:
        return _receiver(frozenset((entity.path, *entity.mro)), ()) if entity.is_cell else None
    definition = resolve.called_definition(call)
    return _instance(definition, open_to_subclasses=False) if isinstance(definition, nodes.ClassDef) else None


def _instance(classdef: nodes.ClassDef, open_to_subclasses: bool) -> Optional[Receiver]:
    """An instance of a user class: a Cell when every base is read and one is nn.Cell.

    ``self`` may also be an instance of a subclass: those of the same module count too.
    """
    lineage = cells.ancestry(classdef)
    if not lineage.complete or not lineage.derives_from(catalog.CELL):
        return None
    user = (classdef, *lineage.user)
    if open_to_subclasses:
        user += tuple(other for other in index.of(classdef.root()).classes if classdef in cells.ancestry(other).user)
    return _receiver(lineage.mindspore, user)


def _receiver(mindspore: frozenset, user: tuple) -> Optional[Receiver]:
    if catalog.CELL not in mindspore:
        return None
    return Receiver(OPTIMIZER if mindspore & OPTIMIZER_BASES else CELL, mindspore, user)


def _self_class(name: nodes.Name) -> Optional[nodes.ClassDef]:
    """The class whose instance ``name`` is: the first parameter of one of its plain methods."""
    binding = names.single_binding(name)
    if not isinstance(binding, nodes.AssignName) or not isinstance(binding.parent, nodes.Arguments):
        return None
    method = binding.parent.parent
    if not isinstance(method, nodes.FunctionDef) or method.type != "method":
        return None
    positional = method.args.posonlyargs + method.args.args
    if not positional or positional[0] is not binding or not isinstance(method.parent, nodes.ClassDef):
        return None
    return method.parent
