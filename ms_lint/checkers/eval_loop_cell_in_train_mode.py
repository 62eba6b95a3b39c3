"""eval-loop-cell-in-train-mode: an evaluation loop calls a network left in training mode."""

from __future__ import annotations

from typing import Iterator, Optional, Tuple

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.semantics import arguments, cells, evaluation, index, names, pipeline, train_mode, training

SYMBOL = "eval-loop-cell-in-train-mode"
ITERATORS = frozenset({"create_tuple_iterator", "create_dict_iterator"})


class EvalLoopCellInTrainModeChecker(MindSporeChecker):
    msgs = {
        "W7345": (
            "'%s' (%s) is evaluated in training mode: %s (line %d) put it in training mode and nothing sets "
            "it back, and it holds Dropout or BatchNorm, so this loop's outputs are random and BatchNorm's moving "
            "statistics absorb the evaluation data. Call %s.set_train(False) before the loop (and "
            "set_train(True) before training again).",
            SYMBOL,
            "A Cell stays in the mode last set: after set_train(), Model.train or a training wrapper's "
            "set_train(), a hand-written evaluation loop runs Dropout and BatchNorm in training mode. "
            "Model.eval and Model.predict switch modes themselves; a loop that calls the network must call "
            "set_train(False).",
        )
    }

    @only_required_for_messages(SYMBOL)
    def visit_for(self, node: nodes.For) -> None:
        function = node.scope()
        if not isinstance(function, nodes.FunctionDef) or not self._is_evaluation_loop(node):
            return
        reported = set()
        for call in self._network_calls(node):
            name = call.func.name
            if name in reported:
                continue
            found = self._trained(function, call)
            if found is not None:
                reported.add(name)
                network, switch = found
                args = (name, network.func.as_string(), switch[0], switch[1], name)
                self.add_message(SYMBOL, node=call, args=args, confidence=HIGH)

    @staticmethod
    def _is_evaluation_loop(loop: nodes.For) -> bool:
        """A loop over a dataset (or its iterator) in evaluation code, or over evaluation data by name."""
        data = loop.iter.args[0] if isinstance(loop.iter, nodes.Call) and _is_enumerate(loop.iter) else loop.iter
        if isinstance(data, nodes.Call) and isinstance(data.func, nodes.Attribute) and data.func.attrname in ITERATORS:
            data = data.func.expr
        elif not pipeline.is_dataset(data):
            return False
        named = training.is_evaluation_name(_basename(data))
        return named or evaluation.evaluation_scope(loop) is not None

    @staticmethod
    def _network_calls(loop: nodes.For) -> Iterator[nodes.Call]:
        for call in loop.nodes_of_class(nodes.Call):
            if isinstance(call.func, nodes.Name) and call.scope() is loop.scope():
                yield call

    def _trained(self, function: nodes.FunctionDef, call: nodes.Call) -> Optional[Tuple[nodes.Call, Tuple[str, int]]]:
        """The call that built the network and what put it in training mode (text, line), when it
        holds Dropout or BatchNorm."""
        name = call.func.name
        built = evaluation.origins(call.func)
        if built is not None and any(isinstance(value, nodes.Call) for value in built):
            switch = train_mode.left_in_training(function, name, call.lineno)
            network = _mode_dependent_network(built)
            if switch is not None and network is not None:
                return network, (switch.as_string(), switch.lineno)
            return None
        parameter = _parameter_name(function, call.func)
        if parameter is None or any(mode is not True for mode, _ in train_mode.switches_before(function, name, call.lineno)):
            return None
        return self._trained_by_caller(function, parameter)

    @staticmethod
    def _trained_by_caller(function: nodes.FunctionDef, parameter: str) -> Optional[Tuple[nodes.Call, Tuple[str, int]]]:
        """A call of ``function`` in its module passing, as ``parameter``, a network its caller left in training mode."""
        for call in index.of(function.root()).calls:
            if cells.called_definition(call) is not function:
                continue
            argument = _argument_for(function, call, parameter)
            caller = call.scope()
            if not isinstance(argument, nodes.Name) or not isinstance(caller, nodes.FunctionDef):
                continue
            network = _mode_dependent_network(evaluation.origins(argument) or ())
            switch = train_mode.left_in_training(caller, argument.name, call.lineno) if network is not None else None
            if switch is not None:
                return network, (f"{switch.as_string()} before {call.as_string()}", switch.lineno)
        return None


def _mode_dependent_network(built) -> Optional[nodes.Call]:
    """The call among those that built a network which creates Dropout or BatchNorm, if any."""
    return next((value for value in built if isinstance(value, nodes.Call) and train_mode.holds_mode_dependent_layer(value)), None)


def _is_enumerate(call: nodes.Call) -> bool:
    return isinstance(call.func, nodes.Name) and call.func.name == "enumerate" and bool(call.args)


def _basename(expr: nodes.NodeNG) -> Optional[str]:
    if isinstance(expr, (nodes.Name, nodes.Attribute)):
        return expr.name if isinstance(expr, nodes.Name) else expr.attrname
    return None


def _parameter_name(function: nodes.FunctionDef, name: nodes.Name) -> Optional[str]:
    parameters = [arg.name for arg in function.args.posonlyargs + function.args.args + function.args.kwonlyargs]
    bindings = names.bindings(name)
    if len(bindings) == 1 and isinstance(bindings[0].parent, nodes.Arguments) and name.name in parameters:
        return name.name
    return None


def _argument_for(function: nodes.FunctionDef, call: nodes.Call, parameter: str) -> Optional[nodes.NodeNG]:
    parameters = [arg.name for arg in function.args.posonlyargs + function.args.args]
    if function.type == "method" and parameters:
        parameters = parameters[1:]
    return arguments.bound(call, parameters).get(parameter)
