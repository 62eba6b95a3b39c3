"""The network a training call trains, and the custom precision conversions applied to it before.

Networks are followed by name inside one function (or the module body)::

    net = Net()                                # Net.__init__ may call self.head.to_float(...)
    net.to_float(ms.float16)                   # or amp.auto_mixed_precision(net, "O3"),
                                               # amp.custom_mixed_precision(net, ...), a loop over
                                               # net.cells_and_names(), net.apply(fn), a helper f(net)
    loss_net = nn.WithLossCell(net, loss_fn)   # wrappers lead back to their backbone, not the loss
    model = Model(loss_net, optimizer=opt, amp_level="O3")

User classes and helpers are read across the user's own modules (``resolve``), never MindSpore's.
A conversion is *certain* when nothing in the code can skip it: it is not under an ``if`` the
training call is not under too, and its level is not a variable. Conversions in the other
branch of an ``if`` than the training call never reach it and are left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, List, Optional, Tuple

from astroid import nodes

from ms_lint.semantics.cells import cells
from ms_lint.semantics.names import memo, names, resolve
from ms_lint.semantics.program import training

MAX_DEPTH = 6
NETWORK_PARAMETERS = frozenset({"network", "backbone", "net"})
# Cell methods that iterate over a network's sub-cells.
CELL_ITERATORS = frozenset({"cells", "cells_and_names", "name_cells"})
BRANCHING = (nodes.If, nodes.IfExp, nodes.Try, nodes.While, nodes.For, nodes.With)


@dataclass(frozen=True)
class Conversion:
    """A custom precision conversion of a network."""

    node: nodes.NodeNG  # where it happens: the call, the loop over sub-cells, or the network's instantiation
    text: str  # what the code does, for messages
    dtype: Optional[str]  # training.FLOAT16, FLOAT32, BFLOAT16; None when unknown
    certain: bool

    @property
    def float16(self) -> bool:
        return self.dtype == training.FLOAT16

    @property
    def line(self) -> int:
        return self.node.fromlineno


def dotted(expr: Optional[nodes.NodeNG]) -> Optional[str]:
    """``net`` or ``self.backbone`` for a name or attribute chain, else None."""
    if isinstance(expr, nodes.Name):
        return expr.name
    if isinstance(expr, nodes.Attribute):
        base = dotted(expr.expr)
        return f"{base}.{expr.attrname}" if base else None
    return None


def _within(name: Optional[str], network: str) -> bool:
    """``net`` or one of its sub-cells (``net.head``)."""
    return bool(name) and (name == network or name.startswith(network + "."))


def trained_network(call: nodes.Call) -> Optional[nodes.NodeNG]:
    """The network argument of ``Model``, ``build_train_network`` or a ``TrainOneStepCell``."""
    name = training.called(call)
    if name in (training.MODEL, training.BUILD_TRAIN_NETWORK) or training.TRAIN_ONE_STEP_CELL in training.lineage(name):
        return training.argument(call, "network")
    return None


# -- where a node sits relative to another -------------------------------------------------


def _branches(node: nodes.NodeNG, scope: nodes.NodeNG) -> List[Tuple[nodes.NodeNG, str]]:
    """The compound statements around ``node`` inside ``scope``, with the field holding it."""
    found = []
    child, parent = node, node.parent
    while parent is not None and parent is not scope:
        if isinstance(parent, BRANCHING):
            field = next(
                (name for name in ("body", "orelse", "handlers", "finalbody") if child in (getattr(parent, name, None) or ())),
                "test",
            )
            found.append((parent, field))
        child, parent = parent, parent.parent
    return found


def _equality_test(compound: nodes.NodeNG, field: str) -> Optional[Tuple[str, object]]:
    """``("args.device", "Ascend")`` for the body of ``if args.device == "Ascend":``."""
    test = getattr(compound, "test", None)
    if field != "body" or not isinstance(compound, nodes.If) or not isinstance(test, nodes.Compare):
        return None
    if len(test.ops) != 1 or test.ops[0][0] != "==" or not isinstance(test.ops[0][1], nodes.Const):
        return None
    return test.left.as_string(), test.ops[0][1].value


def _exclusive(first: List[Tuple[nodes.NodeNG, str]], second: List[Tuple[nodes.NodeNG, str]]) -> bool:
    """Both sit under ``if X == a`` and ``if X == b`` with a != b: they never run together."""
    tested = {}
    for compound, field in first:
        equality = _equality_test(compound, field)
        if equality is not None:
            tested.setdefault(equality[0], set()).add(equality[1])
    for compound, field in second:
        equality = _equality_test(compound, field)
        if equality is not None and equality[0] in tested and equality[1] not in tested[equality[0]]:
            return True
    return False


def _relation(conversion: nodes.NodeNG, site: nodes.NodeNG, scope: nodes.NodeNG) -> Optional[bool]:
    """True if ``conversion`` always runs before ``site``, False if only sometimes, None if never."""
    if _exclusive(_branches(conversion, scope), _branches(site, scope)):
        return None  # ``if target == "Ascend": ...`` and ``if target == "GPU": ...``
    site_branches = dict(_branches(site, scope))
    certain = True
    for compound, field in _branches(conversion, scope):
        if compound in site_branches:
            if site_branches[compound] != field and isinstance(compound, (nodes.If, nodes.IfExp)):
                return None  # the other branch of the same if
            continue
        if isinstance(compound, (nodes.If, nodes.IfExp, nodes.Try, nodes.While)) or (
            isinstance(compound, nodes.For) and not _iterates_cells(compound)
        ):
            certain = False
    return certain


def _iterates_cells(loop: nodes.For) -> Optional[str]:
    """The network a ``for`` loop walks the sub-cells of (``for _, c in net.cells_and_names()``)."""
    iterable = loop.iter
    if isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Attribute):
        if iterable.func.attrname in ("items", "values") and isinstance(iterable.func.expr, nodes.Call):
            iterable = iterable.func.expr
    if isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Attribute):
        if iterable.func.attrname in CELL_ITERATORS:
            return dotted(iterable.func.expr)
    return None


def _loop_over_cells(receiver: nodes.NodeNG) -> Optional[nodes.For]:
    """The loop over a network's sub-cells that binds ``receiver`` (``cell`` in ``cell.to_float``)."""
    if not isinstance(receiver, nodes.Name):
        return None
    parent = receiver.parent
    while parent is not None and not isinstance(parent, (nodes.FunctionDef, nodes.Module, nodes.Lambda)):
        if isinstance(parent, nodes.For) and receiver.name in {t.name for t in parent.target.nodes_of_class(nodes.AssignName)}:
            return parent if _iterates_cells(parent) else None
        parent = parent.parent
    return None


# -- one call, one network -------------------------------------------------------------------


def _to_float_dtype(call: nodes.Call) -> Optional[str]:
    return training.dtype(training.keyword(call, "dst_type", position=0))


def _is_to_float(call: nodes.NodeNG) -> bool:
    return isinstance(call, nodes.Call) and isinstance(call.func, nodes.Attribute) and call.func.attrname == "to_float"


def _amp_function(call: nodes.Call) -> Optional[Tuple[nodes.NodeNG, Optional[str], bool]]:
    """(network argument, dtype, certain) for ``amp.auto_mixed_precision``/``custom_mixed_precision``."""
    name = training.called(call)
    if name == training.AUTO_MIXED_PRECISION:
        level = training.literal(training.argument(call, "amp_level"))
        if level in (None, "O0"):
            return None
        dtype = training.argument(call, "dtype")
        return training.argument(call, "network"), training.dtype(dtype) if dtype else training.FLOAT16, level != training.DYNAMIC
    if name == training.CUSTOM_MIXED_PRECISION:
        dtype = training.argument(call, "dtype")
        return training.argument(call, "network"), training.dtype(dtype) if dtype else training.FLOAT16, True
    return None


def _inner_to_float(function: nodes.NodeNG) -> Optional[nodes.Call]:
    """The first ``x.to_float(...)`` call in a function or lambda."""
    return next((call for call in function.nodes_of_class(nodes.Call) if _is_to_float(call)), None)


def _applied_function(call: nodes.Call) -> Optional[nodes.NodeNG]:
    """The function ``net.apply(fn)`` applies, when it is defined in the user's code."""
    function = training.keyword(call, "fn", position=0)
    if isinstance(function, nodes.Lambda):
        return function
    binding = names.single_binding(function)
    return binding if isinstance(binding, nodes.FunctionDef) else None


def converts(call: nodes.Call, network: str, depth: int = 0) -> Optional[Conversion]:
    """The conversion a call makes to ``network`` (or one of its sub-cells), if any."""
    if _is_to_float(call):
        receiver = call.func.expr
        if _within(dotted(receiver), network):
            return Conversion(call, call.as_string(), _to_float_dtype(call), True)
        loop = _loop_over_cells(receiver)
        if loop is not None and _within(_iterates_cells(loop), network):
            text = f"for ... in {loop.iter.as_string()}: {call.as_string()}"
            return Conversion(loop, text, _to_float_dtype(call), True)
        return None
    amp = _amp_function(call)
    if amp is not None:
        argument, dtype, certain = amp
        return Conversion(call, call.as_string(), dtype, certain) if _within(dotted(argument), network) else None
    if isinstance(call.func, nodes.Attribute) and call.func.attrname == "apply" and _within(dotted(call.func.expr), network):
        function = _applied_function(call)
        inner = _inner_to_float(function) if function is not None else None
        return Conversion(call, call.as_string(), _to_float_dtype(inner), True) if inner is not None else None
    return _helper_conversion(call, network, depth)


def _helper_conversion(
    call: nodes.Call, network: Optional[str], depth: int, argument: Optional[nodes.NodeNG] = None
) -> Optional[Conversion]:
    """``convert(net)``: a user function that converts the parameter ``net`` (or ``argument``) is passed to."""
    if depth >= 2 or names.mindspore_name(call.func):
        return None
    positions = [
        index for index, arg in enumerate(call.args) if arg is argument or (network and _within(dotted(arg), network))
    ]
    if not positions:
        return None
    function = resolve.called_definition(call)
    if not isinstance(function, nodes.FunctionDef) or isinstance(function.parent, nodes.ClassDef):
        return None
    parameters = [arg.name for arg in function.args.args or ()]
    if positions[0] >= len(parameters):
        return None
    parameter = parameters[positions[0]]
    for inner in function.nodes_of_class(nodes.Call):
        found = converts(inner, parameter, depth + 1)
        if found is not None:
            certain = found.certain and _relation(found.node, function.body[-1], function) is True
            return Conversion(call, f"{call.as_string()}, which calls {found.text}", found.dtype, certain)
    return None


# -- Cell classes that convert themselves ----------------------------------------------------


@memo.per_node
def class_conversion(classdef: nodes.ClassDef) -> Optional[Tuple[str, Optional[str], bool]]:
    """(text, dtype, certain) when a Cell class's ``__init__`` (or an ancestor's) calls ``.to_float``
    on itself or on sub-cells it builds (not on Cells it receives, such as a loss function)."""
    for cls in (classdef, *cells.ancestry(classdef).user):
        init = next((node for node in cls.body if isinstance(node, nodes.FunctionDef) and node.name == "__init__"), None)
        if init is None or not init.args.args:
            continue
        self_name, parameters = init.args.args[0].name, {arg.name for arg in init.args.args[1:]}
        received = _attributes_from_parameters(init, self_name, parameters)
        for call in init.nodes_of_class(nodes.Call):
            if not _is_to_float(call) or call.scope() is not init:
                continue
            if _own_cell(call.func.expr, self_name, parameters, received):
                certain = _relation(call, init.body[-1], init) is True
                return f"{cls.name}.__init__ calls {call.as_string()}", _to_float_dtype(call), certain
    return None


def _attributes_from_parameters(init: nodes.FunctionDef, self_name: str, parameters: set) -> frozenset:
    """``self.<attr>`` assigned straight from an ``__init__`` argument (``self.loss = loss_fn``)."""
    found = set()
    for assign in init.nodes_of_class(nodes.Assign):
        if isinstance(assign.value, nodes.Name) and assign.value.name in parameters:
            found |= {_assigned_dotted(target) for target in assign.targets if isinstance(target, nodes.AssignAttr)}
    return frozenset(name for name in found if name and name.startswith(self_name + "."))


def _own_cell(receiver: nodes.NodeNG, self_name: str, parameters: set, received: frozenset) -> bool:
    name = dotted(receiver)
    if name is None:
        return False
    root = name.split(".")[0]
    if root == self_name:
        return not any(_within(name, attribute) for attribute in received)
    loop = _loop_over_cells(receiver)
    if loop is not None:
        return _iterates_cells(loop) == self_name
    return root not in parameters


# -- following a network by name -------------------------------------------------------------


class _Tracker:
    """Collects the conversions that reach the network a statement uses.

    ``opaque`` is set when part of the network's origin cannot be followed (a function
    parameter, a factory from an installed package): a conversion may hide there.
    """

    def __init__(self, site: nodes.NodeNG, depth: int = 0):
        self.site = site
        self.scope = site.scope()
        self.depth = depth
        self.found: List[Conversion] = []
        self.seen: set = set()
        self.opaque = False

    def follow(self, expr: Optional[nodes.NodeNG], before: nodes.NodeNG, depth: int = 0, soft: bool = False) -> None:
        """Follow ``expr`` back to where the network was built; ``soft``: its opacity does not matter."""
        opaque = self.opaque
        if expr is None or depth + self.depth > MAX_DEPTH:
            self.opaque = True
        elif isinstance(expr, nodes.Call):
            self._call(expr, before, depth)
        elif dotted(expr) is None:
            self.opaque = True
        elif dotted(expr) not in self.seen:
            self.seen.add(dotted(expr))
            self._name(dotted(expr), before, depth)
        if soft:
            self.opaque = opaque

    def _add(self, conversion: Conversion) -> None:
        relation = _relation(conversion.node, self.site, self.scope) if conversion.node.scope() is self.scope else True
        if relation is not None:
            self.found.append(Conversion(conversion.node, conversion.text, conversion.dtype, conversion.certain and relation))

    def _call(self, call: nodes.Call, before: nodes.NodeNG, depth: int) -> None:
        if _is_to_float(call):
            self._add(Conversion(call, call.as_string(), _to_float_dtype(call), True))
            self.follow(call.func.expr, before, depth + 1)
            return
        amp = _amp_function(call)
        if amp is not None:
            self._add(Conversion(call, call.as_string(), amp[1], amp[2]))
            self.follow(amp[0], before, depth + 1)
            return
        entity = names.called_entity(call)
        if entity is not None:
            if not entity.is_cell:
                self.opaque = True
            elif entity.args and entity.args[0] in NETWORK_PARAMETERS:
                self.follow(training.argument(call, entity.args[0]), before, depth + 1)
            return
        definition = resolve.called_definition(call)
        if isinstance(definition, nodes.ClassDef) and cells.is_cell_class(definition):
            converted = class_conversion(definition)
            if converted is not None:
                self._add(Conversion(call, *converted))
            if call.args and dotted(call.args[0]):
                self.follow(call.args[0], before, depth + 1, soft=True)  # a wrapper's backbone
        elif isinstance(definition, nodes.FunctionDef) and not isinstance(definition.parent, nodes.ClassDef):
            self._function(call, definition, before, depth)
        else:
            self.opaque = True

    def _function(self, call: nodes.Call, function: nodes.FunctionDef, before: nodes.NodeNG, depth: int) -> None:
        """``to_half(Net())`` converts what it is given; ``build()`` returns what it converted."""
        for argument in call.args:
            self.follow(argument, before, depth + 1, soft=True)
            if isinstance(argument, nodes.Call):
                conversion = _helper_conversion(call, None, 0, argument)
                if conversion is not None:
                    self._add(conversion)
        returns = [node for node in function.nodes_of_class(nodes.Return) if node.scope() is function and node.value]
        if not returns:
            self.opaque = True
        for statement in returns:
            inner = _Tracker(statement, self.depth + depth + 1)
            inner.follow(statement.value, statement)
            self.opaque = self.opaque or inner.opaque
            for found in inner.found:
                self._add(Conversion(call, f"{call.as_string()}, which calls {found.text}", found.dtype, found.certain))

    def _name(self, name: str, before: nodes.NodeNG, depth: int) -> None:
        assignment = self._last_assignment(name, before)
        start = assignment.fromlineno if assignment is not None else 0
        if isinstance(assignment, nodes.Assign) and len(assignment.targets) == 1 and not isinstance(
            assignment.targets[0], (nodes.Tuple, nodes.List)
        ):
            self.follow(assignment.value, assignment, depth + 1)
        else:
            self.opaque = True  # a parameter, a global, a loop variable, an unpacked value
        for call in self._calls():
            if start <= call.fromlineno < before.fromlineno:
                conversion = converts(call, name)
                if conversion is not None:
                    self._add(conversion)

    def _calls(self) -> Iterator[nodes.Call]:
        return (call for call in self.scope.nodes_of_class(nodes.Call) if call.scope() is self.scope)

    def _last_assignment(self, name: str, before: nodes.NodeNG) -> Optional[nodes.NodeNG]:
        """The statement that last bound ``name`` before ``before`` in the scope."""
        latest = None
        for target in self.scope.nodes_of_class((nodes.AssignName, nodes.AssignAttr)):
            if target.scope() is not self.scope or target.fromlineno >= before.fromlineno:
                continue
            if (target.name if isinstance(target, nodes.AssignName) else _assigned_dotted(target)) != name:
                continue
            statement = target.statement()
            if latest is None or statement.fromlineno >= latest.fromlineno:
                latest = statement
        return latest


def _assigned_dotted(target: nodes.AssignAttr) -> Optional[str]:
    base = dotted(target.expr)
    return f"{base}.{target.attrname}" if base else None


@dataclass(frozen=True)
class Tracking:
    """The conversions that reach a trained network, and whether part of its origin was out of sight."""

    conversions: Tuple[Conversion, ...]
    opaque: bool


def track(site: nodes.Call, network: Optional[nodes.NodeNG] = None) -> Tracking:
    """Follow the network ``site`` trains back through the function (or module) that calls it."""
    network = network if network is not None else trained_network(site)
    tracker = _Tracker(site)
    tracker.follow(network, site)
    unique = {id(conversion.node): conversion for conversion in tracker.found}
    ordered = sorted(unique.values(), key=lambda conversion: (conversion.line, conversion.node.col_offset or 0))
    return Tracking(tuple(ordered), tracker.opaque)


def conversions_before(site: nodes.Call, network: Optional[nodes.NodeNG] = None) -> List[Conversion]:
    """The custom conversions applied to the network ``site`` trains, before ``site``, in source order."""
    return list(track(site, network).conversions)
