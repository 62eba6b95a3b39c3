"""Experiment for the API-change rules: ask the installed MindSpore for the old name or keyword.

A removed name is confirmed when importing or looking it up fails; a removed keyword when the
API's signature has neither it nor ``**kwargs``, or a call passing it raises ``TypeError``; a
deprecated name or keyword when building or calling it (without arguments, or with the keyword's
literal value) makes MindSpore log its deprecation.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import logging
from typing import Any, Dict, Optional, Tuple, Union

from ms_lint.language import Text
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Verdict, confirmed, not_reproduced, unconfirmable

REMOVED = "api-removed"
DATASET = "mindspore.dataset.Dataset"
# Arguments a call needs besides the keyword under test.
REQUIRED = {"mindspore.dataset.Dataset.map": {"operations": [abs]}, "mindspore.dataset.Dataset.batch": {"batch_size": 1},
            "mindspore.ops.MultitypeFuncGraph": {"name": "probe"}}
MISSING = Text("%s: %s is missing (%s: %s)", "%s：%s 不存在（%s：%s）")
EXISTS = Text("%s: %s exists", "%s：%s 存在")
LOGGED = Text("%s: %s", "%s：%s")
NOT_LOGGED = Text(
    "%s: %s exists; building it without arguments logged no deprecation", "%s：%s 存在；不带参数构建它时没有打印废弃警告"
)
NO_SIGNATURE = Text("%s: the signature of %s cannot be read", "%s：无法读取 %s 的签名")
HAS_NO = Text("%s: %s%s has no %s", "%s：%s%s 没有参数 %s")
TAKES = Text("%s: %s takes %s", "%s：%s 接受参数 %s")
RAISED = Text("%s: %s raised TypeError: %s", "%s：%s 抛出 TypeError：%s")
CALL_LOGGED = Text("%s: %s logged: %s", "%s：%s 打印了：%s")
NO_ENTRY = Text("the table entry could not be read from the finding", "无法从检查结果读取接口变更表的条目")
NEITHER = Text(
    "%s: %s neither failed on %s nor logged its deprecation", "%s：%s 既没有因 %s 失败，也没有打印它的废弃警告"
)


class ApiChange(Experiment):
    """Import / getattr the old name under the installed MindSpore; read the signature or the log."""

    summary = (
        "imports or looks up the old name in the installed MindSpore: missing confirms a removal; for a removed "
        "keyword, reads the API's signature; for a deprecated name, builds or calls it and captures the "
        "deprecation MindSpore logs"
    )
    imports_user_code = False

    def plan(self, context: Context) -> Union[Task, Verdict]:
        from astroid import nodes  # pylint: disable=import-outside-toplevel

        from ms_lint.semantics import api_changes  # pylint: disable=import-outside-toplevel

        finding = context.finding
        use = next((use for use in api_changes.uses_at(finding.node) if api_changes.label(use) == finding.args[0]), None)
        if use is None:
            return unconfirmable(NO_ENTRY)
        change = use.change
        value = None
        if isinstance(use.node, nodes.Keyword):
            try:
                value = ast.literal_eval(use.node.value.as_string())
            except (ValueError, SyntaxError):
                value = None  # the keyword's own value is computed: None tells whether it is accepted
        payload = {"name": change.name, "parameter": change.parameter, "removed": finding.symbol == REMOVED}
        return self.task(context, dict(payload, value=value))

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        version = f"MindSpore {runtime.ms.__version__}"
        name, parameter = payload["name"], payload["parameter"]
        try:
            found = _lookup(name)
        except (ImportError, AttributeError) as error:
            verdict = confirmed if payload["removed"] else not_reproduced
            return verdict(MISSING % (version, name, type(error).__name__, error))
        logger = _logger(runtime.ms)
        if parameter:
            return _keyword(version, payload, found, logger)
        if payload["removed"]:
            return not_reproduced(EXISTS % (version, name))
        logged, _ = _logged(logger, found)
        if logged:
            return confirmed(LOGGED % (version, logged))
        return unconfirmable(NOT_LOGGED % (version, name))


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


def _keyword(version: str, payload: Dict[str, Any], found: Any, logger: logging.Logger) -> Verdict:
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
    arguments = dict(REQUIRED.get(name, {}), **{parameter: payload["value"]})
    shown = f"{name.rpartition('.')[2]}({', '.join(f'{key}={value!r}' for key, value in arguments.items())})"
    logged, error = _logged(logger, found, **arguments)
    if error is not None and isinstance(error, TypeError) and parameter in str(error):
        verdict = confirmed if removed else not_reproduced
        return verdict(RAISED % (version, shown, error))
    if logged and parameter in logged:
        verdict = not_reproduced if removed else confirmed
        return verdict(CALL_LOGGED % (version, shown, logged))
    return unconfirmable(NEITHER % (version, shown, parameter))


def _small_dataset() -> Any:
    import numpy as np  # pylint: disable=import-outside-toplevel
    from mindspore import dataset  # pylint: disable=import-outside-toplevel

    return dataset.NumpySlicesDataset({"x": np.zeros((2, 1), np.float32)}, shuffle=False)


def _logger(ms) -> logging.Logger:
    """MindSpore's own logger: it does not propagate to the root logger."""
    get = getattr(getattr(ms, "log", None), "_get_logger", None)
    return get() if callable(get) else logging.getLogger("mindspore")


def _logged(logger: logging.Logger, found: Any, **arguments) -> Tuple[str, Optional[BaseException]]:
    """What MindSpore logs about a deprecation when ``found`` is called (built) with ``arguments``, and its error."""
    records = []

    class Collect(logging.Handler):
        def emit(self, record):
            records.append(record.getMessage())

    handler = Collect(logging.WARNING)
    level = logger.level
    logger.setLevel(logging.WARNING)  # the probe's child may run MindSpore with its warnings off
    logger.addHandler(handler)
    error = None
    try:
        found(**arguments)
    except Exception as raised:  # pylint: disable=broad-except  # missing arguments: the log comes first
        error = raised
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    return next((text for text in records if "deprecated" in text), ""), error
