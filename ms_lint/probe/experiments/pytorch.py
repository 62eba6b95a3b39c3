"""Experiments for PyTorch habits: ask the real MindSpore class or module whether it has the PyTorch name."""

from __future__ import annotations

import importlib
from typing import Any, Dict, Optional, Union

from astroid import nodes

from ms_lint.language import Text
from ms_lint.probe.experiments.base import Context, Experiment, flagged_call
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

CALL_NOT_LOCATED = Text("the call could not be located", "找不到该调用")
RECEIVER_UNKNOWN = Text("the receiver's MindSpore class is not known", "调用对象的 MindSpore 类未知")
HAS = Text("MindSpore %s: %s has '%s'", "MindSpore %s：%s 有 '%s'")
HASATTR_FALSE = Text("MindSpore %s: hasattr(%s, '%s') is False", "MindSpore %s：hasattr(%s, '%s') 为 False")
RAISED = Text("MindSpore %s: %s raised %s", "MindSpore %s：%s 抛出 %s")
RAN = Text("MindSpore %s: %s ran without error", "MindSpore %s：%s 运行无误")
UNREADABLE = Text("the module and name could not be read from the finding", "无法从检查结果中读出模块和名称")
IMPORT_FAILED = Text("importing %s failed: %s", "导入 %s 失败：%s")
EXISTS = Text("MindSpore %s: %s exists", "MindSpore %s：%s 存在")
NO_ATTRIBUTE = Text("MindSpore %s: %s has no attribute '%s'", "MindSpore %s：%s 没有属性 '%s'")
NOT_IMPORTED = Text("%s could not be imported: %s", "无法导入 %s：%s")


class MissingMethod(Experiment):
    """``hasattr`` on the MindSpore class of the receiver; for ``.to("cuda")``, the call itself."""

    summary = (
        "checks hasattr on the receiver's MindSpore class (the most derived one: nn.Cell, the optimizer class, "
        "Tensor); for .to('cuda'), calls it on a Tensor or an empty Cell and captures the error"
    )
    imports_user_code = False

    def plan(self, context: Context) -> Union[Task, Verdict]:
        from ms_lint.data import pytorch  # pylint: disable=import-outside-toplevel
        from ms_lint.semantics.graph import receivers

        call = flagged_call(context.finding)
        if not isinstance(call, nodes.Call) or not isinstance(call.func, nodes.Attribute):
            return unconfirmable(CALL_NOT_LOCATED)
        receiver = receivers.of(call.func.expr)
        owner = _most_derived(receiver.mindspore) if receiver is not None else None
        entry = next((item for item in pytorch.entries(pytorch.METHOD) if item.key == call.func.attrname), None)
        if owner is None or entry is None:
            return unconfirmable(RECEIVER_UNKNOWN)
        tensor = receiver.kind == receivers.TENSOR
        return self.task(context, {"owner": owner, "attribute": entry.key, "argument": entry.argument, "tensor": tensor})

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        ms, owner, attribute = runtime.ms, payload["owner"], payload["attribute"]
        cls = _resolve(owner)
        if not payload["argument"]:
            if hasattr(cls, attribute):
                return not_reproduced(HAS % (ms.__version__, owner, attribute))
            return confirmed(HASATTR_FALSE % (ms.__version__, owner, attribute))
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        instance = ms.Tensor([1.0]) if payload["tensor"] else ms.nn.Cell()
        shown = f"{'Tensor([1.0])' if payload['tensor'] else 'nn.Cell()'}.{attribute}('{payload['argument']}')"
        try:
            getattr(instance, attribute)(payload["argument"])
        except Exception as error:  # pylint: disable=broad-except
            return confirmed(RAISED % (ms.__version__, shown, error_text(error)))
        return not_reproduced(RAN % (ms.__version__, shown))


class MissingName(Experiment):
    """``hasattr`` on the real MindSpore module the PyTorch name is looked up on."""

    summary = "imports the MindSpore module and checks hasattr for the PyTorch name"
    imports_user_code = False

    def plan(self, context: Context) -> Union[Task, Verdict]:
        args = context.finding.args
        if not isinstance(args, tuple) or len(args) < 4:
            return unconfirmable(UNREADABLE)
        return self.task(context, {"module": args[2], "name": args[3]})

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        module, name = payload["module"], payload["name"]
        try:
            loaded = importlib.import_module(module)
        except Exception as error:  # pylint: disable=broad-except
            raise Unconfirmable(IMPORT_FAILED % (module, error)) from error
        if hasattr(loaded, name):
            return not_reproduced(EXISTS % (runtime.ms.__version__, f"{module}.{name}"))
        return confirmed(NO_ATTRIBUTE % (runtime.ms.__version__, module, name))


def _most_derived(paths: frozenset) -> Optional[str]:
    """The class of the set whose MRO holds the others (``Adam`` over ``Optimizer`` and ``Cell``)."""
    from ms_lint.semantics.names import catalog

    entities = [catalog.lookup(path) for path in paths]
    known = [entity for entity in entities if entity is not None and entity.kind in ("cell", "tensor", "class")]
    if not known and catalog.TENSOR in paths:
        return catalog.TENSOR
    return max(known, key=lambda entity: len(entity.mro)).path if known else None


def _resolve(path: str) -> Any:
    module, _, name = path.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except Exception as error:  # pylint: disable=broad-except
        raise Unconfirmable(NOT_IMPORTED % (path, error)) from error
