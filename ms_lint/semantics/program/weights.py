"""The weights a program sets itself, so that it does not rely on their initialisers' defaults.

``nn.Dense(16, 10)`` in code written for MindSpore 1.x relies on ``weight_init``'s old default,
unless the program sets those weights afterwards:

- a loop over a network's cells that re-initialises some classes of layer::

      for _, cell in net.cells_and_names():
          if isinstance(cell, nn.Dense):
              cell.weight.set_data(initializer(...))   # every Dense's weight, not its bias

- ``set_data`` on a parameter taken from a loop over parameters, or on a ``weight`` whose layer
  class the code does not show: every class's weights (``net.fc.weight.set_data``);
- a checkpoint loaded into a network on every run (``load_param_into_net(net, ...)``,
  ``load_checkpoint(f, net)``): the weights all come from it. A load under a condition
  (``if args.resume:``) leaves the training from scratch relying on the defaults, and one that
  evaluates what was trained (in an eval function, after ``model.train(...)``) comes after it;
- a weight-initialising helper (``init_weights(net)``, ``net.apply(weights_init)``): what its body
  sets, or every weight when ms_lint cannot read it.

What code sets is a set of *keys*, ``<MindSpore class>.<attribute>``
(``mindspore.nn.layer.basic.Dense.weight``), among those the API-change table's initialiser
defaults are about. Where the code is decides for which layers it holds (:func:`scope`): a
training script or a helper called on a network, for its whole program; a method of a class (a
Cell initialising its own layers), for its module and the modules it imports; the body of a helper
that works on its parameter, only where it is called; ``self.fc.weight.set_data(...)``, or a
helper given ``self.fc``, for that one layer (:func:`set_on_instance`). A module relies on a
default unless every program that contains it sets the key, or a method of a module above it
does (:meth:`ms_lint.semantics.program.project.Project.facts_for`).
"""

from __future__ import annotations

from typing import FrozenSet, Iterable, Optional, Tuple

from astroid import nodes

from ms_lint.data import api_changes as table
from ms_lint.files import normalized
from ms_lint.semantics.names import catalog, index, memo, names, resolve
from ms_lint.semantics.program import training

# The layer attribute each initialiser parameter sets.
ATTRIBUTES = {"weight_init": "weight", "bias_init": "bias"}
SET_DATA = "set_data"
APPLY = "apply"  # Cell.apply(fn): fn called on every cell
CHECKPOINT_LOADERS = frozenset({"load_param_into_net", "load_checkpoint", "load_distributed_checkpoint"})
# Loops over a network's parameters (``net.trainable_params()``, ``parameters_dict().items()``).
PARAMETER_ITERATORS = frozenset(
    {"get_parameters", "trainable_params", "untrainable_params", "parameters_and_names", "parameters_dict", "items", "values"}
)
HELPER_DEPTH = 2  # helpers calling helpers: read this deep, then assume every weight is set
# Cell methods whose names look like a weight-initialising helper's: they set nothing.
CELL_METHODS = frozenset({"init_parameters_data"})
METADATA = frozenset({"shape", "dtype", "name", "ndim", "size"})  # what a value may read of a weight
PROGRAM, METHODS = "program", "methods"  # the scopes of what code sets (see scope)


def key(change: table.Change) -> str:
    """The key of an initialiser default's entry (``...Dense.weight``), or "" for other defaults."""
    attribute = ATTRIBUTES.get(change.parameter or "")
    return f"{catalog.canonical(change.name)}.{attribute}" if attribute else ""


KEYS = frozenset(
    key(change) for change in table.CHANGES if change.kind == table.DEFAULT_CHANGED and key(change)
)


def _of_attribute(attribute: str) -> FrozenSet[str]:
    return frozenset(item for item in KEYS if item.rpartition(".")[2] == attribute)


def _attributes(keys: FrozenSet[str]) -> FrozenSet[str]:
    return frozenset(item.rpartition(".")[2] for item in keys)


def may_set(call: nodes.Call) -> bool:
    """The cheap filter: a call that may set weights (its callee's name)."""
    return may_set_by_name(names.basename(call.func) or "")


def may_set_by_name(base: str) -> bool:
    return base in (SET_DATA, APPLY) or base in CHECKPOINT_LOADERS or _is_helper_name(base)


def _is_helper_name(base: str) -> bool:
    if base in CELL_METHODS:
        return False
    lowered = base.lower()
    return "init" in lowered and ("weight" in lowered or "param" in lowered or "recur" in lowered)


def sets_by_scope(calls: Iterable[nodes.Call]) -> Tuple[FrozenSet[str], FrozenSet[str], FrozenSet[str]]:
    """The keys ``calls`` (those :func:`may_set` passes) set for their whole program, those set by
    methods (for the modules below), and the files of the user's network classes a checkpoint is
    loaded into (``backbone = ResNet(); load_param_into_net(backbone, ...)``: every weight of the
    layers those files, and the modules they import, build)."""
    program: FrozenSet[str] = frozenset()
    methods: FrozenSet[str] = frozenset()
    loaded: FrozenSet[str] = frozenset()
    for call in calls:
        where = scope(call)
        classes = _loaded_classes(call) if where is not None else ()
        if classes:
            loaded |= {normalized(classdef.root().file) for classdef in classes}
        elif where == PROGRAM:
            program |= _call_sets(call, HELPER_DEPTH)
        elif where == METHODS:
            methods |= _call_sets(call, HELPER_DEPTH)
    return program, methods, loaded


def _loaded_classes(call: nodes.Call) -> Tuple[nodes.ClassDef, ...]:
    """The user classes whose instance a checkpoint load fills: its network is a name bound once to a
    call of the class, or of a factory function whose every return builds one; () when not so."""
    if names.basename(call.func) not in CHECKPOINT_LOADERS or not _loads_into_network(call):
        return ()
    target = training.argument(call, "net")
    value = names.assigned_value(target) if isinstance(target, nodes.Name) else None
    if not isinstance(value, nodes.Call):
        return ()
    built = [value]
    definition = resolve.called_definition(value)
    if isinstance(definition, nodes.FunctionDef):
        built = resolve.returned(value)
    classes = [resolve.called_definition(item) if isinstance(item, nodes.Call) else None for item in built]
    if not classes or not all(isinstance(item, nodes.ClassDef) and item.root().file for item in classes):
        return ()
    return tuple(classes)


def scope(call: nodes.Call) -> Optional[str]:
    """For which layers what ``call`` sets holds: METHODS in a method of a class, PROGRAM elsewhere;
    None for a call about one layer of ``self`` (``self.fc.weight.set_data``, ``init(self.fc)``),
    or in a helper's body where it works on the helper's parameter: the helper's callers count
    instead (those :func:`may_set` passes, and ``apply``)."""
    if any(names.is_self_attribute(expr) for expr in _layers(call)):
        return None
    frame = call.frame()
    if not isinstance(frame, nodes.FunctionDef):
        return PROGRAM
    if isinstance(frame.parent, nodes.ClassDef):
        return METHODS
    parameters = {name.name for name in frame.args.arguments or ()}
    if _is_helper_name(frame.name) and any(_root_name(expr, parameters) for expr in _layers(call)):
        return None
    return PROGRAM


def _layers(call: nodes.Call) -> Tuple[nodes.NodeNG, ...]:
    """What a call sets weights of: the layer of ``<layer>.weight.set_data``, a parameter's loop, a
    helper's or ``apply``'s receiver and arguments."""
    func = call.func
    base = names.basename(func)
    if base == SET_DATA and isinstance(func, nodes.Attribute):
        receiver = func.expr
        return (receiver.expr,) if isinstance(receiver, nodes.Attribute) else (receiver,)
    if base == APPLY and isinstance(func, nodes.Attribute):
        return (func.expr,)
    if base in CHECKPOINT_LOADERS:
        target = training.argument(call, "net")
        return (target,) if target is not None else ()
    return tuple(call.args)


def _root_name(expr: nodes.NodeNG, parameters: set) -> bool:
    """``expr`` starts from one of ``parameters``, directly (``m.conv``) or through a loop over it
    (``for _, cell in net.cells_and_names()``)."""
    while isinstance(expr, (nodes.Attribute, nodes.Call, nodes.Subscript)):
        expr = expr.func if isinstance(expr, nodes.Call) else expr.value if isinstance(expr, nodes.Subscript) else expr.expr
    if not isinstance(expr, nodes.Name):
        return False
    if expr.name in parameters:
        return True
    loop = _loop_of(expr)
    return loop is not None and _root_name(loop.iter, parameters)


def _loop_of(name: nodes.Name) -> Optional[nodes.For]:
    """The ``for`` that binds ``name``, when that is its only binding."""
    bindings = names.bindings(name)
    if len(bindings) != 1:
        return None
    loop = bindings[0].parent
    while isinstance(loop, nodes.Tuple):
        loop = loop.parent
    return loop if isinstance(loop, nodes.For) else None


def _call_sets(call: nodes.Call, depth: int) -> FrozenSet[str]:
    base = names.basename(call.func) or ""
    if base == SET_DATA and isinstance(call.func, nodes.Attribute):
        return _set_data(call.func.expr, call)
    if base in CHECKPOINT_LOADERS:
        return KEYS if _loads_into_network(call) else frozenset()
    if training.is_conditional(call):
        return frozenset()  # a helper called only sometimes (``if args.pretrained:``)
    if base == APPLY:
        return _applied_sets(call, depth)
    if _is_helper_name(base):
        return _function_sets(resolve.method_of_self(call.func) or resolve.called_definition(call), depth)
    return frozenset()


def _set_data(receiver: nodes.NodeNG, call: nodes.Call) -> FrozenSet[str]:
    """``<layer>.weight.set_data(...)``: that attribute of the classes the code narrows ``<layer>`` to;
    ``param.set_data(...)`` in a loop over parameters: every key. A value worked out from weights
    (``p.set_data(p.data * m + q.data * (1 - m))``) updates them: it sets nothing."""
    if any(_reads_weights(arg, receiver) for arg in call.args):
        return frozenset()
    if isinstance(receiver, nodes.Attribute):
        layer = receiver.expr
        if names.is_self(layer):
            return frozenset()  # a Cell's own parameter: not a layer the table is about
        attributes = _of_attribute(receiver.attrname)
        classes = _narrowed_classes(layer, call)
        if classes is None:
            return attributes
        return frozenset(item for item in attributes if item.rpartition(".")[0] in classes)
    if isinstance(receiver, nodes.Name):
        loop = _loop_of(receiver)
        if loop is not None and _iterates_parameters(loop.iter):
            return KEYS
    return frozenset()


def _iterates_parameters(expr: nodes.NodeNG) -> bool:
    """``net.trainable_params()``, also inside ``zip(...)`` or ``enumerate(...)``."""
    if not isinstance(expr, nodes.Call):
        return False
    if names.basename(expr.func) in PARAMETER_ITERATORS:
        return True
    return isinstance(expr.func, nodes.Name) and expr.func.name in ("zip", "enumerate") and any(
        _iterates_parameters(arg) for arg in expr.args
    )


def _reads_weights(value: nodes.NodeNG, receiver: nodes.NodeNG, depth: int = 1) -> bool:
    """``value`` reads a parameter's data (``.data``), the receiver itself, or (once) a name bound
    to such a value (``old = p.data.copy()``); not their shape or type."""
    written = receiver.as_string()
    for node in value.nodes_of_class((nodes.Attribute, nodes.Name)):
        if _read_for_metadata(node):
            continue  # ``initializer(..., cell.weight.data.shape)`` reads no value
        if isinstance(node, nodes.Attribute) and node.attrname == "data" or _spelled(node, written):
            return True
        if depth > 0 and isinstance(node, nodes.Name):
            bound = names.assigned_value(node)
            if bound is not None and _reads_weights(bound, receiver, depth - 1):
                return True
    return False


def _spelled(node: nodes.NodeNG, written: str) -> bool:
    """``node.as_string() == written`` for a Name or an Attribute, without writing out every node."""
    if isinstance(node, nodes.Name):
        return node.name == written
    return written.endswith("." + node.attrname) and node.as_string() == written


def _read_for_metadata(node: nodes.NodeNG) -> bool:
    parent = node.parent
    while isinstance(parent, nodes.Attribute):
        if parent.attrname in METADATA:
            return True
        parent = parent.parent
    return False


def _narrowed_classes(layer: nodes.NodeNG, call: nodes.Call) -> Optional[FrozenSet[str]]:
    """The canonical classes the innermost ``if isinstance(<layer>, ...)`` around ``call`` allows,
    or None when no such test encloses it (any class)."""
    written = layer.as_string()
    child, parent = call, call.parent
    while parent is not None and not isinstance(parent, (nodes.FunctionDef, nodes.Module, nodes.Lambda)):
        if isinstance(parent, nodes.If) and child in parent.body:
            classes = _isinstance_classes(parent.test, written)
            if classes is not None:
                return classes
        child, parent = parent, parent.parent
    return None


def _isinstance_classes(test: nodes.NodeNG, written: str) -> Optional[FrozenSet[str]]:
    found = None
    for node in test.nodes_of_class(nodes.Call):
        if isinstance(node.func, nodes.Name) and node.func.name == "isinstance" and len(node.args) == 2:
            if node.args[0].as_string() != written:
                continue
            kinds = node.args[1].elts if isinstance(node.args[1], nodes.Tuple) else [node.args[1]]
            named = (names.mindspore_name(kind) for kind in kinds)
            found = (found or frozenset()) | frozenset(catalog.canonical(name) for name in named if name)
    return found


def _loads_into_network(call: nodes.Call) -> bool:
    """A checkpoint loaded into a network, not into an optimizer, on every run of its function, and
    not to evaluate what was trained (in an eval/test/predict function, or after ``.train(...)``)."""
    if training.is_conditional(call) or training.in_evaluation_function(call) or _after_training(call):
        return False
    target = training.argument(call, "net")
    if target is None or training.is_none(target):
        return names.basename(call.func) == "load_distributed_checkpoint"
    text = target.as_string().lower()
    return "optim" not in text and not text.endswith("opt")


def _after_training(call: nodes.Call) -> bool:
    """A statement before ``call`` in its function (or script) trains: ``model.train(...)``."""
    statement = call.statement()
    while statement is not None and not isinstance(statement, (nodes.FunctionDef, nodes.Module)):
        for earlier in index.earlier_siblings(statement):
            if any(names.basename(node.func) == "train" for node in earlier.nodes_of_class(nodes.Call)):
                return True
        statement = statement.parent
    return False


def _applied_sets(call: nodes.Call, depth: int) -> FrozenSet[str]:
    """``net.apply(init)``: what ``init`` sets (nothing known to be a function: nothing)."""
    if len(call.args) != 1:
        return frozenset()
    function = resolve.method_of_self(call.args[0]) or resolve.definition(call.args[0])
    return _function_sets(function, depth) if isinstance(function, nodes.FunctionDef) else frozenset()


def _function_sets(definition: Optional[nodes.NodeNG], depth: int) -> FrozenSet[str]:
    """What a weight-initialising helper sets: its body's calls when ms_lint can read it, else every key."""
    if depth <= 0 or not isinstance(definition, nodes.FunctionDef):
        return KEYS
    found: FrozenSet[str] = frozenset()
    for node in definition.nodes_of_class(nodes.Call):
        if may_set(node):
            found |= _call_sets(node, depth - 1)
    return found


@memo.per_node
def set_on_instance(assigned: nodes.Call) -> FrozenSet[str]:
    """The attributes of the layer built by ``assigned`` (``self.fc = nn.Dense(...)``) that its class
    sets: ``self.fc.weight.set_data(...)``, or a helper given ``self.fc``, anywhere in the class."""
    statement = assigned.parent
    if not isinstance(statement, nodes.Assign) or statement.value is not assigned:
        return frozenset()
    targets = [target for target in statement.targets if isinstance(target, nodes.AssignAttr) and names.is_self(target.expr)]
    classdef = assigned.frame().parent
    if len(targets) != 1 or not isinstance(classdef, nodes.ClassDef):
        return frozenset()
    name = targets[0].attrname
    found: FrozenSet[str] = frozenset()
    for call in classdef.nodes_of_class(nodes.Call):
        if not may_set(call) or not any(names.is_self_attribute(expr) and expr.attrname == name for expr in _layers(call)):
            continue
        func = call.func
        if names.basename(func) == SET_DATA:
            found |= {func.expr.attrname} if isinstance(func.expr, nodes.Attribute) else frozenset()
        else:
            found |= _attributes(_call_sets(call, HELPER_DEPTH))
    return found
