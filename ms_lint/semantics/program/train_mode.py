"""A Cell's training mode: which networks behave differently in training, and where code sets the mode.

A Cell starts in inference mode (``training=False``). ``set_train()`` (or ``set_train(True)``)
on it or on any Cell built around it, and ``Model.train``/``Model.fit`` on a Model built with
it, put it in training mode; ``set_train(False)``, ``Model.eval`` and ``Model.predict`` put it
back. Only Cells that hold Dropout or BatchNorm (:data:`train_api.MODE_DEPENDENT_CELLS`),
directly or through their own Cells, compute differently in the two modes.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from astroid import nodes

from ms_lint.data import train_api
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
from ms_lint.semantics.names import arguments, index, memo, names, resolve
from ms_lint.semantics.program import evaluation, training

MAX_DEPTH = 4
TRAINING_METHODS = frozenset({"train", "fit"})
EVALUATING_METHODS = frozenset({"eval", "predict"})
# How a message names a switch made in the caller, before it calls the evaluation function.
BEFORE = Text("%s before %s", "%s（在 %s 之前）")


def _mode_dependent(call: nodes.Call) -> bool:
    return bool(training.lineage(training.called(call)) & train_api.MODE_DEPENDENT_CELLS)


def holds_mode_dependent_layer(expr: nodes.NodeNG, depth: int = 0) -> bool:
    """True when the network an expression builds certainly creates a Dropout or BatchNorm: one of
    the calls in it does, or a Cell class (or factory function) of the user's that it calls does."""
    if depth > MAX_DEPTH:
        return False
    for call in expr.nodes_of_class(nodes.Call):
        if _mode_dependent(call):
            return True
        definition = cells.called_definition(call)
        if definition is not None and definition not in _LOOKING and _builds(definition, depth + 1):
            return True
    return False


_LOOKING: set = set()  # definitions being looked at: a class that builds itself is no answer


def _builds(definition: nodes.NodeNG, depth: int) -> bool:
    if definition not in _ANSWERS:
        _LOOKING.add(definition)
        try:
            _ANSWERS[definition] = _builds_mode_dependent(definition, depth)
        finally:
            _LOOKING.discard(definition)
    return _ANSWERS[definition]


_ANSWERS = memo.per_run_dict()


def _builds_mode_dependent(definition: nodes.NodeNG, depth: int) -> bool:
    """A user Cell class whose code (or its user ancestors' code) creates a mode-dependent Cell, or
    derives from one; a user function that does."""
    if isinstance(definition, nodes.ClassDef):
        lineage = cells.ancestry(definition)
        if lineage.mindspore & train_api.MODE_DEPENDENT_CELLS:
            return True
        if not lineage.derives_from("mindspore.nn.cell.Cell"):
            return False
        return any(holds_mode_dependent_layer(item, depth + 1) for item in (definition, *lineage.user))
    return holds_mode_dependent_layer(definition, depth + 1)


def _involves(expr: Optional[nodes.NodeNG], network: str, depth: int = 0) -> bool:
    """``expr`` is the network's name, or builds an object around it (``TrainOneStepCell(
    WithLossCell(net, loss), opt)``, ``Model(net, ...)``), also through names bound to such calls."""
    if expr is None or depth > MAX_DEPTH:
        return False
    if isinstance(expr, nodes.Attribute) and names.is_self_attribute(expr):
        return expr.as_string() == network
    if isinstance(expr, nodes.Name):
        if expr.name == network:
            return True
        return any(_involves(value, network, depth + 1) for value in evaluation.origins(expr) or ())
    if isinstance(expr, nodes.Call):
        given = [*expr.args, *(keyword.value for keyword in expr.keywords or ())]
        return any(_involves(argument, network, depth + 1) for argument in given)
    return False


def mode_switch(call: nodes.Call, network: str) -> Optional[bool]:
    """True when a call puts the network named ``network`` in training mode, False when it puts it
    in inference mode, None when it does neither (or cannot be told)."""
    func = call.func
    if not isinstance(func, nodes.Attribute) or not _involves(func.expr, network):
        return None
    if func.attrname == "set_train":
        mode = training.keyword(call, "mode", 0)
        if mode is None:
            return True
        return mode.value if isinstance(mode, nodes.Const) and isinstance(mode.value, bool) else None
    if func.attrname in TRAINING_METHODS | EVALUATING_METHODS and evaluation.is_model(func.expr):
        return func.attrname in TRAINING_METHODS
    return None


Switch = Tuple[Optional[bool], nodes.Call]


def switches_before(function: nodes.NodeNG, network: str, before: int, depth: int = 0) -> List[Switch]:
    """The mode switches of ``network`` in a function's own code before line ``before``, in
    order, as (mode, call); helpers of the user's called with the network are followed
    (``train_loop(net, ds)`` that calls ``set_train()`` on its parameter). A mode of None stands
    for a call that hands the network to code that cannot be read."""
    found: List[Switch] = []
    for call in _own_calls(function):
        if call.lineno >= before:
            break
        switch = mode_switch(call, network)
        if switch is not None:
            found.append((switch, call))
            continue
        method = resolve.method_of_self(call.func) if network.startswith(SELF) else None
        if method is not None:
            # ``self.train_epoch()``: the same object's network, switched in another method
            if depth < MAX_DEPTH:
                end = (method.end_lineno or method.lineno) + 1
                found.extend((mode, call) for mode, _ in switches_before(method, network, end, depth + 1))
            continue
        passed = _passed_as(call, network)
        if passed is None:
            continue
        definition = cells.called_definition(call)
        if not passed or not isinstance(definition, nodes.FunctionDef) or depth >= MAX_DEPTH:
            found.append((None, call))
            continue
        end = (definition.end_lineno or definition.lineno) + 1
        found.extend((mode, call) for mode, _ in switches_before(definition, passed, end, depth + 1))
    return found


def left_in_training(function: nodes.NodeNG, network: str, before: int) -> Optional[nodes.Call]:
    """The call that last put ``network`` in training mode before line ``before`` of a function,
    when nothing after it may have switched the mode back; else None."""
    found = switches_before(function, network, before)
    if found and found[-1][0] is True:
        return found[-1][1]
    return None


def _own_calls(function: nodes.NodeNG) -> List[nodes.Call]:
    calls = [call for call in function.nodes_of_class(nodes.Call) if call.scope() is function]
    return sorted(calls, key=lambda call: (call.lineno, call.col_offset))


def _passed_as(call: nodes.Call, network: str) -> Optional[str]:
    """The parameter name of a user function the network is passed to by name, "" for a parameter
    that cannot be named (a MindSpore API, ``*args``), None when the network is not passed."""
    positional = [argument for argument in call.args if isinstance(argument, nodes.Name) and argument.name == network]
    keyword = [item.arg for item in call.keywords or () if isinstance(item.value, nodes.Name) and item.value.name == network]
    if not positional and not keyword:
        return None
    if names.mindspore_name(call.func) or names.is_builtin(call.func):
        return None  # MindSpore's own APIs (mode_switch reads the ones that switch) and print(net)
    if keyword and keyword[0]:
        return keyword[0]
    definition = cells.called_definition(call)
    if not isinstance(definition, nodes.FunctionDef):
        return ""
    parameters = evaluation.positional(definition)
    position = call.args.index(positional[0])
    return parameters[position] if position < len(parameters) else ""


def mode_dependent_network(built) -> Optional[nodes.Call]:
    """The first of the calls that may have built a network, when every one of them creates Dropout
    or BatchNorm; else None."""
    built = list(built)
    if not built or not all(isinstance(value, nodes.Call) and holds_mode_dependent_layer(value) for value in built):
        return None
    return built[0]


def trained_by_caller(function: nodes.FunctionDef, parameter: str) -> Optional[Tuple[nodes.Call, Tuple[str, int]]]:
    """A call of ``function`` in its module passing, as ``parameter``, a network its caller left in training mode."""
    for call in index.of(function.root()).calls:
        if cells.called_definition(call) is not function:
            continue
        argument = _argument_for(function, call, parameter)
        caller = call.scope()
        if not isinstance(argument, nodes.Name) or not isinstance(caller, nodes.FunctionDef):
            continue
        network = mode_dependent_network(evaluation.origins(argument) or ())
        switch = left_in_training(caller, argument.name, call.lineno) if network is not None else None
        if switch is not None:
            return network, (BEFORE % (switch.as_string(), call.as_string()), switch.lineno)
    return None


def trained_by_method(method: nodes.FunctionDef, network: str) -> Optional[Tuple[str, int]]:
    """A method of the same class that calls ``method`` (``self.validate()``) after leaving
    ``network`` (``self.net``) in training mode (``self.train_epoch()`` that calls
    ``self.net.set_train()``): what switched it (text, line)."""
    classdef = method.parent
    if not isinstance(classdef, nodes.ClassDef):
        return None
    for caller in classdef.mymethods():
        for call in _own_calls(caller):
            if resolve.method_of_self(call.func) is method:
                switch = left_in_training(caller, network, call.lineno)
                if switch is not None:
                    return BEFORE % (switch.as_string(), call.as_string()), switch.lineno
    return None


SELF = "self."


def parameter_name(function: nodes.FunctionDef, name: nodes.Name) -> Optional[str]:
    """The name, when it is only ever a parameter of the function."""
    parameters = [arg.name for arg in function.args.posonlyargs + function.args.args + function.args.kwonlyargs]
    bindings = names.bindings(name)
    if len(bindings) == 1 and isinstance(bindings[0].parent, nodes.Arguments) and name.name in parameters:
        return name.name
    return None


def _argument_for(function: nodes.FunctionDef, call: nodes.Call, parameter: str) -> Optional[nodes.NodeNG]:
    return arguments.bound(call, evaluation.positional(function)).get(parameter)
