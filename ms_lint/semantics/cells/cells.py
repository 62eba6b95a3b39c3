"""Which classes are Cells, and which expressions build objects that hold Parameters.

A call of a helper of the user's code (a function, or ``self._make_layer(...)`` in a
method) is followed into the values it returns.

Answers are three-valued where the code cannot tell: ``True``, ``False`` or ``None``
(unknown). Rules report certain answers at HIGH confidence, stay silent or lower
their confidence on unknown ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import FrozenSet, List, Optional

from astroid import nodes

from ms_lint.semantics.names import catalog, memo, names, resolve

MAX_DEPTH = 6
# Expressions that compute a value and never build a Cell or Parameter.
VALUE_EXPRESSIONS = (
    nodes.Const,
    nodes.BinOp,
    nodes.UnaryOp,
    nodes.BoolOp,
    nodes.Compare,
    nodes.JoinedStr,
    nodes.Lambda,
)
NOT_CELL_KINDS = frozenset(
    {"primitive", "function", "primitive_instance", "tensor", "dtype", "class", "dataset", "constant"}
)
# Values that are certainly not a Cell.
NOT_CELL_VALUES = (nodes.List, nodes.Tuple, nodes.Dict, nodes.Set, nodes.ListComp, nodes.DictComp, nodes.SetComp)


@dataclass(frozen=True)
class Ancestry:
    """The MindSpore classes a class derives from, and whether every base was resolved."""

    mindspore: FrozenSet[str]
    user: tuple  # user-code ClassDefs among the ancestors, nearest first
    complete: bool
    # Unresolved bases that may come before nn.Cell in the method resolution order, so may
    # define construct() for the class. One listed after nn.Cell in its class statement
    # (``class Net(nn.Cell, Mixin)``) comes after nn.Cell in the MRO of every subclass, and
    # cannot be a Cell itself (Python rejects that order): it does not count here.
    unresolved_before_cell: int = 0

    def derives_from(self, canonical: str) -> bool:
        return canonical in self.mindspore


def _entity_ancestry(entity: catalog.Entity) -> FrozenSet[str]:
    return frozenset((entity.path, *entity.mro))


@memo.per_run
def ancestry(classdef: nodes.ClassDef, depth: int = 0) -> Ancestry:
    """MindSpore and user ancestors of a class, following bases across user modules."""
    found: set = set()
    user: list = []
    complete = True
    before_cell = 0
    after_cell = False  # nn.Cell itself was listed among the bases so far
    for base in classdef.bases:
        entity = names.entity(base)
        if entity is not None and entity.kind != "module":
            found |= _entity_ancestry(entity)
            after_cell = after_cell or entity.path == catalog.CELL
            continue
        definition = resolve.definition(base)
        if isinstance(definition, nodes.ClassDef) and definition is not classdef and depth < MAX_DEPTH:
            parent = ancestry(definition, depth + 1)
            user.append(definition)
            user.extend(parent.user)
            found |= parent.mindspore
            complete = complete and parent.complete
            before_cell += parent.unresolved_before_cell
        elif not (isinstance(base, nodes.Name) and base.name == "object"):
            complete = False
            before_cell += 0 if after_cell else 1
    return Ancestry(frozenset(found), tuple(user), complete, before_cell)


def is_cell_class(classdef: nodes.ClassDef) -> Optional[bool]:
    """True if the class derives from ``nn.Cell``, False if certainly not, None if unknown."""
    lineage = ancestry(classdef)
    if lineage.derives_from(catalog.CELL):
        return True
    return False if lineage.complete else None


def enclosing_cell_class(node: nodes.NodeNG) -> Optional[nodes.ClassDef]:
    """The Cell class whose method contains ``node``, if any."""
    frame = node.frame()
    if isinstance(frame, nodes.FunctionDef) and isinstance(frame.parent, nodes.ClassDef):
        if is_cell_class(frame.parent):
            return frame.parent
    return None


def merge(results) -> Optional[bool]:
    """Any True wins; all False gives False; otherwise unknown."""
    results = list(results)
    if any(result is True for result in results):
        return True
    if all(result is False for result in results):
        return False
    return None


def builds_cell(expr: nodes.NodeNG, depth: int = 0) -> Optional[bool]:
    """Whether an expression builds a Cell instance: a Cell class's call, or a helper whose every return does."""
    if not isinstance(expr, nodes.Call):
        return False if isinstance(expr, (nodes.Const, *VALUE_EXPRESSIONS, *NOT_CELL_VALUES)) else None
    entity = names.called_entity(expr)
    if entity is not None:
        return entity.is_cell
    definition = called_definition(expr)
    if isinstance(definition, nodes.ClassDef):
        return is_cell_class(definition)
    if isinstance(definition, nodes.FunctionDef) and depth < MAX_DEPTH:
        values = returned_values(definition)
        return _agree(builds_cell(value, depth + 1) for value in values) if values else False
    return None


def lineage(expr: nodes.NodeNG, depth: int = 0) -> Optional[FrozenSet[str]]:
    """The MindSpore classes of the Cell an expression builds (through helpers' returns), if all are known."""
    if not isinstance(expr, nodes.Call) or depth > MAX_DEPTH:
        return None
    entity = names.called_entity(expr)
    if entity is not None:
        return _entity_ancestry(entity) if entity.is_cell else None
    definition = called_definition(expr)
    if isinstance(definition, nodes.ClassDef):
        found = ancestry(definition)
        return found.mindspore if found.complete and found.derives_from(catalog.CELL) else None
    if isinstance(definition, nodes.FunctionDef):
        found = [lineage(value, depth + 1) for value in returned_values(definition)]
        if found and all(item is not None for item in found):
            return frozenset().union(*found)
    return None


def called_definition(call: nodes.NodeNG) -> Optional[resolve.Definition]:
    """The user class or function a call calls, ``self.<method>(...)`` in a method included."""
    definition = resolve.called_definition(call)
    if definition is None and isinstance(call, nodes.Call):
        return self_method(call.func)
    return definition


def self_method(func: nodes.NodeNG) -> Optional[nodes.FunctionDef]:
    """The method ``self.<name>`` names inside a method of a class (or of its user ancestors)."""
    if not (isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name)):
        return None
    frame = func.frame()
    if not (isinstance(frame, nodes.FunctionDef) and isinstance(frame.parent, nodes.ClassDef)):
        return None
    positional = frame.args.posonlyargs + frame.args.args
    if frame.type != "method" or not positional or positional[0].name != func.expr.name:
        return None  # a staticmethod's first argument is not the instance
    return method(frame.parent, func.attrname)


def method(classdef: nodes.ClassDef, name: str) -> Optional[nodes.FunctionDef]:
    """The method ``name`` of a class, defined by it or its nearest user ancestor that binds the name."""
    for candidate in (classdef, *ancestry(classdef).user):
        members = candidate.locals.get(name, [])
        if len(members) == 1 and isinstance(members[0], nodes.FunctionDef):
            return members[0]
        if members:
            return None  # the nearest binding is not one plain method
    return None


def returned_values(function: nodes.FunctionDef) -> List[nodes.NodeNG]:
    """What a function returns: each ``return``'s value, a local name bound once followed to its value.

    A bare ``return`` gives ``None``; a function that may also fall off its end is taken at its returns.
    """
    if function.is_generator():
        return [nodes.Const(None)]  # a generator object, not a Cell
    found = []
    for ret in function.nodes_of_class(nodes.Return):
        if ret.frame() is not function:
            continue
        value = ret.value if ret.value is not None else nodes.Const(None)
        if isinstance(value, nodes.Name):
            value = names.assigned_value(value) or value
        found.append(value)
    return found


def _agree(results) -> Optional[bool]:
    """True or False when every result says so; otherwise unknown."""
    results = set(results)
    return results.pop() if len(results) == 1 else None


def holds_parameters(expr: nodes.NodeNG, depth: int = 0) -> Optional[bool]:
    """Whether the object an expression builds owns Parameters (directly or through sub-Cells).

    ``nn.Dense(2, 2)`` and ``Parameter(...)`` do; ``nn.ReLU()``, ``ops.Add()``,
    literals and plain Python objects do not; a factory or argument whose result
    cannot be followed is unknown.
    """
    if depth > MAX_DEPTH:
        return None
    if isinstance(expr, VALUE_EXPRESSIONS):
        return False
    if isinstance(expr, (nodes.List, nodes.Tuple, nodes.Set)):
        return merge(holds_parameters(elt, depth + 1) for elt in expr.elts) if expr.elts else False
    if isinstance(expr, nodes.Dict):
        return merge(holds_parameters(value, depth + 1) for _, value in expr.items) if expr.items else False
    if isinstance(expr, nodes.Starred):
        return holds_parameters(expr.value, depth + 1)
    if isinstance(expr, nodes.IfExp):
        return merge(holds_parameters(branch, depth + 1) for branch in (expr.body, expr.orelse))
    if isinstance(expr, nodes.Name):
        items = _local_list_items(expr)
        return merge(holds_parameters(item, depth + 1) for item in items) if items is not None else None
    if not isinstance(expr, nodes.Call):
        return None
    entity = names.called_entity(expr)
    if entity is not None:
        return _entity_holds_parameters(entity, expr, depth)
    definition = called_definition(expr)
    if isinstance(definition, nodes.ClassDef):
        if is_cell_class(definition) is False:
            return False
        return class_holds_parameters(definition, depth + 1)
    if isinstance(definition, nodes.FunctionDef):
        return _returns_hold_parameters(definition, depth + 1)
    return None


def _entity_holds_parameters(entity: catalog.Entity, call: nodes.Call, depth: int) -> Optional[bool]:
    if entity.kind == "parameter":
        return True
    if entity.path in catalog.REGISTERING_CONTAINERS:
        # As much as what it is given: fresh layers, or references to ones registered elsewhere.
        arguments = [*call.args, *(keyword.value for keyword in call.keywords or ())]
        return merge(holds_parameters(arg, depth + 1) for arg in arguments) if arguments else False
    if not entity.is_cell:
        # Primitives, functional ops, tensors and other MindSpore objects own no Parameters.
        return False if entity.kind in NOT_CELL_KINDS else None
    if entity.params is None:
        return None
    return entity.params > 0


def _self_assigned_values(classdef: nodes.ClassDef):
    """Values assigned to ``self.<attr>`` in the methods of a class."""
    for method in classdef.mymethods():
        if not method.args.args:
            continue
        self_name = method.args.args[0].name
        for assign in method.nodes_of_class((nodes.Assign, nodes.AnnAssign)):
            targets = assign.targets if isinstance(assign, nodes.Assign) else [assign.target]
            if assign.value is None:
                continue
            for target in targets:
                if isinstance(target, nodes.AssignAttr) and isinstance(target.expr, nodes.Name):
                    if target.expr.name == self_name:
                        yield assign.value


@memo.per_run
def class_holds_parameters(classdef: nodes.ClassDef, depth: int = 0) -> Optional[bool]:
    """Whether instances of a user Cell class own Parameters."""
    if depth > MAX_DEPTH:
        return None
    lineage = ancestry(classdef)
    inherited = []
    for name in lineage.mindspore:
        entity = catalog.lookup(name)
        if entity is not None and entity.is_cell and name != catalog.CELL:
            inherited.append(None if entity.params is None else entity.params > 0)
    own = [holds_parameters(value, depth + 1) for value in _self_assigned_values(classdef)]
    for parent in lineage.user:
        own.append(class_holds_parameters(parent, depth + 1) if parent is not classdef else None)
    results = inherited + own
    if any(result is True for result in results):
        return True
    if lineage.complete and all(result is False for result in results):
        return False
    return None


def _returns_hold_parameters(function: nodes.FunctionDef, depth: int) -> Optional[bool]:
    return merge(holds_parameters(value, depth) for value in returned_values(function))


def _local_list_items(name: nodes.Name) -> Optional[List[nodes.NodeNG]]:
    """The items of a local list built in its function: ``layers = []`` then ``layers.append(...)``.

    None when the name is not such a list, or is changed in a way not followed here.
    """
    literal = names.assigned_value(name)
    scope = name.scope()
    if not isinstance(literal, (nodes.List, nodes.Tuple)) or literal.scope() is not scope:
        return None
    items = list(literal.elts)
    for used in scope.nodes_of_class(nodes.Name):
        if used.name != name.name or used is name:
            continue
        parent = used.parent
        if isinstance(parent, nodes.Subscript) and isinstance(parent.parent, (nodes.Assign, nodes.AugAssign, nodes.Delete)):
            if parent is not getattr(parent.parent, "value", None):
                return None  # ``layers[0] = ...``, ``del layers[0]``
        if not isinstance(parent, nodes.Attribute):
            continue
        args = parent.parent.args if isinstance(parent.parent, nodes.Call) else []
        if parent.attrname == "extend" and args and isinstance(args[0], (nodes.List, nodes.Tuple)):
            items.extend(args[0].elts)
        elif parent.attrname in ("append", "insert") and args:
            items.append(args[-1])
        else:
            return None  # ``pop``, ``remove``, ``extend(other)``...
    return items


def attribute_values(classdef: nodes.ClassDef, attrname: str) -> Optional[List[nodes.NodeNG]]:
    """Every value assigned to ``self.<attrname>`` (or the class attribute) by the class and its user
    ancestors; None when a base is unresolved, or an assignment's value cannot be read."""
    lineage = ancestry(classdef)
    if not lineage.complete:
        return None
    found: List[nodes.NodeNG] = []
    for candidate in (classdef, *lineage.user):
        for target in (*candidate.locals.get(attrname, []), *candidate.instance_attrs.get(attrname, [])):
            statement = target.parent
            if isinstance(statement, (nodes.Assign, nodes.AnnAssign, nodes.AugAssign)) and statement.value is not None:
                found.append(statement.value)
            elif not isinstance(target, nodes.FunctionDef):
                return None  # unpacked, a loop target, a ``with ... as``
            else:
                return None  # a method of that name
    return found


def self_name(function: nodes.FunctionDef) -> Optional[str]:
    """The name of a method's instance argument (``self``), None for functions and static methods."""
    positional = function.args.posonlyargs + function.args.args
    if not isinstance(function.parent, nodes.ClassDef) or function.type != "method" or not positional:
        return None
    return positional[0].name
