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


class TrainingModeOutputs(Experiment):
    """Build the network, put it in training mode as the program does, call it twice on one input."""

    summary = (
        "builds the evaluated network (configured inputs needed), puts it in training mode as the program does, calls "
        "it twice on the same random input and compares the outputs and BatchNorm's moving statistics; then does the "
        "same after set_train(False)"
    )

    def plan(self, context: Context) -> Union[Task, Verdict]:
        args = context.finding.args
        qualname = args[1] if args and len(args) > 1 else ""
        if not qualname.replace(".", "").replace("_", "").isalnum():
            return unconfirmable(f"the network is built by {qualname!r}, not by a class the probe can call")
        payload = context.cell_payload(qualname)
        if not (payload.get("spec") or {}).get("inputs"):
            return unconfirmable(f"add the inputs of {qualname} to [tool.ms_lint.probe.cells] to run it")
        return self.task(context, payload)

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        import numpy  # pylint: disable=import-outside-toplevel

        net = runtime.build(payload["cell"], payload.get("spec"))
        inputs = [self._random(runtime, numpy, spec, payload.get("none_size") or 2) for spec in payload["spec"]["inputs"]]
        shown = runtime.shown(payload["cell"], payload.get("spec"))
        train_gap, moved = self._twice(numpy, net, inputs, True)
        eval_gap, _ = self._twice(numpy, net, inputs, False)
        if train_gap == 0 and not moved:
            return not_reproduced(f"{shown} gives the same outputs in training mode and keeps its statistics")
        evidence = [f"in training mode two calls of {shown} on one input differ by up to {train_gap:.3g}"]
        if moved:
            evidence.append(f"the calls changed {moved} BatchNorm moving statistics")
        evidence.append(f"after set_train(False) they differ by {eval_gap:.3g}")
        return confirmed("; ".join(evidence))

    @staticmethod
    def _random(runtime, numpy, spec: Dict[str, Any], none_size: int):
        shape = [none_size if dim is None else dim for dim in spec.get("shape") or []]
        # Made in the input's dtype: no float64 array is converted by MindSpore.
        values = numpy.random.default_rng(0).standard_normal(shape).astype(spec.get("dtype") or "float32")
        return runtime.ms.Tensor(values)

    @staticmethod
    def _twice(numpy, net, inputs, training: bool):
        net.set_train(training)
        try:  # MindSpore 2.10 with numpy 2 may fail the first PyNative call of an op (SystemError) only
            net(*inputs)
        except SystemError:
            pass
        statistics = {p.name: p.asnumpy().copy() for p in net.get_parameters() if "moving_" in p.name}
        first, second = net(*inputs), net(*inputs)
        gap = float(numpy.abs(first.asnumpy() - second.asnumpy()).max())
        moved = sum(
            1 for p in net.get_parameters() if p.name in statistics and not numpy.array_equal(p.asnumpy(), statistics[p.name])
        )
        return gap, moved
