"""Plain Python containers stored on a Cell, and whether MindSpore registers what they hold.

``self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]`` stores Cells that ``nn.Cell``
never registers: only Cells, Parameters and MindSpore containers (``nn.CellList``,
``nn.SequentialCell``, ``nn.CellDict``, ``ParameterTuple``) assigned to an
attribute are. A container is harmless when its elements are registered some
other way: wrapped later (``nn.SequentialCell([*self.blocks])``), passed to a
Cell's ``__init__`` (``super().__init__(*layers)`` in a SequentialCell
subclass), added one by one with ``insert_child_to_cell``/``setattr``, or
already assigned to attributes of their own (``[self.conv, self.bn]``). Passing
one element on (``p.set_data(self.old[i])``) reads it and registers nothing,
unless it is handed to a Cell's constructor or a registering call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Set, Tuple

from astroid import nodes

from ms_lint.semantics.cells import cells
from ms_lint.semantics.names import catalog, index, names

CONTAINER_LITERALS = {nodes.List: "list", nodes.Tuple: "tuple", nodes.Dict: "dict", nodes.ListComp: "list", nodes.DictComp: "dict"}
BUILTIN_CONTAINERS = frozenset({"list", "tuple", "dict"})
GROWING_METHODS = frozenset({"append", "extend", "insert"})
REGISTERING_CALLS = frozenset({"insert_child_to_cell", "setattr", "__setattr__"})
# Builtins that read a container without keeping its elements anywhere (or only in another plain container).
READING_BUILTINS = frozenset(
    {"len", "enumerate", "zip", "range", "print", "isinstance", "iter", "next", "reversed", "sorted", "min", "max", "sum", "any", "all", "id", "str", "repr", "hasattr", "getattr", "list", "tuple", "dict"}
)
# The Cells whose Parameters are optimizer state rather than weights.
OPTIMIZERS = frozenset({"mindspore.nn.optim.optimizer.Optimizer", "mindspore.experimental.optim.optimizer.Optimizer"})
# What nn.CellDict refuses as a value.
NESTED_CONTAINERS = frozenset({catalog.SEQUENTIAL_CELL, catalog.CELL_LIST, catalog.CELL_DICT})
MAX_DEPTH = 6


@dataclass
class PlainContainer:
    """A plain list, tuple or dict assigned to ``self.<attr>`` in a Cell."""

    attr: str
    kind: str  # "list", "tuple" or "dict"
    target: nodes.AssignAttr  # where it is assigned, and where the fix goes
    value: nodes.NodeNG  # the assigned expression
    elements: List[nodes.NodeNG]
    local: Optional[str] = None  # the local variable it was built in, if any


@dataclass(frozen=True)
class Verdict:
    """Whether a container's elements certainly or possibly hold Parameters."""

    certain: bool
    possible: bool
    parameters_only: bool  # every such element is a Parameter (ParameterTuple is the fix)
    state: bool = False  # ... and every one is state, not a weight: requires_grad=False, or in an optimizer
    nested: Optional[bool] = False  # some Cell is a SequentialCell, CellList or CellDict (None: unknown)
    with_none: bool = False  # some element may be None (``Parameter(...) if cond else None``)


def container_kind(value: nodes.NodeNG) -> Optional[str]:
    """"list", "tuple" or "dict" for a container literal or ``list(...)``/``tuple(...)``/``dict(...)``."""
    if type(value) in CONTAINER_LITERALS:
        return CONTAINER_LITERALS[type(value)]
    if isinstance(value, nodes.Call) and isinstance(value.func, nodes.Name) and value.func.name in BUILTIN_CONTAINERS:
        if len(value.args) <= 1 and not value.keywords and names.is_builtin(value.func):
            return value.func.name
    return None


def _elements(value: nodes.NodeNG) -> List[nodes.NodeNG]:
    if isinstance(value, nodes.Call) and container_kind(value):
        return _elements(value.args[0]) if value.args else []
    if isinstance(value, nodes.GeneratorExp):
        return [value.elt]
    if isinstance(value, (nodes.List, nodes.Tuple)):
        return list(value.elts)
    if isinstance(value, nodes.Dict):
        return [item for _, item in value.items]
    if isinstance(value, nodes.ListComp):
        return [value.elt]
    if isinstance(value, nodes.DictComp):
        return [value.value]
    return [value]


def _self_name(method: nodes.FunctionDef) -> Optional[str]:
    positional = method.args.posonlyargs + method.args.args
    return positional[0].name if positional else None


def _growth(call: nodes.Call) -> List[nodes.NodeNG]:
    """Elements a call such as ``x.append(cell)`` or ``x.extend([a, b])`` adds."""
    method = call.func.attrname
    if method == "append" and call.args:
        return [call.args[0]]
    if method == "insert" and len(call.args) == 2:
        return [call.args[1]]
    if method == "extend" and call.args:
        return _elements(call.args[0])
    return []


Key = Tuple[str, str]  # ("attr", name) for self.<name>, ("local", name) for a local variable


class _MethodScan:
    """What one method of a Cell class builds, grows and hands over."""

    def __init__(self, method: nodes.FunctionDef, self_name: str):
        self.method, self.self_name = method, self_name
        self.containers: Dict[str, PlainContainer] = {}
        self.grown: Dict[Key, List[nodes.NodeNG]] = {}
        self.handed_over: List[Tuple[Key, nodes.NodeNG]] = []  # (what, the call or loop it is given to)
        self.elements_handed_over: List[Tuple[Key, nodes.Call]] = []  # ``f(self.blocks[i])``
        self.local_literals: Dict[str, nodes.NodeNG] = {}
        self.frozen: Set[str] = set()  # attributes whose elements get requires_grad = False
        kinds = (nodes.Assign, nodes.AnnAssign, nodes.AugAssign, nodes.Call, nodes.For)
        for node in index.nodes_of(method, kinds):
            if isinstance(node, nodes.Call):
                self._call(node)
            elif isinstance(node, nodes.For):
                self._loop(node)
            else:
                self._assignment(node)

    def key(self, node: nodes.NodeNG) -> Optional[Key]:
        if isinstance(node, (nodes.Attribute, nodes.AssignAttr)) and isinstance(node.expr, nodes.Name):
            return ("attr", node.attrname) if node.expr.name == self.self_name else None
        if isinstance(node, (nodes.Name, nodes.AssignName)):
            return ("local", node.name)
        return None

    def _mentions(self, expr: nodes.NodeNG):
        for used in expr.nodes_of_class((nodes.Name, nodes.Attribute)):
            key = self.key(used)
            if key is not None:
                yield key

    def _assignment(self, node) -> None:
        if node.value is None:
            return
        targets = node.targets if isinstance(node, nodes.Assign) else [node.target]
        for target in targets:
            if isinstance(node, nodes.AugAssign):
                key = self.key(target)
                if key is not None:
                    self.grown.setdefault(key, []).extend(_elements(node.value))
            elif isinstance(target, nodes.Subscript):
                key = self.key(target.value)
                if key is not None:
                    self.grown.setdefault(key, []).append(node.value)
            elif isinstance(target, nodes.AssignName):
                if container_kind(node.value):
                    self.local_literals[target.name] = node.value
            elif isinstance(target, nodes.AssignAttr) and target.attrname == "requires_grad":
                self._freezing(target, node.value)
            elif isinstance(target, nodes.AssignAttr) and self.key(target):
                self._attribute(target, node.value)

    def _freezing(self, target: nodes.AssignAttr, value: nodes.NodeNG) -> None:
        """``self.branches[i].weight.requires_grad = False``: the elements are frozen on purpose."""
        if not (isinstance(value, nodes.Const) and value.value is False):
            return
        node = target.expr
        while isinstance(node, (nodes.Attribute, nodes.Subscript)):
            key = self.key(node)
            if key is not None and key[0] == "attr":
                self.frozen.add(key[1])
                return
            node = node.expr if isinstance(node, nodes.Attribute) else node.value

    def _attribute(self, target: nodes.AssignAttr, value: nodes.NodeNG) -> None:
        literal, local, kind = value, None, container_kind(value)
        if isinstance(value, nodes.Name) and value.name in self.local_literals:
            literal, local = self.local_literals[value.name], value.name
            kind = container_kind(literal)
        elif isinstance(value, nodes.Name):
            # ``self.conv = conv`` registers the Cell held by the local ``conv``.
            self.handed_over.append((("local", value.name), target))
        elif kind and isinstance(value, nodes.Call) and value.args and isinstance(value.args[0], nodes.Name):
            # ``self.weights = tuple(weights)`` of a local list built before
            if value.args[0].name in self.local_literals:
                local = value.args[0].name
                literal = self.local_literals[local]
        if kind:
            self.containers[target.attrname] = PlainContainer(
                target.attrname, kind, target, value, _elements(literal), local
            )

    def _call(self, call: nodes.Call) -> None:
        func = call.func
        if isinstance(func, nodes.Attribute) and func.attrname in GROWING_METHODS:
            key = self.key(func.expr)
            if key is not None:
                self.grown.setdefault(key, []).extend(_growth(call))
                return
        for argument in [*call.args, *(keyword.value for keyword in call.keywords or ())]:
            for used in argument.nodes_of_class((nodes.Name, nodes.Attribute)):
                key = self.key(used)
                if key is None:
                    continue
                if isinstance(used.parent, nodes.Subscript) and used.parent.value is used:
                    self.elements_handed_over.append((key, call))
                else:
                    self.handed_over.append((key, call))

    def _loop(self, loop: nodes.For) -> None:
        """``for i, b in enumerate(self.blocks): self.insert_child_to_cell(str(i), b)``."""
        if any(names.basename(call.func) in REGISTERING_CALLS for call in loop.nodes_of_class(nodes.Call)):
            for key in self._mentions(loop.iter):
                self.handed_over.append((key, loop))


def _registers(receiver: nodes.NodeNG) -> bool:
    """Whether handing Cells to this call (or loop) may register them."""
    if isinstance(receiver, (nodes.For, nodes.AssignAttr)):
        return True
    func = receiver.func
    if names.basename(func) in REGISTERING_CALLS:
        return True
    if names.is_builtin(func) and func.name in READING_BUILTINS:
        return False
    entity = names.entity(func)
    if entity is not None:
        return entity.is_cell or entity.is_subclass_of(catalog.PARAMETER_TUPLE)
    # A user Cell constructor, super().__init__, or a helper we cannot see into.
    return cells.builds_cell(receiver) is not False


def unregistered_containers(classdef: nodes.ClassDef) -> List[PlainContainer]:
    """Plain containers on ``self`` in a Cell class whose elements nothing registers."""
    if not _assigns_a_container(classdef):
        return []
    scans = [_MethodScan(method, _self_name(method)) for method in classdef.mymethods() if _self_name(method)]
    frozen = set().union(*(scan.frozen for scan in scans))
    found = []
    for scan in scans:
        for attr, container in scan.containers.items():
            if attr in frozen or _handed_to_registrar(("attr", attr), scans):
                continue
            if container.local and _handed_to_registrar(("local", container.local), [scan]):
                continue
            grown = [element for other in scans for element in other.grown.get(("attr", attr), [])]
            if container.local:
                grown += scan.grown.get(("local", container.local), [])
            elements = [
                element for element in container.elements + grown if not _already_registered(element, scan)
            ]
            found.append(PlainContainer(attr, container.kind, container.target, container.value, elements, container.local))
    return found


def _assigns_a_container(classdef: nodes.ClassDef) -> bool:
    """Cheap pre-check: some ``x.<attr> = ...`` takes a container literal, directly or through a
    name some assignment of the class binds to one (statements are walked, not expressions)."""
    literal_names, attribute_values = set(), []
    stack = list(classdef.body)
    while stack:
        statement = stack.pop()
        stack.extend(child for child in statement.get_children() if child.is_statement or isinstance(child, nodes.MatchCase))
        if not isinstance(statement, (nodes.Assign, nodes.AnnAssign)) or statement.value is None:
            continue
        targets = statement.targets if isinstance(statement, nodes.Assign) else [statement.target]
        for target in targets:
            if isinstance(target, nodes.AssignName) and container_kind(statement.value):
                literal_names.add(target.name)
            elif isinstance(target, nodes.AssignAttr):
                attribute_values.append(statement.value)
    return any(
        container_kind(value) or (isinstance(value, nodes.Name) and value.name in literal_names)
        for value in attribute_values
    )


def _handed_to_registrar(key: Key, scans: List[_MethodScan]) -> bool:
    for scan in scans:
        if any(handed == key and _registers(receiver) for handed, receiver in scan.handed_over):
            return True
        if any(handed == key and _registers_certainly(call) for handed, call in scan.elements_handed_over):
            return True
    return False


def _registers_certainly(call: nodes.Call) -> bool:
    """A call that surely keeps what it is given: a Cell's constructor, ``setattr``, ``insert_child_to_cell``."""
    if names.basename(call.func) in REGISTERING_CALLS:
        return True
    entity = names.entity(call.func)
    if entity is not None:
        return entity.is_cell or entity.is_subclass_of(catalog.PARAMETER_TUPLE)
    definition = cells.called_definition(call)
    return isinstance(definition, nodes.ClassDef) and cells.is_cell_class(definition) is not False


def _already_registered(element: nodes.NodeNG, scan: _MethodScan) -> bool:
    key = scan.key(element)
    if key is None:
        return False
    if key[0] == "attr":
        return True  # ``[self.conv, self.bn]``: each is registered under its own attribute
    return _handed_to_registrar(key, [scan])


def verdict(container: PlainContainer) -> Verdict:
    """Whether the container's elements certainly, possibly, or never hold Parameters."""
    certain = possible = False
    parameters_only = state = True
    nested: Optional[bool] = False
    in_optimizer = _in_optimizer(container)
    for value in _element_values(container.elements):
        holds = cells.holds_parameters(value)
        is_cell = cells.builds_cell(value)
        parameters = _parameter_calls(value)
        helper = _is_helper_call(value)
        if helper and is_cell is False and parameters is None:
            continue  # a helper returning a list (or other non-Cell) of Cells: not a Cell itself
        if holds is True and (parameters is not None or is_cell is True or not helper):
            certain = True
        elif holds is True or (holds is None and is_cell):
            possible = True  # a helper that may return a Cell, or a Cell whose parameters are unknown
        else:
            continue
        parameters_only = parameters_only and parameters is not None
        state = state and parameters is not None and (in_optimizer or all(map(_requires_no_grad, parameters)))
        if parameters is None:
            nested = cells.merge((nested, _is_nested(value)))
    found = certain or possible
    with_none = any(_may_be_none(element) for element in _alternatives(container.elements))
    return Verdict(certain, possible, parameters_only and found, state and parameters_only and found, nested, with_none)


def _alternatives(elements: List[nodes.NodeNG]) -> List[nodes.NodeNG]:
    """The elements, with both branches of ``a if cond else b`` in place of it."""
    found = []
    pending = list(elements)
    while pending:
        element = pending.pop(0)
        if isinstance(element, nodes.Starred):
            element = element.value
        if isinstance(element, nodes.IfExp):
            pending[:0] = [element.body, element.orelse]
        else:
            found.append(element)
    return found


def _element_values(elements: List[nodes.NodeNG]) -> List[nodes.Call]:
    """The calls that build the elements: each one, or a local variable's single value."""
    values = []
    for element in _alternatives(elements):
        value = element if isinstance(element, nodes.Call) else names.assigned_value(element)
        if isinstance(value, nodes.Call):
            values.append(value)
    return values


def _may_be_none(element: nodes.NodeNG) -> bool:
    """``None``, or a helper's call that may return None."""
    if isinstance(element, nodes.Const):
        return element.value is None
    definition = cells.called_definition(element) if isinstance(element, nodes.Call) else None
    if isinstance(definition, nodes.FunctionDef):
        return any(_may_be_none(value) for value in cells.returned_values(definition) if not isinstance(value, nodes.Call))
    return False


def _is_helper_call(value: nodes.Call) -> bool:
    return isinstance(cells.called_definition(value), nodes.FunctionDef)


def _parameter_calls(value: nodes.NodeNG, depth: int = 0) -> Optional[List[nodes.Call]]:
    """The ``Parameter(...)`` calls an element certainly is built by (through helpers), or None."""
    if not isinstance(value, nodes.Call) or depth > MAX_DEPTH:
        return None
    entity = names.called_entity(value)
    if entity is not None:
        return [value] if entity.kind == "parameter" else None
    definition = cells.called_definition(value)
    if not isinstance(definition, nodes.FunctionDef):
        return None
    found = [_parameter_calls(returned, depth + 1) for returned in cells.returned_values(definition)]
    if not found or any(calls is None for calls in found):
        return None
    return [call for calls in found for call in calls]


def _requires_no_grad(parameter: nodes.Call) -> bool:
    """``Parameter(data, name, requires_grad=False)``: state kept with the model, not a trained weight."""
    flag = next((keyword.value for keyword in parameter.keywords or () if keyword.arg == "requires_grad"), None)
    if flag is None and len(parameter.args) > 2:
        flag = parameter.args[2]
    return isinstance(flag, nodes.Const) and flag.value is False


def _in_optimizer(container: PlainContainer) -> bool:
    classdef = container.target.frame().parent
    return isinstance(classdef, nodes.ClassDef) and bool(cells.ancestry(classdef).mindspore & OPTIMIZERS)


def _is_nested(value: nodes.Call) -> Optional[bool]:
    """Whether a Cell is a SequentialCell, CellList or CellDict, which nn.CellDict refuses."""
    lineage = cells.lineage(value)
    return bool(lineage & NESTED_CONTAINERS) if lineage is not None else None

