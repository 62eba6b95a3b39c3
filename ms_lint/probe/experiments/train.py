"""Experiments on training and evaluation set-up: custom metrics."""

from __future__ import annotations

from typing import Any, Dict, Union

from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

METRIC_METHODS = ("clear", "update", "eval")


class MetricMethods(Experiment):
    """Import the module, take the Metric class the flagged call creates, and look at its methods."""

    summary = (
        "imports the module, takes the Metric class the flagged call creates, lists which of clear, update and eval "
        "are still MindSpore's abstract ones, and allocates an instance (object.__new__, no constructor arguments "
        "needed) to capture MindSpore's TypeError"
    )

    def plan(self, context: Context) -> Union[Task, Verdict]:
        args = context.finding.args
        if not args:
            return unconfirmable("the finding does not name the Metric class")
        return self.task(context, {"name": args[0]})

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        name = payload["name"]
        cls = runtime.resolve(name)
        metric = runtime.ms.train.Metric
        if not (isinstance(cls, type) and issubclass(cls, metric)):
            raise Unconfirmable(f"{name} is not a mindspore.train.Metric subclass when the module is imported")
        abstract = [method for method in METRIC_METHODS if method in getattr(cls, "__abstractmethods__", ())]
        if not abstract:
            return not_reproduced(f"{name} implements clear, update and eval at run time")
        try:
            object.__new__(cls)
        except TypeError as error:
            return confirmed(f"{name} leaves {', '.join(abstract)} abstract; creating it raises {error_text(error)}")
        return not_reproduced(f"{name} leaves {', '.join(abstract)} abstract, yet it can be created")
