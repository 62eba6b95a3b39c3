"""The network a training script trains: found in its source, built as the script builds it.

Runs in the probe's child, MindSpore installed: each call in the module's source is
resolved to the object it names, so ``Model``, ``TrainOneStepCell``, ``WithLossCell``,
``value_and_grad`` and the optimizers are recognised whatever the import style. The
network is what reaches them (``Model(net, ...)``, ``TrainOneStepCell(WithLossCell(net,
loss), opt)``, ``nn.Momentum(net.trainable_params(), ...)``,
``value_and_grad(fn, None, net.trainable_params())``), followed back through assignments
in the same function to the call that built it. Its arguments are what the script passes
when the probe can know them without running the script: literals, module-level names,
and ``args.x`` read from the script's ``add_argument("--x", default=...)``; an argument
it cannot know is left to its parameter's default, or the network is not built.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from ms_lint.probe import guesses, source
from ms_lint.probe.runtime import arguments_text
from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.verdict import Unconfirmable

UNPACKS = Text("%s unpacks its arguments: the probe cannot know them", "%s 对参数做了解包：探测无法知道它们")
ARGUMENT = Text("argument %s", "第 %s 个参数")
RUN_TIME_VALUE = Text(
    "%s: the value of %s (%s) is known only when the script runs", "%s：%s（%s）的值只有在脚本运行时才知道"
)
BUILD_RAISED = Text("building %s raised %s: %s", "构建 %s 时抛出 %s: %s")
AT_LINE = Text("%s at line %s", "%s（第 %s 行）")
DEFAULTS_FOR = Text(" (defaults for %s)", "（%s 使用默认值）")

PARAMETER_METHODS = ("trainable_params", "get_parameters", "parameters_and_names")
_UNKNOWN = object()


@dataclass
class TrainedNetwork:
    """The call that builds the network a training step receives, and how the probe builds it."""

    call: ast.Call
    reached: Text  # what receives it: "Model at line 40"
    local: frozenset  # names local to the function that builds it (they shadow the module's)
    assigned: Dict[str, List[ast.expr]]  # every value each of those names but parameters gets there
    shown: str = ""  # how it was built: "resnet50(class_num=10)"


def find(runtime, tree: ast.Module) -> List[TrainedNetwork]:
    """The networks the module's training steps receive, each once, in source order."""
    found: Dict[int, TrainedNetwork] = {}
    for scope in [tree, *(node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
        assigned = source.assignments(scope)
        parameters = _parameter_names(scope) if scope is not tree else frozenset()
        local = frozenset(assigned) | parameters if scope is not tree else frozenset()
        single = {name: values for name, values in assigned.items() if name not in parameters}
        for call in _calls(scope):
            role = _role(runtime, call)
            if role is None:
                continue
            for expr in _network_arguments(role, call):
                built = _builder(runtime, expr, assigned, depth=0)
                if built is not None and id(built) not in found:
                    found[id(built)] = TrainedNetwork(built, AT_LINE % (role[1], call.lineno), local, single)
    return sorted(found.values(), key=lambda network: (network.call.lineno, network.call.col_offset))


def build(runtime, network: TrainedNetwork, tree: ast.Module) -> Any:
    """Call the network's builder with the script's arguments, as far as they can be known."""
    maker = runtime.resolve(dotted(network.call.func))
    if any(isinstance(arg, ast.Starred) for arg in network.call.args) or any(
        keyword.arg is None for keyword in network.call.keywords
    ):
        raise Unconfirmable(UNPACKS % (_source(network.call),))
    defaults = guesses.argparse_defaults(tree)
    parsed = _parsed_argument_names(tree, network)
    args, kwargs, left = [], {}, []
    parameters = _parameters(maker)
    for index, arg in enumerate(network.call.args):
        value = _value(runtime, arg, defaults, parsed, network)
        if value is _UNKNOWN:
            name = parameters[index].name if index < len(parameters) else ARGUMENT % (index + 1,)
            raise Unconfirmable(RUN_TIME_VALUE % (_source(network.call), name, _source(arg)))
        args.append(value)
    for keyword in network.call.keywords:
        value = _value(runtime, keyword.value, defaults, parsed, network)
        if value is _UNKNOWN:
            if not _has_default(maker, keyword.arg):
                raise Unconfirmable(RUN_TIME_VALUE % (_source(network.call), keyword.arg, _source(keyword.value)))
            left.append(keyword.arg)
            continue
        kwargs[keyword.arg] = value
    shown = arguments_text(args, kwargs)
    defaults = DEFAULTS_FOR % (", ".join(left),) if left else ""
    network.shown = language.join("", (f"{dotted(network.call.func)}({shown})", defaults))
    try:
        return maker(*args, **kwargs)
    except Exception as error:  # pylint: disable=broad-except
        raise Unconfirmable(BUILD_RAISED % (network.shown, type(error).__name__, error)) from error


# -- what receives a network -------------------------------------------------------------


def _role(runtime, call: ast.Call) -> Optional[Tuple[str, str]]:
    """(kind, name) of a call that receives the network: a training step, a loss wrapper, an optimizer."""
    called = dotted(call.func)
    if not called:
        return None
    try:
        obj = runtime.resolve(called)
    except Unconfirmable:
        return None
    ms = runtime.ms
    name = getattr(obj, "__name__", called)
    if inspect.isclass(obj):
        if issubclass(obj, ms.train.Model):
            return "network", name
        if issubclass(obj, (ms.nn.TrainOneStepCell, ms.nn.WithLossCell)):
            return "network", name
        if issubclass(obj, ms.nn.Optimizer) or _is_experimental_optimizer(ms, obj):
            return "parameters", name
        return None
    if obj in (getattr(ms, "value_and_grad", None), getattr(ms.ops, "value_and_grad", None)):
        return "weights", name
    return None


def _is_experimental_optimizer(ms, obj) -> bool:
    experimental = getattr(getattr(ms, "experimental", None), "optim", None)
    base = getattr(experimental, "Optimizer", None)
    return base is not None and issubclass(obj, base)


def _network_arguments(role: Tuple[str, str], call: ast.Call) -> List[ast.expr]:
    kind = role[0]
    if kind == "network":
        return [_argument(call, 0, ("network", "backbone"))]
    if kind == "parameters":
        return [_owner(_argument(call, 0, ("params",)))]
    return [_owner(_argument(call, 2, ("weights",)))]


def _argument(call: ast.Call, position: int, names: Tuple[str, ...]) -> Optional[ast.expr]:
    for keyword in call.keywords:
        if keyword.arg in names:
            return keyword.value
    if position < len(call.args) and not any(isinstance(arg, ast.Starred) for arg in call.args[: position + 1]):
        return call.args[position]
    return None


def _owner(params: Optional[ast.expr]) -> Optional[ast.expr]:
    """``net`` of ``net.trainable_params()`` (also inside ``filter(f, net.get_parameters())``)."""
    if isinstance(params, ast.Call) and isinstance(params.func, ast.Attribute) and params.func.attr in PARAMETER_METHODS:
        return params.func.value
    if isinstance(params, ast.Call) and dotted(params.func) in ("filter", "list") and params.args:
        return _owner(params.args[-1])
    return None


def _builder(runtime, expr: Optional[ast.expr], assigned: Dict[str, List[ast.expr]], depth: int) -> Optional[ast.Call]:
    """The call that builds ``expr``'s network: through names assigned once, and MindSpore's wrappers."""
    if expr is None or depth > 8:
        return None
    if isinstance(expr, ast.Name):
        values = assigned.get(expr.id, [])
        return _builder(runtime, values[0], assigned, depth + 1) if len(values) == 1 else None
    if not isinstance(expr, ast.Call) or not dotted(expr.func):
        return None
    role = _role(runtime, expr)
    if role is not None and role[0] == "network":
        return _builder(runtime, _argument(expr, 0, ("network", "backbone")), assigned, depth + 1)
    try:
        maker = runtime.resolve(dotted(expr.func))
    except Unconfirmable:
        return None
    module = getattr(maker, "__module__", "") or ""
    if module.split(".")[0] == "mindspore" or not callable(maker):
        return None  # a MindSpore layer or an unknown wrapper is not the user's network
    return expr


# -- the script's values -------------------------------------------------------------------


def _value(runtime, expr: ast.expr, defaults: Dict[str, Any], parsed: frozenset, network: TrainedNetwork, depth: int = 0) -> Any:
    """A literal; ``args.x`` of parsed arguments, by the script's default; a local name's one value
    (``batch_size = 32``); a module-level name's value."""
    try:
        return ast.literal_eval(expr)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        pass
    name = dotted(expr)
    if not name:
        return _UNKNOWN
    head, _, rest = name.partition(".")
    if head in parsed and rest in defaults:
        return defaults[rest]
    if head in network.local:
        values = network.assigned.get(head, ())
        if name != head or len(values) != 1 or depth > 8:
            return _UNKNOWN
        return _value(runtime, values[0], defaults, parsed, network, depth + 1)
    try:
        return runtime.resolve(name)
    except Unconfirmable:
        return _UNKNOWN


def _parsed_argument_names(tree: ast.Module, network: TrainedNetwork) -> frozenset:
    """Names holding parsed arguments: assigned from ``parse_args()``, or a parameter called ``args``/``opt``."""
    return frozenset(guesses.parsed_names(tree) | (network.local & guesses.PARSED_PARAMETERS))


# -- source helpers -----------------------------------------------------------------------


def _parameter_names(function) -> frozenset:
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
    return frozenset(argument.arg for argument in every if argument is not None)


def _calls(scope: ast.AST) -> List[ast.Call]:
    calls = [node for node in source.own_nodes(scope) if isinstance(node, ast.Call)]
    return sorted(calls, key=lambda call: (call.lineno, call.col_offset))


def dotted(node: ast.AST) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return ".".join([node.id, *reversed(parts)]) if isinstance(node, ast.Name) else ""


def _source(node: ast.AST) -> str:
    text = ast.unparse(node)
    return text if len(text) <= 80 else text[:77] + "..."


def _parameters(maker: Any) -> List[inspect.Parameter]:
    try:
        signature = inspect.signature(maker)
    except (TypeError, ValueError):
        return []
    return [p for p in signature.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _has_default(maker: Any, name: str) -> bool:
    try:
        parameter = inspect.signature(maker).parameters.get(name)
    except (TypeError, ValueError):
        return False
    return parameter is not None and parameter.default is not inspect.Parameter.empty
