"""Tensor-valued versus compile-time-constant expressions in graph-compiled code.

In GRAPH_MODE, a value is a *variable* (known only at run time) when it comes
from a Tensor; it is a *constant* when the compiler knows it. MindSpore's docs
call these "variable" and "constant" conditions. TENSOR here means proven by the
code, never assumed:

- the result of an op, a Cell, a Primitive or a Tensor method, ``Tensor(...)``,
  ``Parameter(...)``, and arithmetic on one of these;
- an input of a graph entry (``construct``/``bprop``, ``@jit`` functions) that
  nothing marks otherwise: no Python annotation (``int``, ``Tuple[int, ...]``,
  ``Optional[float]``...), no Python default, no use only as a branch switch or
  by ``range()``, and no caller in the module passing something else;
- a parameter of any other function (a helper, a closure) when every caller in
  the module passes a proven Tensor there.

Constants: literals, ``self.<attr>`` set from Python values, ``x.shape[i]``,
``x.ndim``, ``x.size``/``x.size(i)``, ``len(...)``, ``range()`` loop indices
(graph mode takes only Python ints there), ``in`` tests, and a ``Tensor(True)``
stored in ``__init__`` that is only ever tested. Anything else is UNKNOWN, and the
rules built on this module stay silent about it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from astroid import nodes

from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import scope
from ms_lint.semantics.names import catalog, constants, index, memo, names, resolve

MAX_DEPTH = 12


class Kind(enum.Enum):
    TENSOR = "tensor"  # known only at run time
    CONSTANT = "constant"  # known to the graph compiler
    OBJECT = "object"  # a Cell, Primitive, function or module: callable, not a value
    UNKNOWN = "unknown"


# Attributes the compiler knows on whatever they are read from (static shapes).
SHAPE_ATTRIBUTES = frozenset({"shape", "ndim", "dtype"})
# Further Tensor attributes and methods whose results the compiler knows under static shapes.
CONSTANT_ATTRIBUTES = SHAPE_ATTRIBUTES | frozenset({"size", "itemsize", "nbytes", "strides", "device"})
CONSTANT_METHODS = frozenset({"dim", "numel", "nelement", "ndimension", "size"})
# Functional ops and Primitives that return static shape or type information.
CONSTANT_OPS = frozenset(
    {
        "mindspore.ops.function.array_func.shape",
        "mindspore.ops.function.array_func.size",
        "mindspore.ops.operations.manually_defined.ops_def.rank",
        "mindspore.ops.operations.manually_defined.ops_def.Shape",
        "mindspore.ops.operations.manually_defined.ops_def.Rank",
        "mindspore.ops.operations.array_ops.DType",
        "mindspore.ops.dtype",
    }
)
CONSTANT_BUILTINS = frozenset({"len", "isinstance", "issubclass", "hasattr", "type", "range", "enumerate", "zip"})
PASS_THROUGH_BUILTINS = frozenset({"int", "float", "bool", "abs", "min", "max", "round", "tuple", "list", "sum"})
# Calls that make a run-time value (a Tensor, or a scalar the compiler must not fold).
# ``Tensor(...)`` and ``tensor(...)``: a Tensor made of a value.
TENSOR_CLASSES = frozenset({catalog.TENSOR, "mindspore.common.tensor.tensor"})
TENSOR_FACTORIES = TENSOR_CLASSES | frozenset({catalog.PARAMETER, "mindspore.graph.mutable.mutable"})
CONSTANT_KINDS = frozenset({"dtype", "constant"})


def join(*kinds: Kind) -> Kind:
    """Combine the kinds of the parts of an expression: a Tensor part makes it a Tensor."""
    if Kind.TENSOR in kinds:
        return Kind.TENSOR
    if kinds and all(kind is Kind.CONSTANT for kind in kinds):
        return Kind.CONSTANT
    return Kind.UNKNOWN


def _value(kind: Kind) -> Kind:
    """A kind as the value of an element: TENSOR or CONSTANT, else UNKNOWN."""
    return kind if kind in (Kind.TENSOR, Kind.CONSTANT) else Kind.UNKNOWN


def is_graph_entry(function: nodes.FunctionDef) -> bool:
    """``construct``/``bprop`` of a class, or an ``@jit`` function: called with Tensors."""
    if isinstance(function.parent, nodes.ClassDef) and function.name in ("construct", "bprop"):
        return True
    return scope.decorated_kind(function) == scope.ALWAYS


class Evaluator:
    """Classifies expressions of one function; results are memoised per node.

    ``inputs_are_tensors``: whether the function is a graph entry, whose inputs are
    Tensors unless marked otherwise; by default, see :func:`is_graph_entry`.
    """

    def __init__(self, function: nodes.FunctionDef, inputs_are_tensors: Optional[bool] = None):
        self.function = function
        self.classdef = function.parent if isinstance(function.parent, nodes.ClassDef) else None
        self.inputs_are_tensors = is_graph_entry(function) if inputs_are_tensors is None else inputs_are_tensors
        self._memo: Dict[nodes.NodeNG, Kind] = {}
        self._arguments: Dict[nodes.NodeNG, Kind] = {}
        self._active: set = set()

    def kind(self, expr: Optional[nodes.NodeNG], depth: int = 0) -> Kind:
        """The kind of an expression's value."""
        if expr is None or depth > MAX_DEPTH:
            return Kind.UNKNOWN
        if expr in self._memo:
            return self._memo[expr]
        if expr in self._active:
            return Kind.UNKNOWN
        self._active.add(expr)
        try:
            result = self._kind(expr, depth + 1)
        finally:
            self._active.discard(expr)
        self._memo[expr] = result
        return result

    def is_tensor(self, expr: nodes.NodeNG) -> bool:
        return self.kind(expr) is Kind.TENSOR

    def is_constant(self, expr: nodes.NodeNG) -> bool:
        return self.kind(expr) is Kind.CONSTANT

    def is_constant_tensor_attribute(self, expr: nodes.NodeNG) -> bool:
        """``self.<attr>`` holding a Tensor built in ``__init__`` (not a Parameter): a constant of the compiled graph."""
        if not isinstance(expr, nodes.Attribute) or not self._is_self(expr.expr):
            return False
        assigned = list(_class_attribute_values(self.classdef, expr.attrname))
        return bool(assigned) and all(
            method is not None and method.name == "__init__" and _builds_constant_tensor(value)
            for method, value in assigned
        )

    def held_tensor(self, target: nodes.AssignName) -> bool:
        """Whether the name ``target`` of ``name += ...`` held a Tensor before it."""
        return self._previous(target, 0) is Kind.TENSOR

    def origin(self, func: nodes.NodeNG) -> Optional[nodes.Call]:
        """The constructor call that built the object ``func`` refers to (``ops.TopK()``), if known."""
        return self._object_origin(func, 0)

    # -- dispatch -----------------------------------------------------------------

    def _kind(self, expr: nodes.NodeNG, depth: int) -> Kind:
        if isinstance(expr, (nodes.Const, nodes.JoinedStr)):
            return Kind.CONSTANT
        if isinstance(expr, (nodes.Tuple, nodes.List)):
            return join(*(self.kind(elt, depth) for elt in expr.elts)) if expr.elts else Kind.CONSTANT
        if isinstance(expr, nodes.Starred):
            return self.kind(expr.value, depth)
        if isinstance(expr, nodes.Name):
            return self._name(expr, depth)
        if isinstance(expr, nodes.Attribute):
            return self._attribute(expr, depth)
        if isinstance(expr, nodes.Subscript):
            return self._subscript(expr, depth)
        if isinstance(expr, nodes.Call):
            return self._call(expr, depth)
        if isinstance(expr, nodes.BinOp):
            return join(self.kind(expr.left, depth), self.kind(expr.right, depth))
        if isinstance(expr, nodes.UnaryOp):
            return _value(self.kind(expr.operand, depth))
        if isinstance(expr, nodes.BoolOp):
            return join(*(self.kind(value, depth) for value in expr.values))
        if isinstance(expr, nodes.Compare):
            return self._compare(expr, depth)
        if isinstance(expr, nodes.IfExp):
            return join(self.kind(expr.test, depth), self.kind(expr.body, depth), self.kind(expr.orelse, depth))
        if isinstance(expr, nodes.NamedExpr):
            return self.kind(expr.value, depth)
        if isinstance(expr, (nodes.Lambda, nodes.FunctionDef)):
            return Kind.OBJECT
        return Kind.UNKNOWN

    def _compare(self, expr: nodes.Compare, depth: int) -> Kind:
        # ``x is None`` and ``x is not None`` are decided by the compiler.
        if all(op in ("is", "is not") for op, _ in expr.ops):
            return Kind.CONSTANT
        # A Tensor is never compared with a string: ``mode == "train"`` is a constant test.
        if any(_is_string(operand) for operand in (expr.left, *(right for _, right in expr.ops))):
            return Kind.CONSTANT
        kinds = [self.kind(expr.left, depth), *(self.kind(right, depth) for _, right in expr.ops)]
        # ``key in kwargs``, ``name not in self.layers``: membership in a Python container.
        if any(op in ("in", "not in") for op, _ in expr.ops):
            return Kind.CONSTANT if all(kind is Kind.CONSTANT for kind in kinds) else Kind.UNKNOWN
        return join(*kinds)

    # -- names --------------------------------------------------------------------

    def _name(self, expr: nodes.Name, depth: int) -> Kind:
        entity = names.entity(expr)
        if entity is not None:
            return Kind.CONSTANT if entity.kind in CONSTANT_KINDS else Kind.OBJECT
        frame, bindings = names.lookup(expr)
        if bindings and isinstance(frame, nodes.Module) and frame.name == "builtins":
            return Kind.OBJECT
        if not bindings:
            return Kind.UNKNOWN
        if all(isinstance(binding, nodes.ImportFrom) for binding in bindings):
            # A function or class of the user's project is an object; anything else is unknown.
            return Kind.OBJECT if resolve.definition(expr) is not None else Kind.UNKNOWN
        return join_bindings(self._binding(binding, depth) for binding in bindings)

    def _binding(self, binding: nodes.NodeNG, depth: int) -> Kind:
        if isinstance(binding, (nodes.FunctionDef, nodes.ClassDef, nodes.Import)):
            return Kind.OBJECT
        if isinstance(binding, nodes.ImportFrom):
            return Kind.UNKNOWN  # a value imported from another module (see _name for definitions)
        if isinstance(binding, nodes.Arguments):
            # *inputs and **kwargs are not followed: generic wrappers (construct(self, *inputs)) pass
            # Tensors and Python values alike, and which is which depends on callers elsewhere.
            return Kind.UNKNOWN
        if not isinstance(binding, nodes.AssignName):
            return Kind.UNKNOWN
        parent = binding.parent
        if isinstance(parent, nodes.Arguments):
            owner = self if parent.parent is self.function else _evaluator_of(parent.parent)
            return owner._cached_argument(binding, parent) if owner else Kind.UNKNOWN
        if isinstance(parent, (nodes.Tuple, nodes.List, nodes.Starred)):
            return self._unpacked(binding, depth)
        if isinstance(parent, nodes.Assign):
            return self.kind(parent.value, depth)
        if isinstance(parent, nodes.AnnAssign):
            return self.kind(parent.value, depth) if parent.value else Kind.UNKNOWN
        if isinstance(parent, nodes.AugAssign):
            return join(self.kind(parent.value, depth), self._previous(binding, depth))
        if isinstance(parent, nodes.NamedExpr):
            return self.kind(parent.value, depth)
        if isinstance(parent, (nodes.For, nodes.Comprehension)):
            return self._element(parent.iter, (), depth)
        return Kind.UNKNOWN

    def _previous(self, binding: nodes.AssignName, depth: int) -> Kind:
        """The value a name held before ``name += ...``."""
        earlier = [other for other in names.bindings(binding) if other is not binding]
        return join_bindings(self._binding(other, depth) for other in earlier) if earlier else Kind.UNKNOWN

    def _unpacked(self, binding: nodes.AssignName, depth: int) -> Kind:
        """A name bound by unpacking: ``a, b = ...`` or ``for i, (a, b) in ...``."""
        path: List[Optional[int]] = []
        node: nodes.NodeNG = binding
        while isinstance(node.parent, (nodes.Tuple, nodes.List, nodes.Starred)):
            container = node.parent
            if isinstance(container, nodes.Starred):
                path.append(None)  # a starred target takes a sub-sequence
            else:
                path.append(container.elts.index(node))
            node = container
        path.reverse()
        statement = node.parent
        if isinstance(statement, nodes.Assign):
            return self._part(statement.value, tuple(path), depth)
        if isinstance(statement, (nodes.For, nodes.Comprehension)) and node is statement.target:
            return self._element(statement.iter, tuple(path), depth)
        return Kind.UNKNOWN

    def _part(self, value: nodes.NodeNG, path: Sequence[Optional[int]], depth: int) -> Kind:
        """The kind of ``value``'s element at ``path`` (tuple literals are followed element by element)."""
        if not path:
            return self.kind(value, depth)
        if isinstance(value, nodes.Call) and None not in path:
            returned = self._returned(value, path, depth)
            if returned is not None:
                return returned
        index = path[0]
        elts = getattr(value, "elts", None) if isinstance(value, (nodes.Tuple, nodes.List)) else None
        if index is not None and elts is not None and not any(isinstance(elt, nodes.Starred) for elt in elts):
            if index < len(elts):
                return self._part(elts[index], path[1:], depth)
            return Kind.UNKNOWN
        return _value(self.kind(value, depth))

    def _element(self, iterable: nodes.NodeNG, path: Sequence[Optional[int]], depth: int) -> Kind:
        """The kind of one item of ``iterable`` (at ``path`` when the loop target unpacks it)."""
        if isinstance(iterable, nodes.Call) and names.is_builtin(iterable.func):
            builtin = iterable.func.name
            if builtin == "range":
                # Graph mode takes only Python ints in range() (a Tensor bound fails to compile).
                return Kind.CONSTANT if not path else Kind.UNKNOWN
            if builtin == "enumerate" and iterable.args:
                # The index is a constant of the unrolled loop; the item is as the sequence's items.
                if not path or path[0] is None:
                    return Kind.UNKNOWN
                if path[0] == 0:
                    return Kind.CONSTANT if len(path) == 1 else Kind.UNKNOWN
                return self._element(iterable.args[0], path[1:], depth)
            if builtin == "zip" and iterable.args:
                if not path or path[0] is None or path[0] >= len(iterable.args):
                    return Kind.UNKNOWN
                return self._element(iterable.args[path[0]], path[1:], depth)
        if isinstance(iterable, (nodes.Tuple, nodes.List)) and iterable.elts:
            if any(isinstance(elt, nodes.Starred) for elt in iterable.elts):
                return _value(self.kind(iterable, depth))
            return join_bindings(self._part(elt, path, depth) for elt in iterable.elts)
        if self.is_cell_container(iterable):
            return Kind.OBJECT if not path else Kind.UNKNOWN
        return _value(self.kind(iterable, depth))

    def _cached_argument(self, binding: nodes.AssignName, arguments: nodes.Arguments) -> Kind:
        # Each use of an input asks again; the answer looks at every caller and every use.
        if binding not in self._arguments:
            self._arguments[binding] = self._argument(binding, arguments)
        return self._arguments[binding]

    def _argument(self, binding: nodes.AssignName, arguments: nodes.Arguments) -> Kind:
        """What a parameter holds: see the module docstring."""
        positional = arguments.posonlyargs + arguments.args
        if positional and positional[0] is binding and self.classdef is not None and not _is_static(self.function):
            return Kind.OBJECT  # self
        if _given_as_python_number(self.function, binding.name):
            return Kind.CONSTANT
        annotated = _annotation_kind(_annotation_of(binding, arguments))
        if annotated is Kind.CONSTANT:
            return Kind.CONSTANT
        default = _default_of(binding, arguments)
        if isinstance(default, nodes.Const) and _used_only_as_switch(self.function, binding.name):
            return Kind.CONSTANT  # ``def construct(self, x, train=True)`` then only ``if train:``
        passed = passed_kind(self.function, binding.name)
        if passed is not None:
            return passed
        if default is not None:
            # A Python default no caller overrides; None stands for whatever an unseen caller passes.
            if isinstance(default, nodes.Const) and default.value is None:
                return Kind.UNKNOWN
            return Kind.CONSTANT if self.kind(default) is Kind.CONSTANT else Kind.UNKNOWN
        if annotated is Kind.TENSOR:
            return Kind.TENSOR
        if not self.inputs_are_tensors or _used_only_as_switch(self.function, binding.name):
            return Kind.UNKNOWN
        return Kind.TENSOR

    def _returned(self, call: nodes.Call, path: Sequence[Optional[int]], depth: int) -> Optional[Kind]:
        """The element at ``path`` of what a user Cell's ``construct`` returns (``x, (h, w)``).

        None when ``call`` does not call a user Cell whose ``construct`` is found.
        """
        built = self._object_origin(call.func, depth)
        classdef = resolve.definition(built.func) if built is not None else None
        if not isinstance(classdef, nodes.ClassDef):
            return None
        construct = cells.method(classdef, "construct")
        if construct is None or construct in _RETURNING:
            return None
        returns = [node.value for node in _own_returns(construct)]
        if not returns or None in returns:
            return Kind.UNKNOWN
        _RETURNING.add(construct)
        try:
            kinds = [evaluator(construct)._part(value, path, depth) for value in returns]
        finally:
            _RETURNING.discard(construct)
        return unanimous(kinds)

    # -- attributes and subscripts ------------------------------------------------

    def _attribute(self, expr: nodes.Attribute, depth: int) -> Kind:
        entity = names.entity(expr)
        if entity is not None:
            return Kind.CONSTANT if entity.kind in CONSTANT_KINDS else Kind.OBJECT
        if names.mindspore_name(expr):
            return Kind.UNKNOWN
        if self._is_self(expr.expr):
            return self._self_attribute(expr.attrname, depth)
        base = self.kind(expr.expr, depth)
        if expr.attrname in SHAPE_ATTRIBUTES and base is not Kind.OBJECT:
            return Kind.CONSTANT
        if base is Kind.TENSOR:
            if expr.attrname in CONSTANT_ATTRIBUTES:
                return Kind.CONSTANT
            # An attribute a Tensor does not have: the object is not the Tensor it seemed.
            return Kind.TENSOR if expr.attrname in catalog.tensor_methods() else Kind.UNKNOWN
        if base is Kind.CONSTANT:
            return Kind.CONSTANT
        return Kind.UNKNOWN

    def _subscript(self, expr: nodes.Subscript, depth: int) -> Kind:
        if self.is_cell_container(expr.value):
            return Kind.OBJECT
        base = self.kind(expr.value, depth)
        if base is Kind.CONSTANT:
            if isinstance(expr.slice, nodes.Slice):
                return Kind.CONSTANT
            return join(Kind.CONSTANT, self.kind(expr.slice, depth))
        if base is Kind.TENSOR:
            index = expr.slice
            if isinstance(expr.value, nodes.Call) and isinstance(index, nodes.Const) and type(index.value) is int:
                returned = self._returned(expr.value, (index.value,), depth)
                if returned is not None:
                    return returned
            return Kind.TENSOR
        return Kind.UNKNOWN

    def _is_self(self, expr: nodes.NodeNG) -> bool:
        if self.classdef is None or not isinstance(expr, nodes.Name) or _is_static(self.function):
            return False
        positional = self.function.args.posonlyargs + self.function.args.args
        return bool(positional) and positional[0].name == expr.name

    def _self_attribute(self, attrname: str, depth: int) -> Kind:
        if attrname == "training":
            return Kind.CONSTANT
        values = list(_class_attribute_values(self.classdef, attrname))
        if not values:
            return Kind.UNKNOWN
        kinds = []
        for method, value in values:
            if method is None:
                kinds.append(self.kind(value, depth) if value is not None else Kind.UNKNOWN)
            else:
                owner = self if method is self.function else evaluator(method)
                kinds.append(owner.kind(value, depth))
        if Kind.OBJECT in kinds and all(kind in (Kind.OBJECT, Kind.CONSTANT) for kind in kinds):
            return Kind.OBJECT
        if Kind.TENSOR in kinds and _constant_tensor_switch(self.classdef, attrname, values):
            return Kind.CONSTANT
        return join(*kinds)

    # -- calls --------------------------------------------------------------------

    def _call(self, expr: nodes.Call, depth: int) -> Kind:
        func = expr.func
        entity = names.entity(func)
        if entity is not None:
            return _entity_call(entity)
        if names.is_builtin(func):
            return self._builtin_call(func.name, expr, depth)
        if isinstance(func, nodes.Attribute):
            receiver = self.kind(func.expr, depth)
            if receiver is Kind.TENSOR:
                return Kind.CONSTANT if func.attrname in CONSTANT_METHODS else Kind.TENSOR
            if receiver is Kind.CONSTANT:
                return Kind.CONSTANT
        callee = self.kind(func, depth)
        if callee is Kind.OBJECT:
            if isinstance(resolve.definition(func), nodes.ClassDef):
                return Kind.OBJECT  # an instance of a user class (a Cell, or any other object)
            return self._object_call(func, depth)
        return Kind.UNKNOWN

    def _builtin_call(self, name: str, expr: nodes.Call, depth: int) -> Kind:
        if name in CONSTANT_BUILTINS:
            return Kind.CONSTANT
        if name in PASS_THROUGH_BUILTINS:
            return join(*(self.kind(arg, depth) for arg in expr.args)) if expr.args else Kind.CONSTANT
        return Kind.UNKNOWN

    def _object_call(self, func: nodes.NodeNG, depth: int) -> Kind:
        """Calling a Cell or Primitive instance gives a Tensor, except shape Primitives."""
        built = self._object_origin(func, depth)
        if built is not None:
            entity = names.called_entity(built)
            if entity is not None and entity.path in CONSTANT_OPS:
                return Kind.CONSTANT
            if entity is not None and entity.kind in ("cell", "primitive"):
                return Kind.TENSOR
        if self._is_self_cell_attribute(func) or self._is_cell_element(func):
            return Kind.TENSOR
        return Kind.UNKNOWN

    def _object_origin(self, func: nodes.NodeNG, depth: int) -> Optional[nodes.Call]:
        """The single constructor call that built the object ``func`` refers to, if known."""
        if isinstance(func, nodes.Call):
            return func
        if isinstance(func, nodes.Attribute) and self._is_self(func.expr):
            values = [value for _, value in _class_attribute_values(self.classdef, func.attrname)]
            calls = [value for value in values if isinstance(value, nodes.Call)]
            return calls[0] if len(values) == 1 and calls else None
        if isinstance(func, nodes.Name) and depth <= MAX_DEPTH:
            value = names.assigned_value(func)
            if isinstance(value, (nodes.Call, nodes.Attribute, nodes.Name)):
                return self._object_origin(value, depth + 1)
        return None

    def _self_attribute_values(self, expr: nodes.NodeNG) -> list:
        if not (isinstance(expr, nodes.Attribute) and self._is_self(expr.expr)):
            return []
        return [value for _, value in _class_attribute_values(self.classdef, expr.attrname)]

    def _is_self_cell_attribute(self, func: nodes.NodeNG) -> bool:
        values = self._self_attribute_values(func)
        return bool(values) and all(cells.builds_cell(value) for value in values)

    def is_cell_container(self, expr: nodes.NodeNG) -> bool:
        """``self.<attr>`` built as a ``CellList``/``SequentialCell``/``CellDict``, or a list or tuple of Cells."""
        values = self._self_attribute_values(expr)
        return bool(values) and all(_builds_cell_sequence(value) for value in values)

    def _is_cell_element(self, func: nodes.NodeNG) -> bool:
        """An item of a Cell container: ``self.blocks[i]``, or the loop variable of ``for block in self.blocks``."""
        if isinstance(func, nodes.Subscript):
            return self.is_cell_container(func.value)
        bindings = names.bindings(func)
        loops = [binding.parent for binding in bindings if isinstance(binding, nodes.AssignName)]
        return bool(loops) and all(
            isinstance(loop, (nodes.For, nodes.Comprehension)) and self.is_cell_container(loop.iter) for loop in loops
        )


def _entity_call(entity: catalog.Entity) -> Kind:
    """What calling a MindSpore name gives: a Tensor for ops, an object for classes."""
    if entity.path in CONSTANT_OPS:
        return Kind.CONSTANT if entity.kind in ("function", "primitive_instance") else Kind.OBJECT
    if entity.path in TENSOR_FACTORIES or entity.kind in ("tensor", "parameter"):
        return Kind.TENSOR
    if entity.kind in ("cell", "primitive", "class", "dataset"):
        return Kind.OBJECT
    if entity.kind in CONSTANT_KINDS:
        return Kind.CONSTANT
    if entity.op or entity.kind == "primitive_instance":
        return Kind.TENSOR
    return Kind.UNKNOWN


def unanimous(kinds) -> Kind:
    """TENSOR or CONSTANT when every kind says so (each of several sources), else UNKNOWN."""
    kinds = list(kinds)
    if all(kind is Kind.TENSOR for kind in kinds):
        return Kind.TENSOR
    return Kind.CONSTANT if all(kind is Kind.CONSTANT for kind in kinds) else Kind.UNKNOWN


def join_bindings(kinds) -> Kind:
    """Join the kinds of a name's possible bindings; all objects stay an object."""
    kinds = list(kinds)
    if kinds and all(kind is Kind.OBJECT for kind in kinds):
        return Kind.OBJECT
    return join(*kinds)


def _builds_cell_sequence(value: nodes.NodeNG) -> bool:
    if isinstance(value, (nodes.List, nodes.Tuple)):
        return bool(value.elts) and all(cells.builds_cell(elt) for elt in value.elts)
    entity = names.called_entity(value)
    return entity is not None and entity.path in catalog.REGISTERING_CONTAINERS and entity.is_cell


def _is_string(expr: nodes.NodeNG) -> bool:
    if isinstance(expr, nodes.Const):
        return isinstance(expr.value, str)
    if isinstance(expr, (nodes.Tuple, nodes.List, nodes.Set)):
        return bool(expr.elts) and all(_is_string(elt) for elt in expr.elts)
    return isinstance(expr, nodes.JoinedStr)


def _is_static(function: nodes.FunctionDef) -> bool:
    decorators = function.decorators.nodes if function.decorators else []
    return any(names.basename(decorator) in ("staticmethod", "classmethod") for decorator in decorators)


SWITCH_OPERATORS = frozenset({"==", "!=", "in", "not in", "is", "is not"})


def _used_only_as_switch(function: nodes.FunctionDef, name: str) -> bool:
    """An input only ever tested (``if flag:``, ``clip_type == 0``) is a Python switch, not a Tensor.

    A Tensor input feeds an op, a Cell or an index somewhere; an input used only to pick a branch
    is the Python value its callers pass, compiled as a constant.
    """
    uses = _name_uses(function).get(name, ())
    return bool(uses) and all(_is_switch_use(use) for use in uses)


def _given_as_python_number(function: nodes.FunctionDef, name: str) -> bool:
    """An input that ``range(...)`` or ``Tensor(...)`` takes is a Python number.

    MindSpore 2.10, GRAPH_MODE: ``for i in range(n)`` with a Tensor ``n`` fails to compile
    ("For 'make_range', the 0th input should be a int scalar"). So does ``range(max(lengths))``
    with a Tensor ``lengths``: the input given to range through arithmetic or ``max``/``int``...
    is a Python value too. ``Tensor(1 / top_k)`` makes a Tensor of a Python number: code
    that already holds a Tensor does not wrap it again.
    """
    for use in _name_uses(function).get(name, ()):
        node, parent = use, use.parent
        while isinstance(parent, (nodes.BinOp, nodes.UnaryOp)) or _is_pass_through_call(parent, node):
            node, parent = parent, parent.parent
        if not isinstance(parent, nodes.Call) or not parent.args or node is not parent.args[0]:
            continue
        if isinstance(parent.func, nodes.Name) and parent.func.name == "range" and names.is_builtin(parent.func):
            return True
        if _makes_tensor_of(parent):
            return True
    return False


def _builds_constant_tensor(value: Optional[nodes.NodeNG]) -> bool:
    """``Tensor(...)``, ``ms.tensor(...)`` or an ops function's result: a Tensor, and not a Parameter."""
    if not isinstance(value, nodes.Call):
        return False
    entity = names.entity(value.func)
    return entity is not None and entity.path != catalog.PARAMETER and entity.kind in ("tensor", "function")


def _makes_tensor_of(call: nodes.Call) -> bool:
    """``Tensor(value)``: MindSpore's Tensor class called on a value."""
    entity = names.entity(call.func)
    return entity is not None and entity.path in TENSOR_CLASSES


def _is_pass_through_call(call: nodes.NodeNG, argument: nodes.NodeNG) -> bool:
    """``max(lengths)``, ``int(n)``: a builtin whose result is as its arguments."""
    return (
        isinstance(call, nodes.Call)
        and argument in call.args
        and isinstance(call.func, nodes.Name)
        and call.func.name in PASS_THROUGH_BUILTINS
        and names.is_builtin(call.func)
    )


@memo.per_node
def _name_uses(function: nodes.FunctionDef) -> Dict[str, List[nodes.Name]]:
    """Every read of each name in the function, nested code included: one walk for all its inputs."""
    uses: Dict[str, List[nodes.Name]] = {}
    for use in index.nodes_of(function, nodes.Name):
        uses.setdefault(use.name, []).append(use)
    return uses


def _is_switch_use(use: nodes.NodeNG) -> bool:
    node, parent = use, use.parent
    if isinstance(parent, nodes.Compare):
        if len(parent.ops) != 1 or parent.ops[0][0] not in SWITCH_OPERATORS:
            return False
        other = parent.ops[0][1] if parent.left is node else parent.left
        if not _is_literal(other) and not _is_loop_variable(other):
            return False
        node, parent = parent, parent.parent
    while isinstance(parent, nodes.BoolOp) or (isinstance(parent, nodes.UnaryOp) and parent.op == "not"):
        node, parent = parent, parent.parent
    return isinstance(parent, (nodes.If, nodes.While, nodes.IfExp)) and parent.test is node


def _is_literal(node: nodes.NodeNG) -> bool:
    if isinstance(node, nodes.Const):
        return True
    return isinstance(node, (nodes.Tuple, nodes.List, nodes.Set)) and all(isinstance(elt, nodes.Const) for elt in node.elts)


def _is_loop_variable(node: nodes.NodeNG) -> bool:
    """``bucket`` in ``for bucket in self.bucket_list``: a loop over a Python sequence."""
    bindings = names.bindings(node)
    return bool(bindings) and all(isinstance(binding.parent, nodes.For) for binding in bindings)


def _annotation_of(binding: nodes.AssignName, arguments: nodes.Arguments) -> Optional[nodes.NodeNG]:
    for index, arg in enumerate(arguments.args):
        if arg is binding:
            return arguments.annotations[index]
    for index, arg in enumerate(arguments.posonlyargs):
        if arg is binding:
            return arguments.posonlyargs_annotations[index]
    for index, arg in enumerate(arguments.kwonlyargs):
        if arg is binding:
            return arguments.kwonlyargs_annotations[index]
    return None


PYTHON_TYPES = frozenset(
    {"int", "float", "bool", "str", "bytes", "complex", "tuple", "list", "dict", "set", "frozenset", "None"}
)
# typing's containers and wrappers: ``Tuple[int, ...]``, ``Optional[float]``, ``Union[int, str]``...
TYPING_WRAPPERS = frozenset(
    {"Tuple", "List", "Dict", "Set", "FrozenSet", "Sequence", "Mapping", "Iterable", "Optional", "Union", "Literal"}
)


def _annotation_kind(annotation: Optional[nodes.NodeNG]) -> Optional[Kind]:
    """CONSTANT for Python types (``int``, ``Tuple[int, ...]``, ``Optional[float]``), TENSOR for
    ``Tensor``/``Parameter``, else None (no annotation, or one that says neither)."""
    if annotation is None:
        return None
    if _is_python_type(annotation):
        return Kind.CONSTANT
    entity = names.entity(annotation)
    if entity is not None and entity.kind in ("tensor", "parameter"):
        return Kind.TENSOR
    return None


def _is_python_type(annotation: nodes.NodeNG) -> bool:
    if isinstance(annotation, nodes.Const):
        if annotation.value is None or annotation.value is Ellipsis:
            return True
        return isinstance(annotation.value, str) and annotation.value.strip() in PYTHON_TYPES
    if isinstance(annotation, (nodes.Name, nodes.Attribute)):
        return names.basename(annotation) in PYTHON_TYPES and not names.mindspore_name(annotation)
    if isinstance(annotation, nodes.Subscript):
        wrapper = names.basename(annotation.value)
        if wrapper not in TYPING_WRAPPERS and wrapper not in PYTHON_TYPES:
            return False
        index = annotation.slice
        parts = index.elts if isinstance(index, nodes.Tuple) else [index]
        return wrapper == "Literal" or all(_is_python_type(part) for part in parts)
    if isinstance(annotation, nodes.BinOp) and annotation.op == "|":
        return _is_python_type(annotation.left) and _is_python_type(annotation.right)
    return False


def _default_of(binding: nodes.AssignName, arguments: nodes.Arguments) -> Optional[nodes.NodeNG]:
    try:
        return arguments.default_value(binding.name)
    except Exception:  # pylint: disable=broad-except
        return None


def _class_attribute_values(classdef: Optional[nodes.ClassDef], attrname: str):
    """(method, value) pairs for every assignment to ``self.<attrname>``; method None for class attributes.

    The class's own assignments are used when it has any; else those of its
    nearest user-code ancestor that assigns the attribute.
    """
    if classdef is None:
        return
    for candidate in (classdef, *cells.ancestry(classdef).user):
        found = list(_own_attribute_values(candidate, attrname))
        if found:
            yield from found
            return


def _own_attribute_values(classdef: nodes.ClassDef, attrname: str):
    for value in classdef.locals.get(attrname, []):
        if isinstance(value, nodes.AssignName) and isinstance(value.parent, (nodes.Assign, nodes.AnnAssign)):
            yield None, value.parent.value
    for assigned in classdef.instance_attrs.get(attrname, []):
        yield assigned.frame(), _assigned_value(assigned)


def _assigned_value(target: nodes.NodeNG) -> Optional[nodes.NodeNG]:
    """The expression assigned to ``target`` (``self.a`` in ``self.a = v`` or ``self.a, self.b = v, w``)."""
    statement = target.parent
    if isinstance(statement, (nodes.Assign, nodes.AnnAssign, nodes.AugAssign)):
        return statement.value
    if isinstance(statement, (nodes.Tuple, nodes.List)) and isinstance(statement.parent, nodes.Assign):
        value = statement.parent.value
        if isinstance(value, (nodes.Tuple, nodes.List)) and len(value.elts) == len(statement.elts):
            if not any(isinstance(elt, nodes.Starred) for elt in (*value.elts, *statement.elts)):
                return value.elts[statement.elts.index(target)]
    return None


_RETURNING: set = set()  # constructs whose returns are being looked at


def _own_returns(function: nodes.FunctionDef) -> List[nodes.Return]:
    return [node for node in function.nodes_of_class(nodes.Return) if node.scope() is function]


_PASSING: set = set()  # (function, parameter) pairs whose callers are being looked at
_PASSED = memo.per_run_dict()
UNMATCHED = object()  # a call whose *args or **kwargs may fill the parameter


def passed_kind(function: nodes.FunctionDef, name: str) -> Optional[Kind]:
    """What the callers in the same module pass to parameter ``name`` of ``function``.

    TENSOR when every call that gives the parameter a value passes a proven Tensor,
    CONSTANT when every one passes a constant, else UNKNOWN (also when the function is
    passed around as a value: its callers are not all visible). None when no call gives
    the parameter a value. A Cell's ``construct`` is called through its instances:
    ``self.clip = ClipGradients()`` then ``self.clip(grads, 1, 1.0)``.
    """
    key = (function, name)
    if key in _PASSED:
        return _PASSED[key]
    if key in _PASSING:
        return Kind.UNKNOWN  # a call cycle: no proof either way
    _PASSING.add(key)
    try:
        result = _passed_kind(function, name)
    finally:
        _PASSING.discard(key)
    _PASSED[key] = result
    return result


def _passed_kind(function: nodes.FunctionDef, name: str) -> Optional[Kind]:
    found = callers(function)
    if found is None:
        return None
    calls, offset = found
    if calls is UNMATCHED:
        return Kind.UNKNOWN
    kinds = []
    for call in calls:
        argument = given(function, call, name, offset)
        if argument is None:
            continue  # the default value is used
        caller = scope.enclosing_function(call)
        if argument is UNMATCHED or caller is None:
            kinds.append(Kind.UNKNOWN)
        else:
            kinds.append(evaluator(caller).kind(argument))
    return unanimous(kinds) if kinds else None


def callers(function: nodes.FunctionDef):
    """(calls, offset of the first parameter they fill) for a function's callers in its module.

    None when they cannot be looked for (``__init__`` and other special methods, ``bprop``,
    decorated functions); calls is ``UNMATCHED`` when the function is also passed as a value.
    """
    classdef = function.parent if isinstance(function.parent, nodes.ClassDef) else None
    if (function.name.startswith("__") and function.name.endswith("__")) or function.name == "bprop":
        return None
    if function.decorators and not _is_static(function) and not is_graph_entry(function):
        return None
    if classdef is not None and function.name == "construct":
        return _instance_calls(classdef), 1
    sites = _call_sites(function.root())
    if function.name in sites.referenced:
        return UNMATCHED, 0
    if classdef is not None:
        decorators = function.decorators.nodes if function.decorators else ()
        static = any(names.basename(decorator) == "staticmethod" for decorator in decorators)
        return sites.by_attribute.get(function.name, ()), 0 if static else 1
    calls = [call for call in sites.by_name.get(function.name, ()) if names.single_binding(call.func) is function]
    return calls, 0


def passed_arguments(
    binding: nodes.NodeNG, with_defaults: bool = False
) -> Optional[Tuple[nodes.FunctionDef, List[nodes.NodeNG]]]:
    """For a parameter of a plain function or method (not ``construct``, not ``*args``): its
    function, and the argument each call of it in its module gives it. None unless every call
    gives one (``with_defaults``: or leaves a default, which then counts as given) and the
    function is not passed around as a value."""
    if not isinstance(binding, nodes.AssignName) or not isinstance(binding.parent, nodes.Arguments):
        return None
    function, arguments = binding.parent.parent, binding.parent
    if not isinstance(function, nodes.FunctionDef) or function.name == "construct":
        return None  # a Cell's construct is called through its instances, anywhere
    if binding not in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
        return None
    found = callers(function)
    if found is None or found[0] is UNMATCHED:
        return None
    calls, offset = found
    passed = [given(function, call, binding.name, offset) for call in calls]
    if passed and with_defaults and None in passed:
        default = _default(arguments, binding.name)
        passed = [default if value is None else value for value in passed]
    if not passed or any(value is None or value is UNMATCHED for value in passed):
        return None
    return function, passed


def _default(arguments: nodes.Arguments, name: str) -> Optional[nodes.NodeNG]:
    try:
        return arguments.default_value(name)
    except Exception:  # pylint: disable=broad-except  # astroid's NoDefault: a required parameter
        return None


def passed_constant(name: nodes.Name) -> Optional[Tuple[constants.Value, Tuple[str, str, str]]]:
    """The constant a parameter holds: the one every call of its function in its module gives it,
    its default where a call leaves it (``def fit(steps=100)`` then ``fit()``, ``fit(steps=100)``),
    and the :func:`caller_key` of that function; None when the calls do not all give the same one.
    True only if no other module calls the function: the caller key is for the program to ask."""
    found = passed_arguments(names.single_binding(name), with_defaults=True)
    if found is None:
        return None
    function, passed = found
    folded = {constants.fold(value) for value in passed}
    if len(folded) != 1 or None in folded:
        return None
    return folded.pop(), caller_key(function)


def caller_key(function: nodes.FunctionDef) -> Tuple[str, str, str]:
    """(module, file, name) of a function whose callers in its module proved something: true when
    no other module calls it (a question for the program)."""
    module = function.root()
    return module.name, module.file or "", function.name


def given(function: nodes.FunctionDef, call: nodes.Call, name: str, offset: int):
    """The argument a call gives parameter ``name``; None when it leaves the default."""
    for keyword in call.keywords or ():
        if keyword.arg == name:
            return keyword.value
    parameters = [arg.name for arg in function.args.posonlyargs + function.args.args][offset:]
    position = parameters.index(name) if name in parameters else None
    stars = [index for index, arg in enumerate(call.args) if isinstance(arg, nodes.Starred)]
    if position is not None:
        if stars and stars[0] <= position:
            return UNMATCHED
        if position < len(call.args):
            return call.args[position]
    if any(keyword.arg is None for keyword in call.keywords or ()):
        return UNMATCHED
    return None


@dataclass(frozen=True)
class CallSites:
    by_attribute: Dict[str, List[nodes.Call]]  # ``x.name(...)`` by name
    by_name: Dict[str, List[nodes.Call]]  # ``name(...)`` by name
    referenced: frozenset  # names read other than as a callee: ``map(self.fn, xs)``, ``f = fn``, ``{"a": fn}``


@memo.per_node
def _call_sites(module: nodes.Module) -> CallSites:
    by_attribute: Dict[str, List[nodes.Call]] = {}
    by_name: Dict[str, List[nodes.Call]] = {}
    indexed = index.of(module)
    for call in indexed.calls:
        if isinstance(call.func, nodes.Attribute):
            by_attribute.setdefault(call.func.attrname, []).append(call)
        elif isinstance(call.func, nodes.Name):
            by_name.setdefault(call.func.name, []).append(call)
    defined = {function.name for function in indexed.functions}
    referenced = frozenset(
        names.basename(read)
        for read in indexed.reads
        if names.basename(read) in defined and not names.is_callee(read) and _may_read_a_function(read)
    )
    return CallSites(by_attribute, by_name, referenced)


def _may_read_a_function(read: nodes.NodeNG) -> bool:
    """An attribute may be any object's function; a name, unless it is bound to something else
    where it is read (a parameter or variable of that name)."""
    if not isinstance(read, nodes.Name):
        return True
    bindings = names.bindings(read)
    return not bindings or any(isinstance(binding, nodes.FunctionDef) for binding in bindings)


def _constant_tensor_switch(classdef: Optional[nodes.ClassDef], attrname: str, values) -> bool:
    """``self.flag = Tensor(True)`` in ``__init__``, then only ``if self.flag:``: compiled as a constant."""
    if classdef is None or not values:
        return False
    for method, value in values:
        if method is not None and method.name != "__init__":
            return False
        if not (isinstance(value, nodes.Call) and _makes_tensor_of(value)):
            return False
    reads = _self_reads(classdef).get(attrname, ())
    return bool(reads) and all(_is_switch_use(read) for read in reads)


@memo.per_node
def _self_reads(classdef: nodes.ClassDef) -> Dict[str, List[nodes.Attribute]]:
    """Every read of ``self.<attr>`` in the methods of a class, by attribute name."""
    reads: Dict[str, List[nodes.Attribute]] = {}
    for method in classdef.mymethods():
        positional = method.args.posonlyargs + method.args.args
        if not positional or _is_static(method):
            continue
        for node in index.nodes_of(method, nodes.Attribute):
            if isinstance(node.expr, nodes.Name) and node.expr.name == positional[0].name:
                reads.setdefault(node.attrname, []).append(node)
    return reads


def _evaluator_of(function: nodes.NodeNG) -> Optional[Evaluator]:
    """The evaluator of the function that owns a parameter (an enclosing one for closures).

    None for lambdas: their parameters are not followed.
    """
    return evaluator(function) if isinstance(function, nodes.FunctionDef) else None


@memo.per_node
def _instance_calls(classdef: nodes.ClassDef) -> tuple:
    """Calls of instances of ``classdef`` built in its module: ``self.x = C()`` then ``self.x(...)``."""
    return tuple(_find_instance_calls(classdef))


def _find_instance_calls(classdef: nodes.ClassDef):
    for construction in index.of(classdef.root()).calls:
        if names.basename(construction.func) != classdef.name or resolve.definition(construction.func) is not classdef:
            continue
        statement, element = construction.parent, False
        # An element of a Cell container: ``nn.CellList([Block() for _ in range(n)])``, ``[Block(), Block()]``.
        while isinstance(statement, (nodes.List, nodes.Tuple, nodes.ListComp, nodes.Comprehension)) or (
            isinstance(statement, nodes.Call) and _builds_cell_sequence(statement)
        ):
            statement, element = statement.parent, True
        single = isinstance(statement, nodes.Assign) and len(statement.targets) == 1
        target = statement.targets[0] if single else None
        if target is None or isinstance(target, nodes.AssignName):
            collected = _collected_into(construction)
            if collected is not None:
                target, element = collected, True
            elif target is None:
                continue
        if isinstance(target, nodes.AssignAttr) and isinstance(target.expr, nodes.Name):
            holder = construction.frame().parent
            if isinstance(holder, nodes.ClassDef):
                for call in holder.nodes_of_class(nodes.Call):
                    called = _element_of(call.func) if element else call.func
                    if isinstance(called, nodes.Attribute) and called.attrname == target.attrname:
                        if isinstance(called.expr, nodes.Name) and called.expr.name == target.expr.name:
                            yield call
        elif isinstance(target, nodes.AssignName) and not element:
            for call in construction.frame().nodes_of_class(nodes.Call):
                if isinstance(call.func, nodes.Name) and call.func.name == target.name:
                    yield call


def _collected_into(construction: nodes.Call) -> Optional[nodes.AssignAttr]:
    """``self.layers`` for a Cell collected into a container of Cells held there.

    ``layers.append(Block())`` or ``layer = Block()`` then ``layers.append(layer)``, with
    ``self.layers = nn.CellList(layers)``; or ``self.layers += [layer]``.
    """
    item: nodes.NodeNG = construction
    statement = construction.parent
    if isinstance(statement, nodes.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if not isinstance(target, nodes.AssignName):
            return None
        uses = _name_uses(construction.frame()).get(target.name, ())
        item = next((use for use in uses if _appended_to(use) is not None or _added_to(use) is not None), None)
        if item is None:
            return None
    added = _added_to(item)
    if added is not None:
        return added
    collection = _appended_to(item)
    if collection is None:
        return None
    for use in _name_uses(construction.frame()).get(collection, ()):
        holder = use.parent
        if isinstance(holder, nodes.Call) and _builds_cell_sequence(holder):
            holder = holder.parent
        if isinstance(holder, nodes.Assign) and len(holder.targets) == 1:
            if isinstance(holder.targets[0], nodes.AssignAttr):
                return holder.targets[0]
    return None


def _added_to(item: nodes.NodeNG) -> Optional[nodes.AssignAttr]:
    """``self.layers`` for ``item`` in ``self.layers += [item]``."""
    container = item.parent
    statement = container.parent if isinstance(container, (nodes.List, nodes.Tuple)) else None
    if isinstance(statement, nodes.AugAssign) and statement.value is container:
        if isinstance(statement.target, nodes.AssignAttr):
            return statement.target
    return None


def _appended_to(item: nodes.NodeNG) -> Optional[str]:
    """``layers`` for ``item`` in ``layers.append(item)``."""
    call = item.parent
    if isinstance(call, nodes.Call) and call.args == [item] and isinstance(call.func, nodes.Attribute):
        if call.func.attrname == "append" and isinstance(call.func.expr, nodes.Name):
            return call.func.expr.name
    return None


def _element_of(func: nodes.NodeNG) -> Optional[nodes.NodeNG]:
    """The container a called item comes from: ``self.blocks`` for ``self.blocks[i](x)``,
    ``block = self.blocks[i]`` or ``for block in self.blocks: block(x)``."""
    if isinstance(func, nodes.Subscript):
        return func.value
    binding = names.single_binding(func) if isinstance(func, nodes.Name) else None
    if not isinstance(binding, nodes.AssignName):
        return None
    if isinstance(binding.parent, (nodes.For, nodes.Comprehension)):
        return binding.parent.iter
    # ``cell = self.cells[i]``
    if isinstance(binding.parent, nodes.Assign) and binding.parent.targets == [binding]:
        value = binding.parent.value
        return value.value if isinstance(value, nodes.Subscript) else None
    # ``for i, block in enumerate(self.blocks)``
    target = binding.parent
    loop = target.parent if isinstance(target, nodes.Tuple) else None
    if isinstance(loop, (nodes.For, nodes.Comprehension)) and loop.target is target and target.elts.index(binding) == 1:
        iterable = loop.iter
        if isinstance(iterable, nodes.Call) and names.is_builtin(iterable.func) and iterable.func.name == "enumerate":
            return iterable.args[0] if iterable.args else None
    return None


@memo.per_node
def evaluator(function: nodes.FunctionDef) -> Evaluator:
    """The shared evaluator of a function (memoised results are reused by every rule)."""
    return Evaluator(function)


def self_attribute_values(classdef: Optional[nodes.ClassDef], attrname: str) -> list:
    """Every value assigned to ``self.<attrname>`` (by the class, else its nearest user ancestor that does)."""
    return [value for _, value in _class_attribute_values(classdef, attrname)]
