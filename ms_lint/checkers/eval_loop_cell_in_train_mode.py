"""eval-loop-cell-in-train-mode: an evaluation loop calls a network left in training mode."""

from __future__ import annotations

from typing import Iterator, Optional, Tuple

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.language import Text
from ms_lint.semantics.names import names
from ms_lint.semantics.program import evaluation, pipeline, train_mode, training

SYMBOL = "eval-loop-cell-in-train-mode"
ITERATORS = frozenset({"create_tuple_iterator", "create_dict_iterator"})


class EvalLoopCellInTrainModeChecker(MindSporeChecker):
    msgs = {
        "W7345": (
            Text(
                "'%s' (%s) is evaluated in training mode: %s (line %d) put it in training mode and nothing sets "
                "it back, and it holds Dropout or BatchNorm, so this loop's outputs are random and BatchNorm's moving "
                "statistics absorb the evaluation data. Call %s.set_train(False) before the loop (and "
                "set_train(True) before training again).",
                "'%s'（%s）在训练模式下被评估：%s（第 %d 行）将其置于训练模式，之后没有任何代码将其改回，且它包含 Dropout "
                "或 BatchNorm，因此该循环的输出是随机的，BatchNorm 的滑动统计量会吸收评估数据。请在循环前调用 "
                "%s.set_train(False)（并在再次训练前调用 set_train(True)）。",
            ),
            SYMBOL,
            Text(
                "A Cell stays in the mode last set: after set_train(), Model.train or a training wrapper's "
                "set_train(), a hand-written evaluation loop runs Dropout and BatchNorm in training mode. "
                "Model.eval and Model.predict switch modes themselves; a loop that calls the network must call "
                "set_train(False).",
                "Cell 保持最后一次设置的模式：在 set_train()、Model.train 或训练封装的 set_train() "
                "之后，手写的评估循环会以训练模式运行 Dropout 和 BatchNorm。Model.eval 和 Model.predict "
                "会自行切换模式；直接调用网络的循环必须调用 set_train(False)。",
            ),
        )
    }

    @only_required_for_messages(SYMBOL)
    def visit_for(self, node: nodes.For) -> None:
        function = node.scope()
        if not isinstance(function, nodes.FunctionDef) or not self._is_evaluation_loop(node):
            return
        reported = set()
        for call in self._network_calls(node):
            name = call.func.as_string()
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
        named = training.is_evaluation_name(names.basename(data))
        return named or evaluation.evaluation_scope(loop) is not None

    @staticmethod
    def _network_calls(loop: nodes.For) -> Iterator[nodes.Call]:
        """``net(x)`` and ``self.net(x)`` in the loop's function."""
        for call in loop.nodes_of_class(nodes.Call):
            func = call.func
            held = isinstance(func, nodes.Name) or names.is_self_attribute(func)
            if held and call.scope() is loop.scope():
                yield call

    def _trained(self, function: nodes.FunctionDef, call: nodes.Call) -> Optional[Tuple[nodes.Call, Tuple[str, int]]]:
        """The call that built the network and what put it in training mode (text, line), when it
        holds Dropout or BatchNorm."""
        name = call.func.as_string()
        built = evaluation.origins(call.func)
        if built is not None and any(isinstance(value, nodes.Call) for value in built):
            switch = train_mode.left_in_training(function, name, call.lineno)
            network = train_mode.mode_dependent_network(built)
            if network is None:
                return None
            if switch is not None:
                return network, (switch.as_string(), switch.lineno)
            if isinstance(call.func, nodes.Attribute) and not train_mode.switches_before(function, name, call.lineno):
                # ``self.net`` switched by another method that runs before this one
                found = train_mode.trained_by_method(function, name)
                return (network, found) if found is not None else None
            return None
        if not isinstance(call.func, nodes.Name):
            return None
        parameter = train_mode.parameter_name(function, call.func)
        if parameter is None or any(mode is not True for mode, _ in train_mode.switches_before(function, name, call.lineno)):
            return None
        return train_mode.trained_by_caller(function, parameter)


def _is_enumerate(call: nodes.Call) -> bool:
    return isinstance(call.func, nodes.Name) and call.func.name == "enumerate" and bool(call.args)
