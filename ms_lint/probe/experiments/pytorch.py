"""Experiments for PyTorch habits: ask the real MindSpore class or module whether it has the PyTorch name."""

from __future__ import annotations

import importlib
from typing import Any, Dict, Optional, Union

from astroid import nodes

from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable


class MissingMethod(Experiment):
    """``hasattr`` on the MindSpore class of the receiver; for ``.to("cuda")``, the call itself."""

    summary = (
        "checks hasattr on the receiver's MindSpore class (the most derived one: nn.Cell, the optimizer class, "
        "Tensor); for .to('cuda'), calls it on a Tensor or an empty Cell and captures the error"
    )
    imports_user_code = False

    def plan(self, context: Context) -> Union[Task, Verdict]:
        from ms_lint.data import pytorch  # pylint: disable=import-outside-toplevel
        from ms_lint.semantics import receivers  # pylint: disable=import-outside-toplevel

        call = context.finding.node
        if not isinstance(call, nodes.Call) or not isinstance(call.func, nodes.Attribute):
            return unconfirmable("the call could not be located")
        receiver = receivers.of(call.func.expr)
        owner = _most_derived(receiver.mindspore) if receiver is not None else None
        entry = next((item for item in pytorch.entries(pytorch.METHOD) if item.key == call.func.attrname), None)
        if owner is None or entry is None:
            return unconfirmable("the receiver's MindSpore class is not known")
        tensor = receiver.kind == receivers.TENSOR
        return self.task(context, {"owner": owner, "attribute": entry.key, "argument": entry.argument, "tensor": tensor})

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        ms, owner, attribute = runtime.ms, payload["owner"], payload["attribute"]
        cls = _resolve(owner)
        if not payload["argument"]:
            if hasattr(cls, attribute):
                return not_reproduced(f"MindSpore {ms.__version__}: {owner} has '{attribute}'")
            return confirmed(f"MindSpore {ms.__version__}: hasattr({owner}, '{attribute}') is False")
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        instance = ms.Tensor([1.0]) if payload["tensor"] else ms.nn.Cell()
        shown = f"{'Tensor([1.0])' if payload['tensor'] else 'nn.Cell()'}.{attribute}('{payload['argument']}')"
        try:
            getattr(instance, attribute)(payload["argument"])
        except Exception as error:  # pylint: disable=broad-except
            return confirmed(f"MindSpore {ms.__version__}: {shown} raised {error_text(error)}")
        return not_reproduced(f"MindSpore {ms.__version__}: {shown} ran without error")


class MissingName(Experiment):
    """``hasattr`` on the real MindSpore module the PyTorch name is looked up on."""

    summary = "imports the MindSpore module and checks hasattr for the PyTorch name"
    imports_user_code = False

    def plan(self, context: Context) -> Union[Task, Verdict]:
        args = context.finding.args
        if not isinstance(args, tuple) or len(args) < 4:
            return unconfirmable("the module and name could not be read from the finding")
        return self.task(context, {"module": args[2], "name": args[3]})

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        module, name = payload["module"], payload["name"]
        try:
            loaded = importlib.import_module(module)
        except Exception as error:  # pylint: disable=broad-except
            raise Unconfirmable(f"importing {module} failed: {error}") from error
        if hasattr(loaded, name):
            return not_reproduced(f"MindSpore {runtime.ms.__version__}: {module}.{name} exists")
        return confirmed(f"MindSpore {runtime.ms.__version__}: {module} has no attribute '{name}'")


def _most_derived(paths: frozenset) -> Optional[str]:
    """The class of the set whose MRO holds the others (``Adam`` over ``Optimizer`` and ``Cell``)."""
    from ms_lint.semantics import catalog  # pylint: disable=import-outside-toplevel

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
        raise Unconfirmable(f"{path} could not be imported: {error}") from error
