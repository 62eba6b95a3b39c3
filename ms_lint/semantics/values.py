"""Tensor-valued versus compile-time-constant expressions in graph-compiled code.

In GRAPH_MODE, a value is a *variable* (known only at run time) when it comes
from a Tensor: a ``construct`` input, the result of an op, Cell or Tensor method,
or arithmetic on those. It is a *constant* when the compiler knows it: Python
literals, ``self.<attr>`` set from Python values, ``x.shape[i]``, ``x.ndim``,
``len(...)``, ``range(CONST)`` loop indices. MindSpore's docs call these
"variable" and "constant" conditions.
"""

from __future__ import annotations

import enum
from typing import Dict, Optional

from astroid import nodes

from ms_lint.semantics import catalog, names

MAX_DEPTH = 12


class Kind(enum.Enum):
    TENSOR = "tensor"  # known only at run time
    CONSTANT = "constant"  # known to the graph compiler
    OBJECT = "object"  # a Cell, Primitive, function or module: callable, not a value
    UNKNOWN = "unknown"


# Tensor attributes and methods whose results the compiler knows under static shapes.
CONSTANT_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size", "itemsize", "nbytes", "strides"})
CONSTANT_METHODS = frozenset({"dim", "numel", "nelement", "ndimension"})
# Functional ops and Primitives that return static shape information.
CONSTANT_OPS = frozenset(
    {
        "mindspore.ops.function.array_func.shape",
        "mindspore.ops.function.array_func.rank",
        "mindspore.ops.operations.manually_defined.ops_def.Shape",
        "mindspore.ops.operations.manually_defined.ops_def.Rank",
        "mindspore.ops.auto_generate.gen_ops_prim.Rank",
        "mindspore.ops.operations.array_ops.DType",
    }
)
CONSTANT_BUILTINS = frozenset({"len", "isinstance", "issubclass", "hasattr", "type", "range", "enumerate", "zip"})
PASS_THROUGH_BUILTINS = frozenset({"int", "float", "bool", "abs", "min", "max", "round", "tuple", "list", "sum"})
TENSOR_FACTORIES = frozenset({catalog.TENSOR, catalog.PARAMETER, "mindspore.common.api.tensor", "mindspore.tensor"})


def join(*kinds: Kind) -> Kind:
    """Combine the kinds of the parts of an expression: a Tensor part makes it a Tensor."""
    if Kind.TENSOR in kinds:
        return Kind.TENSOR
    if kinds and all(kind is Kind.CONSTANT for kind in kinds):
        return Kind.CONSTANT
    return Kind.UNKNOWN


def is_graph_entry(function: nodes.FunctionDef) -> bool:
    """``construct``/``bprop`` of a class, or a function decorated as compiled: its inputs are Tensors."""
    return isinstance(function.parent, nodes.ClassDef) and function.name in ("construct", "bprop")


class Evaluator:
    """Classifies expressions of one function; results are memoised per node."""

    def __init__(self, function: nodes.FunctionDef, inputs_are_tensors: Optional[bool] = None):
        self.function = function
        self.classdef = function.parent if isinstance(function.parent, nodes.ClassDef) else None
        self.inputs_are_tensors = is_graph_entry(function) if inputs_are_tensors is None else inputs_are_tensors
        self._memo: Dict[nodes.NodeNG, Kind] = {}
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

    # -- dispatch -----------------------------------------------------------------

    def _kind(self, expr: nodes.NodeNG, depth: int) -> Kind:
        if isinstance(expr, nodes.Const):
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
            return self.kind(expr.operand, depth)
        if isinstance(expr, nodes.BoolOp):
            return join(*(self.kind(value, depth) for value in expr.values))
        if isinstance(expr, nodes.Compare):
            return self._compare(expr, depth)
        if isinstance(expr, nodes.IfExp):
            return join(self.kind(expr.test, depth), self.kind(expr.body, depth), self.kind(expr.orelse, depth))
        if isinstance(expr, (nodes.Lambda, nodes.FunctionDef)):
            return Kind.OBJECT
        return Kind.UNKNOWN

    def _compare(self, expr: nodes.Compare, depth: int) -> Kind:
        # ``x is None`` and ``x is not None`` are decided by the compiler.
        if all(op in ("is", "is not") for op, _ in expr.ops):
            return Kind.CONSTANT
        return join(self.kind(expr.left, depth), *(self.kind(right, depth) for _, right in expr.ops))

    # -- names --------------------------------------------------------------------

    def _name(self, expr: nodes.Name, depth: int) -> Kind:
        entity = names.entity(expr)
        if entity is not None:
            return Kind.CONSTANT if entity.kind in ("dtype", "constant") else Kind.OBJECT
        try:
            _, bindings = expr.lookup(expr.name)
        except Exception:  # pylint: disable=broad-except
            return Kind.UNKNOWN
        if names.is_builtin(expr):
            return Kind.OBJECT
        if not bindings:
            return Kind.UNKNOWN
        return join(*(self._binding(binding, depth) for binding in bindings))

    def _binding(self, binding: nodes.NodeNG, depth: int) -> Kind:
        if isinstance(binding, (nodes.FunctionDef, nodes.ClassDef, nodes.Import, nodes.ImportFrom)):
            return Kind.OBJECT
        if isinstance(binding, nodes.Arguments):  # *args or **kwargs
            return Kind.TENSOR if self.inputs_are_tensors else Kind.UNKNOWN
        if not isinstance(binding, nodes.AssignName):
            return Kind.UNKNOWN
        parent = binding.parent
        if isinstance(parent, nodes.Arguments):
            return self._argument(binding, parent)
        if isinstance(parent, (nodes.Tuple, nodes.List)):
            return self._unpacked(binding, depth)
        if isinstance(parent, nodes.Assign):
            return self.kind(parent.value, depth)
        if isinstance(parent, nodes.AnnAssign):
            return self.kind(parent.value, depth) if parent.value else Kind.UNKNOWN
        if isinstance(parent, nodes.AugAssign):
            return join(self.kind(parent.value, depth), Kind.CONSTANT)
        if isinstance(parent, (nodes.For, nodes.Comprehension)):
            return self._loop_target(parent.iter, depth)
        return Kind.UNKNOWN

    def _unpacked(self, binding: nodes.AssignName, depth: int) -> Kind:
        container = binding.parent
        while isinstance(container, (nodes.Tuple, nodes.List, nodes.Starred)):
            container = container.parent
        if isinstance(container, nodes.Assign):
            whole = self.kind(container.value, depth)
            return whole if whole in (Kind.TENSOR, Kind.CONSTANT) else Kind.UNKNOWN
        if isinstance(container, (nodes.For, nodes.Comprehension)):
            return self._loop_target(container.iter, depth, unpacked=True)
        return Kind.UNKNOWN

    def _loop_target(self, iterable: nodes.NodeNG, depth: int, unpacked: bool = False) -> Kind:
        if isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name):
            if iterable.func.name == "range":
                return join(*(self.kind(arg, depth) for arg in iterable.args))
            if iterable.func.name == "enumerate" and iterable.args:
                # The index is a constant of the unrolled loop; the item is as the sequence.
                item = self._element_kind(iterable.args[0], depth)
                return item if not unpacked else (Kind.CONSTANT if item is Kind.CONSTANT else Kind.UNKNOWN)
        return self._element_kind(iterable, depth)

    def _element_kind(self, sequence: nodes.NodeNG, depth: int) -> Kind:
        kind = self.kind(sequence, depth)
        return kind if kind in (Kind.TENSOR, Kind.CONSTANT) else Kind.UNKNOWN

    def _argument(self, binding: nodes.AssignName, arguments: nodes.Arguments) -> Kind:
        """Inputs of ``construct`` are Tensors unless a default or annotation says otherwise."""
        positional = arguments.posonlyargs + arguments.args
        if positional and positional[0] is binding and self.classdef is not None:
            return Kind.OBJECT  # self
        annotation = _annotation_of(binding, arguments)
        if annotation is not None:
            annotated = _annotation_kind(annotation)
            if annotated is not None:
                return annotated
        default = _default_of(binding, arguments)
        if isinstance(default, nodes.Const) and default.value is not None:
            return Kind.CONSTANT
        return Kind.TENSOR if self.inputs_are_tensors else Kind.UNKNOWN

    # -- attributes and subscripts ------------------------------------------------

    def _attribute(self, expr: nodes.Attribute, depth: int) -> Kind:
        entity = names.entity(expr)
        if entity is not None:
            return Kind.CONSTANT if entity.kind in ("dtype", "constant") else Kind.OBJECT
        if names.mindspore_name(expr):
            return Kind.UNKNOWN
        if self._is_self(expr.expr):
            return self._self_attribute(expr.attrname, depth)
        base = self.kind(expr.expr, depth)
        if base is Kind.TENSOR:
            return Kind.CONSTANT if expr.attrname in CONSTANT_ATTRIBUTES else Kind.TENSOR
        if base is Kind.CONSTANT:
            return Kind.CONSTANT
        return Kind.UNKNOWN

    def _subscript(self, expr: nodes.Subscript, depth: int) -> Kind:
        base = self.kind(expr.value, depth)
        if base is Kind.CONSTANT:
            return join(Kind.CONSTANT, self.kind(expr.slice, depth)) if not isinstance(expr.slice, nodes.Slice) else Kind.CONSTANT
        if base is Kind.TENSOR:
            return Kind.TENSOR
        return Kind.UNKNOWN

    def _is_self(self, expr: nodes.NodeNG) -> bool:
        if self.classdef is None or not isinstance(expr, nodes.Name):
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
                evaluator = self if method is self.function else Evaluator(method, inputs_are_tensors=False)
                kinds.append(evaluator.kind(value, depth))
        if Kind.OBJECT in kinds and all(kind in (Kind.OBJECT, Kind.CONSTANT) for kind in kinds):
            return Kind.OBJECT
        return join(*kinds)

    # -- calls --------------------------------------------------------------------

    def _call(self, expr: nodes.Call, depth: int) -> Kind:
        func = expr.func
        entity = names.entity(func)
        if entity is not None:
            return self._entity_call(entity, expr, depth)
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
            return self._object_call(func, depth)
        return Kind.UNKNOWN

    def _entity_call(self, entity: catalog.Entity, expr: nodes.Call, depth: int) -> Kind:
        if entity.path in CONSTANT_OPS and entity.kind == "function":
            return Kind.CONSTANT
        if entity.path in TENSOR_FACTORIES or entity.kind == "tensor" or entity.kind == "parameter":
            return Kind.TENSOR
        if entity.kind in ("cell", "primitive", "class", "dataset"):
            return Kind.OBJECT
        if entity.kind == "dtype":
            return Kind.CONSTANT
        if entity.op or entity.kind == "primitive_instance":
            return Kind.TENSOR
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
        if self._is_self_cell_attribute(func):
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
        return None

    def _is_self_cell_attribute(self, func: nodes.NodeNG) -> bool:
        from ms_lint.semantics import cells  # pylint: disable=import-outside-toplevel

        if not (isinstance(func, nodes.Attribute) and self._is_self(func.expr)):
            return False
        values = [value for _, value in _class_attribute_values(self.classdef, func.attrname)]
        return bool(values) and all(cells.builds_cell(value) for value in values)


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


def _annotation_kind(annotation: nodes.NodeNG) -> Optional[Kind]:
    if isinstance(annotation, nodes.Name) and annotation.name in ("int", "float", "bool", "str"):
        return Kind.CONSTANT
    entity = names.entity(annotation)
    if entity is not None and entity.kind in ("tensor", "parameter"):
        return Kind.TENSOR
    return None


def _default_of(binding: nodes.AssignName, arguments: nodes.Arguments) -> Optional[nodes.NodeNG]:
    try:
        return arguments.default_value(binding.name)
    except Exception:  # pylint: disable=broad-except
        return None


def _class_attribute_values(classdef: Optional[nodes.ClassDef], attrname: str):
    """(method, value) pairs for every assignment to ``self.<attrname>``; method None for class attributes."""
    if classdef is None:
        return
    for value in classdef.locals.get(attrname, []):
        if isinstance(value, nodes.AssignName) and isinstance(value.parent, (nodes.Assign, nodes.AnnAssign)):
            yield None, value.parent.value
    for assigned in classdef.instance_attrs.get(attrname, []):
        statement = assigned.parent
        if isinstance(statement, (nodes.Assign, nodes.AnnAssign)) and statement.value is not None:
            yield assigned.frame(), statement.value
        elif isinstance(statement, nodes.AugAssign):
            yield assigned.frame(), statement.value
