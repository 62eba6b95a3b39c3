"""Experiments on how a Cell is built: unregistered containers, ``forward`` without ``construct``."""

from __future__ import annotations

import inspect
import re
from typing import Any, Dict, List, Union

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe import source
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

MAX_NAMES = 3
DUPLICATE_NAME = re.compile(r"its name '[^']*' already exists")
NOT_LOCATED = Text(
    "the Cell class or the attribute could not be located in the source", "在源码中找不到该 Cell 类或属性"
)
CELL_NOT_LOCATED = Text("the Cell class could not be located in the source", "在源码中找不到该 Cell 类")
NOT_SET = Text("%s did not set self.%s", "%s 没有设置 self.%s")
NO_PARAMETERS_UNKNOWN = Text(
    "self.%s of %s holds no Parameters: it cannot show the effect", "self.%s（属于 %s）不包含 Parameter：无法展示其影响"
)
NO_PARAMETERS = Text(
    "self.%s of %s holds no Parameters: nothing is left unregistered", "self.%s（属于 %s）不包含 Parameter：没有未注册的内容"
)
ALL_REGISTERED = Text(
    "all %s Parameters reachable through self.%s of %s are registered on it",
    "全部 %s 个通过 self.%s（属于 %s）可达的 Parameter 都已注册",
)
MISSED = Text(
    "%s has %s Parameters; the %s reachable through self.%s (%s) are not among them, so trainable_params() and "
    "checkpoints miss them",
    "%s 有 %s 个 Parameter，其中不包含 %s 个通过 self.%s 可达的 Parameter（%s），因此 trainable_params() 和 checkpoint 都会遗漏它们",
)
LINE_NOT_RUN = Text(
    "building %s does not run line %s: the attribute was set elsewhere, which shows nothing about that line",
    "构建 %s 时没有运行第 %s 行：该属性是在别处设置的，这说明不了那一行的任何情况",
)
COMPILE_FAILS = Text("; compiling in GRAPH_MODE fails: %s", "；以静态图模式（GRAPH_MODE）编译失败：%s")
RAISED = Text("%s raised %s", "%s 抛出 %s")
OTHER_ERROR = Text("%s raised %s, not the missing-construct error", "%s 抛出 %s，而不是缺少 construct 的错误")
FROM_THE_SOURCE = Text(
    "a Cell of %s's bases (%s) without construct, %s, raises %s; the source of %s defines no construct or "
    "__call__ (the module itself does not import here: %s)",
    "与 %s 基类相同（%s）且没有 construct 的 Cell（%s）抛出 %s；%s 的源码没有定义 construct 或 __call__"
    "（该模块本身在此无法导入：%s）",
)
RAN = Text("%s ran without error: construct is provided at run time", "%s 运行无误：construct 在运行时提供")
FROM_THE_CLASS = Text(
    "%s could not be built here (%s), but its construct is nn.Cell's own, which raises "
    "\"For 'Cell', the method 'construct' is not defined\" on every call: no class of its own in its MRO "
    "mentions construct or defines __call__",
    "%s 无法在此构建（%s），但它的 construct 是 nn.Cell 自身的，每次调用都会抛出 "
    "\"For 'Cell', the method 'construct' is not defined\"：它 MRO 中自己的类都没有提到 construct，也没有定义 __call__",
)


def _names(parameters: List[Any]) -> str:
    names = [f"'{parameter.name}'" for parameter in parameters[:MAX_NAMES]]
    return ", ".join(names) + (", ..." if len(parameters) > MAX_NAMES else "")


class UnregisteredParameters(Experiment):
    """Build the Cell; the Parameters reachable through the plain container must be missing from it."""

    version = 2  # "not reproduced" needs the flagged line run; built once again after a SystemError

    summary = (
        "builds the Cell and compares the Parameters reachable through the plain container with the Cell's own "
        "(`get_parameters()`, which `trainable_params()` and checkpoints use); then compiles `construct` in "
        "GRAPH_MODE to show the duplicate-name error where it occurs"
    )

    def plan(self, context: Context) -> Union[Task, Verdict]:
        finding = context.finding
        cell = context.cell_class()
        attr = source.self_attribute_at(finding.path, finding.line)
        if cell is None or attr is None:
            return unconfirmable(NOT_LOCATED)
        span = source.statement_span(finding.path, finding.line) or (finding.line, finding.line)
        return self.task(context, dict(context.cell_payload(cell), attr=attr, span=list(span)))

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        qualname, attr = payload["cell"], payload["attr"]
        spec = payload.get("spec")
        net, ran = runtime.lines_run(runtime.build, qualname, spec)
        built = runtime.described(qualname, spec)
        if attr not in vars(net) and not hasattr(net, attr):
            raise Unconfirmable(NOT_SET % (built, attr))
        container = getattr(net, attr)
        reachable = _reachable_parameters(runtime, container)
        own = {id(parameter) for parameter in net.get_parameters()}
        missing = [parameter for parameter in reachable if id(parameter) not in own]
        if not reachable:
            if runtime.origin(spec):  # arguments the probe chose may leave it empty: that refutes nothing
                raise Unconfirmable(NO_PARAMETERS_UNKNOWN % (attr, built))
            return not_reproduced(NO_PARAMETERS % (attr, built))
        if not missing:
            first, last = payload["span"]  # arguments taking another branch set the attribute elsewhere
            if not any(first <= line <= last for line in ran):
                raise Unconfirmable(LINE_NOT_RUN % (built, first))
            return not_reproduced(ALL_REGISTERED % (len(reachable), attr, built))
        evidence = MISSED % (built, len(own), len(missing), attr, _names(missing))
        runtime.if_crashed("confirmed", evidence, repeatable=True)  # the compile below only adds to it
        compiled = self._compile_error(runtime, net, payload)
        if compiled:
            evidence = language.join("", (evidence, COMPILE_FAILS % (compiled,)))
        return confirmed(evidence)

    @staticmethod
    def _compile_error(runtime, net, payload: Dict[str, Any]) -> str:
        """The duplicate-parameter-name error of a GRAPH_MODE compile, if it happens (else "")."""
        construct = getattr(type(net), "construct", None)
        if construct is None or construct is runtime.ms.nn.Cell.construct:
            return ""
        spec = payload.get("spec") or {}
        if spec.get("inputs") is not None:
            inputs = [runtime.tensor(item) for item in spec["inputs"]]
        else:  # placeholders of unknown rank: enough to reach parameter resolution
            from ms_lint.probe.runtime import positional_count  # pylint: disable=import-outside-toplevel

            inputs = [runtime.tensor({"dtype": "float32"}) for _ in range(max(positional_count(net.construct), 0))]
        error, _ = runtime.compile(net, inputs)
        if error is None:
            return ""
        duplicate = DUPLICATE_NAME.search(str(error))
        return f"{type(error).__name__}: ... {duplicate.group(0)}" if duplicate else ""


def _reachable_parameters(runtime, container: Any, depth: int = 0) -> List[Any]:
    """Parameters of the Cells and Parameters inside plain lists, tuples and dicts (nested)."""
    ms = runtime.ms
    if depth > 4:
        return []
    if isinstance(container, dict):
        items = list(container.values())
    elif isinstance(container, (list, tuple)):
        items = list(container)
    else:
        items = [container]
    found, seen = [], set()
    for item in items:
        if isinstance(item, ms.Parameter):
            parameters = [item]
        elif isinstance(item, ms.nn.Cell):
            parameters = list(item.get_parameters())
        elif isinstance(item, (list, tuple, dict)):
            parameters = _reachable_parameters(runtime, item, depth + 1)
        else:
            parameters = []
        for parameter in parameters:
            if id(parameter) not in seen:
                seen.add(id(parameter))
                found.append(parameter)
    return found


class CallWithoutConstruct(Experiment):
    """Build the Cell and call it: MindSpore must refuse for lack of ``construct``."""

    version = 2  # confirmed from the source where the module cannot import

    summary = (
        "builds the Cell and calls it (configured inputs, else small tensors), capturing MindSpore's error; a Cell "
        "it cannot build is confirmed from its class when no class of its own in its MRO mentions `construct` or "
        "defines `__call__`, so the `construct` it runs can only be `nn.Cell`'s, which raises"
    )

    def plan(self, context: Context) -> Union[Task, Verdict]:
        cell = context.cell_class()
        if cell is None:
            return unconfirmable(CELL_NOT_LOCATED)
        return self.task(context, dict(context.cell_payload(cell), **_bases_from_source(context.finding.node)))

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import error_text, positional_count  # pylint: disable=import-outside-toplevel

        qualname = payload["cell"]
        try:
            net = runtime.build(qualname, payload.get("spec"))
        except Unconfirmable as unbuilt:
            return self._from_the_class(runtime, qualname, unbuilt)
        from ms_lint.probe.config import InputSpec  # pylint: disable=import-outside-toplevel

        spec = payload.get("spec") or {}
        if spec.get("inputs") is not None:
            specs = list(spec["inputs"])
        else:
            forward = getattr(net, "forward", None)
            count = positional_count(forward) if forward is not None else 1
            specs = [{"dtype": "float32", "shape": [1]}] * count
        none_size = payload.get("none_size") or 1
        inputs = [runtime.tensor(item, none_size=none_size) for item in specs]
        shown_inputs = ", ".join(InputSpec(**item).describe(none_size) for item in specs)
        call = language.join("", (f"{runtime.shown(qualname, spec)}({shown_inputs})", runtime.origin(spec)))
        try:
            net(*inputs)
        except AttributeError as error:
            if "construct" in str(error):
                return confirmed(RAISED % (call, error_text(error)))
            raise Unconfirmable(OTHER_ERROR % (call, error_text(error))) from error
        except Exception as error:  # pylint: disable=broad-except
            raise Unconfirmable(OTHER_ERROR % (call, error_text(error))) from error
        return not_reproduced(RAN % (call,))

    def without_module(self, runtime, payload: Dict[str, Any], unloaded: Unconfirmable) -> Verdict:
        """Confirmed from the source when the class's bases are MindSpore's alone and its body never mentions
        construct: a Cell of those bases without construct is called instead; else why the module did not import."""
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        if not payload.get("bases"):
            raise unloaded
        namespace = runtime.namespace(payload["bases_imports"])
        bases = tuple(eval(base, namespace) for base in payload["bases"])  # pylint: disable=eval-used
        cell = runtime.ms.nn.Cell
        if not all(runtime.is_cell_class(base) and base.construct is cell.construct and base.__call__ is cell.__call__ for base in bases):
            raise unloaded
        name = payload["cell"].rpartition(".")[2]
        stand_in = type(name, bases, {"forward": lambda self, *args: args[0] if args else None})
        call = f"{name}()(Tensor(float32[1]))"
        try:
            stand_in()(runtime.tensor({"dtype": "float32", "shape": [1]}, none_size=1))
        except AttributeError as error:
            if "construct" in str(error):
                reason = unloaded.args[0] if unloaded.args else str(unloaded)
                return confirmed(FROM_THE_SOURCE % (name, ", ".join(payload["bases"]), call, error_text(error), name, reason))
            raise unloaded from error
        except Exception as error:  # pylint: disable=broad-except
            raise unloaded from error
        raise unloaded

    @staticmethod
    def _from_the_class(runtime, qualname: str, unbuilt: Unconfirmable) -> Verdict:
        """Confirmed without an instance when only ``nn.Cell.construct`` can run; else why not (``unbuilt``)."""
        try:
            cls = runtime.resolve(qualname)
        except Unconfirmable:
            raise unbuilt from None  # the module did not import: say why
        cell = runtime.ms.nn.Cell
        if not runtime.is_cell_class(cls) or getattr(cls, "construct", None) is not cell.construct:
            raise unbuilt
        own = [klass for klass in cls.__mro__[: cls.__mro__.index(cell)] if not klass.__module__.startswith("mindspore")]
        for klass in own:
            try:
                text = inspect.getsource(klass)
            except (OSError, TypeError):
                raise unbuilt from None
            if "construct" in text or "__call__" in vars(klass):
                raise unbuilt  # it may set construct on the instance: only a call would tell
        return confirmed(FROM_THE_CLASS % (qualname, unbuilt.args[0] if unbuilt.args else str(unbuilt)))


def _bases_from_source(forward) -> Dict[str, Any]:
    """The class's bases, when MindSpore imports alone bind them and nothing in the class may supply construct
    (no mention of it, no ``__call__``, no decorator or metaclass); else nothing."""
    from astroid import nodes  # pylint: disable=import-outside-toplevel  # the parent process only

    from ms_lint.probe import standalone  # pylint: disable=import-outside-toplevel

    classdef = forward.parent if forward is not None else None
    if not isinstance(classdef, nodes.ClassDef) or classdef.decorators or classdef.keywords or not classdef.bases:
        return {}
    if "construct" in classdef.as_string() or "__call__" in classdef.locals:
        return {}
    imports = standalone.imports_for(classdef.bases)
    if imports is None:
        return {}
    return {"bases": [base.as_string() for base in classdef.bases], "bases_imports": imports}
