"""Experiment for the API-change rules: ask the installed MindSpore for the old name, keyword or default.

A removed name is confirmed when importing or looking it up fails; a removed keyword when the
API's signature has neither it nor ``**kwargs``, or a call passing it raises ``TypeError``; a
deprecated name or keyword when building or calling it makes MindSpore log its deprecation: with
the call's literal arguments (the keyword's literal value), else with the arguments of
``STAND_INS``. A changed default is confirmed when the installed MindSpore, at or after the
change, declares the table's new default in its signature. A deprecation MindSpore only documents
(a value of a keyword, ``set_context``'s compile options) is confirmed when the installed API's
docstring marks it deprecated.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import logging
import re
import sys
from typing import Any, Dict, List, Optional, Tuple, Union

from ms_lint.language import Text, join
from ms_lint.probe.experiments.base import Context, Experiment, flagged_call
from ms_lint.probe.verdict import (
    CONFIRMED, NOT_REPRODUCED, Task, Verdict, confirmed, not_reproduced, unconfirmable, with_notes,
)

REMOVED = "api-removed"
DEFAULT_CHANGED = "api-default-changed"
DATASET = "mindspore.dataset.Dataset"
# What a call is given where the code's own arguments are computed, absent or unusable here (each
# checked on MindSpore 2.10). By API name: what the call needs besides the keyword under test (or,
# for a deprecated class that logs only once its arguments bind, all of them). By ``name(keyword=)``:
# a keyword deprecated whatever its value, tried with a value this machine accepts.
STAND_INS: Dict[str, Dict[str, Any]] = {
    "mindspore.dataset.Dataset.map": {"operations": [abs]},
    "mindspore.dataset.Dataset.batch": {"batch_size": 1},
    "mindspore.ops.MultitypeFuncGraph": {"name": "probe"},
    "mindspore.SparseTensor": {"indices": [[0, 1]], "values": [1.0], "shape": (2, 2)},
    "mindspore.set_context(device_target=)": {"device_target": "CPU"},
}
MISSING = Text("%s: %s is missing (%s: %s)", "%s：%s 不存在（%s：%s）")
DOCUMENTED = Text("%s: the docs of %s say: %s", "%s：%s 的文档写道：%s")
NOT_DOCUMENTED = Text(
    "%s: the docs of %s do not mark %s deprecated", "%s：%s 的文档没有把 %s 标记为已废弃"
)
EXISTS = Text("%s: %s exists", "%s：%s 存在")
LOGGED = Text("%s: %s", "%s：%s")
NOT_LOGGED = Text("%s: %s exists; %s logged no deprecation", "%s：%s 存在；%s 没有打印废弃警告")
NO_SIGNATURE = Text("%s: the signature of %s cannot be read", "%s：无法读取 %s 的签名")
HAS_NO = Text("%s: %s%s has no %s", "%s：%s%s 没有参数 %s")
TAKES = Text("%s: %s takes %s", "%s：%s 接受参数 %s")
SCALAR_REFUSED = Text(
    "%s: %s(1.0, Tensor([1.0, 2.0])) raises %s: %s", "%s：%s(1.0, Tensor([1.0, 2.0])) 抛出 %s：%s"
)
SCALAR_ACCEPTED = Text(
    "%s: %s(1.0, Tensor([1.0, 2.0])) runs: a Python number first is accepted",
    "%s：%s(1.0, Tensor([1.0, 2.0])) 可以运行：第一个参数可以是 Python 数值",
)
RAISED = Text("%s: %s raised TypeError: %s", "%s：%s 抛出 TypeError：%s")
CALL_LOGGED = Text("%s: %s logged: %s", "%s：%s 打印了：%s")
NO_ENTRY = Text("the table entry could not be read from the finding", "无法从检查结果读取接口变更表的条目")
NEITHER = Text(
    "%s: %s neither failed on %s nor logged its deprecation", "%s：%s 既没有因 %s 失败，也没有打印它的废弃警告"
)
COMPUTED = Text(" (the code's value is computed: tried with %r)", "（代码中的值是计算得到的：改用 %r 尝试）")
UNAVAILABLE = Text(" (the code's %r is not available here: tried with %r)", "（代码中的 %r 在此处不可用：改用 %r 尝试）")
STOOD_IN = Text(" (stand-in arguments: the code's are not literal)", "（使用替代参数：代码中的参数不是字面量）")
DEFAULTS_TO = Text(
    "%s: %s defaults to %s; the code was written for a version where it was %s (the table: %s)",
    "%s：%s 的默认值为 %s；代码编写时所用的版本中它是 %s（接口变更表：%s）",
)
PREDATES = Text(
    "%s predates MindSpore %s, which changed the default of %s: it cannot show the later default",
    "%s 早于 MindSpore %s（它修改了 %s 的默认值）：无法显示之后的默认值",
)
DEFAULT_DIFFERS = Text(
    "%s: %s defaults to %s, not to the table's %s", "%s：%s 的默认值为 %s，而不是接口变更表中的 %s"
)
NO_DEFAULT = Text(
    "%s: the signature of %s declares no default for %s (it may be set inside the function)",
    "%s：%s 的签名没有声明 %s 的默认值（它可能在函数内部设置）",
)
RELIANCE_NOT_MEASURED = Text(
    "(measured: the installed default, not the program's reliance on it, which is the lint's finding)",
    "（测量的是已安装版本的默认值，而不是程序是否依赖它：那是静态检查的结论）",
)
_UNREADABLE = object()  # a default the signature does not declare


class ApiChange(Experiment):
    """Import / getattr the old name under the installed MindSpore; read the signature or the log."""

    summary = (
        "imports or looks up the old name in the installed MindSpore: missing confirms a removal; for a removed "
        "keyword, reads the API's signature; for a deprecated name or keyword, builds or calls it with the code's "
        "literal arguments (else with stand-ins, named in the evidence) and captures the deprecation MindSpore "
        "logs; for a changed default, reads the installed signature's default; for a deprecation MindSpore only "
        "documents (a value of a keyword, set_context's compile options), reads the installed docstring"
    )
    version = 6  # a confirmed changed default says the program's reliance on it was not measured
    imports_user_code = False

    def plan(self, context: Context) -> Union[Task, Verdict]:
        finding = context.finding
        if finding.symbol == DEFAULT_CHANGED:
            return self._plan_defaults(context)
        use = _use(finding)
        if use is None:
            return unconfirmable(NO_ENTRY)
        change = use.change
        payload = {"name": change.name, "parameter": change.parameter, "removed": finding.symbol == REMOVED}
        from ms_lint.data import api_changes as table  # pylint: disable=import-outside-toplevel

        if change.kind == table.SCALAR_INPUT_REMOVED:
            return self.task(context, dict(payload, scalar_first=True))
        if change.kind == table.VALUE_DEPRECATED or change.note == table.CONTEXT_DOCUMENTED:
            return self.task(context, dict(payload, documented=True, value=change.value or None))
        value, computed = _keyword_value(use.node)
        return self.task(context, dict(payload, value=value, computed=computed, arguments=_literal_arguments(use.node)))

    def _plan_defaults(self, context: Context) -> Union[Task, Verdict]:
        """Every changed default the finding names: the installed signature is read for each."""
        uses = _default_uses(context.finding)
        if not uses:
            return unconfirmable(NO_ENTRY)
        defaults = [
            {"parameter": use.change.parameter, "default": list(use.change.default),
             "changed_in": use.change.changed_in, "reference": use.change.reference}
            for use in uses
        ]
        return self.task(context, {"name": uses[0].change.name, "parameter": None, "removed": False, "defaults": defaults})

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        version = f"MindSpore {runtime.ms.__version__}"
        name, parameter = payload["name"], payload["parameter"]
        try:
            found = _lookup(name)
        except (ImportError, AttributeError) as error:
            verdict = confirmed if payload["removed"] else not_reproduced
            return verdict(MISSING % (version, name, type(error).__name__, error))
        if "defaults" in payload:
            return defaults_verdict(
                [
                    default_verdict(runtime.ms.__version__, dict(item, name=name), _declared_default(found, item["parameter"]))
                    for item in payload["defaults"]
                ]
            )
        if payload.get("scalar_first"):
            return _scalar_first(runtime, version, payload, found)
        if payload.get("documented"):
            return _documented(version, payload, found)
        if parameter:
            return _keyword(runtime, version, payload, found)
        if payload["removed"]:
            return not_reproduced(EXISTS % (version, name))
        return _built(runtime.ms, version, payload, found)


def _use(finding):
    """The table entry the finding reports, among the uses at its node."""
    from ms_lint.semantics.program import api_changes

    for use in api_changes.uses_at(finding.node):
        if api_changes.label(use) == finding.args[0]:
            return use
    return None


def _default_uses(finding) -> list:
    """The changed defaults an api-default-changed finding names (its third argument lists them)."""
    from ms_lint.data import api_changes as table  # pylint: disable=import-outside-toplevel
    from ms_lint.semantics.program import api_changes

    named = str(finding.args[2])
    return [
        use
        for use in api_changes.uses_at(flagged_call(finding))
        if use.change.kind == table.DEFAULT_CHANGED
        and finding.args[0] == f"`{use.written}(...)`"
        and str(api_changes.default_label(use)) in named
    ]


def _keyword_value(node) -> Tuple[Any, bool]:
    """A keyword's literal value, and whether it is computed (then None stands for it)."""
    from astroid import nodes  # pylint: disable=import-outside-toplevel

    if not isinstance(node, nodes.Keyword):
        return None, False
    try:
        return ast.literal_eval(node.value.as_string()), False
    except (ValueError, SyntaxError):
        return None, True


def _literal_arguments(node) -> Optional[Dict[str, Any]]:
    """The source of each argument of the call ``node`` is the callee of, when all are literals."""
    from astroid import nodes  # pylint: disable=import-outside-toplevel

    call = node.parent
    if not (isinstance(call, nodes.Call) and call.func is node and (call.args or call.keywords)):
        return None
    args = [arg.as_string() for arg in call.args]
    kwargs = {keyword.arg: keyword.value.as_string() for keyword in call.keywords or ()}
    if None in kwargs or any(isinstance(arg, nodes.Starred) for arg in call.args):
        return None
    try:
        for text in [*args, *kwargs.values()]:
            ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    return {"args": args, "kwargs": kwargs}


def _lookup(name: str) -> Any:
    """The object a dotted name names: the longest importable module, then attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            if cut == 1:
                raise
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ImportError(name)


def marked_deprecated(found: Any, parameter: str, value: Optional[str] = None) -> str:
    """The words of ``found``'s docstring that mark its parameter (or one value of it) deprecated, or ""."""
    doc = " ".join((getattr(found, "__doc__", None) or "").split())
    if value is not None:
        pattern = rf'The value ``"{re.escape(value)}"`` of `{re.escape(parameter)}` is deprecated from version [\d.]+\d'
        match = re.search(pattern, doc)
        return match.group(0) if match else ""
    # "name (type): what it does. This parameter is deprecated ...", up to the next parameter.
    described = re.search(rf"\b{re.escape(parameter)} \([^)]*\): (.*?)(?= \w+ \([^)]*\): |$)", doc)
    if described is None or "This parameter is deprecated" not in described.group(1):
        return ""
    return described.group(1)[described.group(1).index("This parameter is deprecated"):].split(". ")[0]


def _documented(version: str, payload: Dict[str, Any], found: Any) -> Verdict:
    name, parameter, value = payload["name"], payload["parameter"], payload.get("value")
    said = marked_deprecated(found, parameter, value)
    what = f'{parameter}="{value}"' if value is not None else f"{parameter}="
    if said:
        return confirmed(DOCUMENTED % (version, name, said))
    return not_reproduced(NOT_DOCUMENTED % (version, name, what))


def _scalar_first(runtime, version: str, payload: Dict[str, Any], found: Any) -> Verdict:
    """The function called with a Python number first and a Tensor second, as the finding's call does."""
    name = payload["name"]
    if inspect.isclass(found):  # a Primitive: its instance is what the code calls
        found, name = found(), f"{name}()"
    try:
        found(1.0, runtime.ms.Tensor([1.0, 2.0]))
    except TypeError as error:
        refused = str(error).strip().splitlines()[0] if str(error).strip() else ""
        verdict = confirmed if payload["removed"] else not_reproduced
        return verdict(SCALAR_REFUSED % (version, name, type(error).__name__, refused))
    verdict = not_reproduced if payload["removed"] else confirmed
    return verdict(SCALAR_ACCEPTED % (version, name))


def _built(ms, version: str, payload: Dict[str, Any], found: Any) -> Verdict:
    """A deprecated name built or called: with the call's literal arguments, else with its stand-ins."""
    name = payload["name"]
    literal = payload.get("arguments")
    note = ""
    if literal:
        args = [ast.literal_eval(text) for text in literal["args"]]
        kwargs = {key: ast.literal_eval(text) for key, text in literal["kwargs"].items()}
    else:
        args, kwargs = [], dict(STAND_INS.get(name, {}))
        note = STOOD_IN if kwargs else ""
    shown = _shown(name, args, kwargs)
    logged, _ = _logged(ms, found, *args, **kwargs)
    if logged:
        if args or kwargs:
            return confirmed(join("", (CALL_LOGGED % (version, shown, logged), note)))
        return confirmed(LOGGED % (version, logged))
    return unconfirmable(NOT_LOGGED % (version, name, shown))


def _keyword(runtime, version: str, payload: Dict[str, Any], found: Any) -> Verdict:
    name, parameter, removed = payload["name"], payload["parameter"], payload["removed"]
    try:
        parameters = inspect.signature(found).parameters
    except (TypeError, ValueError):
        return unconfirmable(NO_SIGNATURE % (version, name))
    if parameter not in parameters and not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        verdict = confirmed if removed else not_reproduced
        return verdict(HAS_NO % (version, name, inspect.signature(found), parameter))
    if removed and parameter in parameters:
        return not_reproduced(TAKES % (version, name, parameter))
    owner, _, method = name.rpartition(".")
    if owner == DATASET:
        found = getattr(_small_dataset(), method)
    value, note = _value(runtime, payload, STAND_INS.get(f"{name}({parameter}=)", {}), parameters.get(parameter))
    arguments = dict(STAND_INS.get(name, {}), **{parameter: value})
    shown = _shown(name, [], arguments)
    logged, error = _logged(runtime.ms, found, **arguments)
    if logged and parameter in logged:
        verdict = not_reproduced if removed else confirmed
        return verdict(join("", (CALL_LOGGED % (version, shown, logged), note)))
    # Only Python's own refusal says the keyword is not taken; a TypeError about its value says nothing.
    if isinstance(error, TypeError) and parameter in str(error) and "unexpected keyword" in str(error):
        verdict = confirmed if removed else not_reproduced
        return verdict(join("", (RAISED % (version, shown, error), note)))
    return unconfirmable(join("", (NEITHER % (version, shown, parameter), note)))


def _value(runtime, payload: Dict[str, Any], stand_in: Dict[str, Any], declared: Optional[inspect.Parameter]) -> Tuple[Any, str]:
    """The keyword's value to call with, and why it is not the code's own (else "").

    A computed value is its stand-in, else the parameter's own default, else None; a device this
    MindSpore lacks (the one keyword with a stand-in names a device), its stand-in.
    """
    value, parameter = payload["value"], payload["parameter"]
    default = None if declared is None or declared.default is inspect.Parameter.empty else declared.default
    replacement = stand_in.get(parameter, default)
    if payload.get("computed"):
        return replacement, COMPUTED % (replacement,)
    if parameter in stand_in and value not in (None, replacement):
        if not runtime.device_available(value):  # what the runtime skips
            return replacement, UNAVAILABLE % (value, replacement)
    return value, ""


def _shown(name: str, args: List[Any], kwargs: Dict[str, Any]) -> str:
    shown = [repr(arg) for arg in args] + [f"{key}={value!r}" for key, value in kwargs.items()]
    return f"{name.rpartition('.')[2]}({', '.join(shown)})"


def _small_dataset() -> Any:
    import numpy as np  # pylint: disable=import-outside-toplevel
    from mindspore import dataset  # pylint: disable=import-outside-toplevel

    return dataset.NumpySlicesDataset({"x": np.zeros((2, 1), np.float32)}, shuffle=False)


def _logger(ms) -> logging.Logger:
    """MindSpore's own logger: it does not propagate to the root logger."""
    get = getattr(getattr(ms, "log", None), "_get_logger", None)
    return get() if callable(get) else logging.getLogger("mindspore")


def _logged(ms, found: Any, *args, **kwargs) -> Tuple[str, Optional[BaseException]]:
    """What MindSpore logs about a deprecation when ``found`` is called (built) with the arguments, and its error."""
    records = []

    class Collect(logging.Handler):
        def emit(self, record):
            records.append(record.getMessage())

    # MindSpore's @deprecated logs once per process: an earlier finding (or the user's code) may have used it.
    getattr(sys.modules.get("mindspore.common._decorator"), "DEPRECATE_SET", set()).clear()
    logger = _logger(ms)
    handler = Collect(logging.WARNING)
    level = logger.level
    logger.setLevel(logging.WARNING)  # the probe's child may run MindSpore with its warnings off
    logger.addHandler(handler)
    error = None
    try:
        found(*args, **kwargs)
    except Exception as raised:  # pylint: disable=broad-except  # missing arguments: the log comes first
        error = raised
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    return next((text for text in records if "deprecated" in text), ""), error


# -- changed defaults ----------------------------------------------------------------------


def _declared_default(found: Any, parameter: str) -> Any:
    try:
        declared = inspect.signature(found).parameters.get(parameter)
    except (TypeError, ValueError):
        return _UNREADABLE
    return _UNREADABLE if declared is None or declared.default is inspect.Parameter.empty else declared.default


def default_verdict(installed: str, payload: Dict[str, Any], declared: Any) -> Verdict:
    """Whether MindSpore ``installed``, whose signature declares ``declared``, shows the table's changed default."""
    version = f"MindSpore {installed}"
    name = payload["name"].replace("mindspore.", "", 1)
    shown = f"{name}({payload['parameter']}=...)"
    old, new = payload["default"]
    if _release(installed) < _release(payload["changed_in"]):
        return unconfirmable(PREDATES % (version, payload["changed_in"], shown))
    if declared is _UNREADABLE:
        return unconfirmable(NO_DEFAULT % (version, name, payload["parameter"]))
    if not _same(declared, new):
        return not_reproduced(DEFAULT_DIFFERS % (version, shown, repr(declared), new))
    return confirmed(DEFAULTS_TO % (version, shown, repr(declared), old, payload["reference"]))


def defaults_verdict(verdicts: List[Verdict]) -> Verdict:
    """One verdict for a call's changed defaults: confirmed when every one is (saying what was not
    measured), not reproduced when one is not, else unconfirmable; the evidence gives each one's."""
    evidence = join("; ", [verdict.evidence for verdict in verdicts])
    statuses = {verdict.status for verdict in verdicts}
    if statuses == {CONFIRMED}:
        return confirmed(with_notes(evidence, [RELIANCE_NOT_MEASURED]))
    if len(verdicts) == 1:
        return verdicts[0]
    if NOT_REPRODUCED in statuses:
        return not_reproduced(evidence)
    return unconfirmable(evidence)


def _same(value: Any, written: str) -> bool:
    """``value`` is the default the table writes as ``written`` (``None``, ``'mean'``, ``False``)."""
    try:
        expected = ast.literal_eval(written)
    except (ValueError, SyntaxError):
        return repr(value) == written
    return type(value) is type(expected) and value == expected


def _release(text: str) -> Tuple[int, ...]:
    """``"2.10.0"`` -> ``(2, 10)``: releases as the table writes them."""
    match = re.match(r"(\d+)\.(\d+)", text or "")
    return (int(match.group(1)), int(match.group(2))) if match else ()
