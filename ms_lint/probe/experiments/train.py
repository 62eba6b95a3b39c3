"""Experiments on training and evaluation set-up: custom metrics."""

from __future__ import annotations

from typing import Any, Dict, Union

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

NO_METRIC_NAME = Text("the finding does not name the Metric class", "检查结果没有给出 Metric 类的名称")
NOT_A_METRIC = Text(
    "%s is not a mindspore.train.Metric subclass when the module is imported",
    "导入模块后 %s 不是 mindspore.train.Metric 的子类",
)
IMPLEMENTS = Text("%s implements clear, update and eval at run time", "%s 在运行时实现了 clear、update 和 eval")
ABSTRACT_RAISES = Text("%s leaves %s abstract; creating it raises %s", "%s 中 %s 仍是抽象方法；创建它会抛出 %s")
ABSTRACT_CREATED = Text("%s leaves %s abstract, yet it can be created", "%s 中 %s 仍是抽象方法，但它可以被创建")
NOT_A_CLASS = Text(
    "the network is built by %s, not by a class the probe can call", "网络由 %s 构建，而不是由探测可以调用的类构建"
)
ADD_INPUTS = Text(
    "add the inputs of %s to [tool.ms_lint.probe.cells] to run it", "请在 [tool.ms_lint.probe.cells] 中添加 %s 的输入以运行它"
)
SAME_OUTPUTS = Text(
    "%s gives the same outputs in training mode and keeps its statistics", "%s 在训练模式下输出相同，且统计量保持不变"
)
TRAINING_GAP = Text(
    "in training mode two calls of %s on one input differ by up to %s", "训练模式下对同一输入两次调用 %s 的结果最多相差 %s"
)
MOVED = Text("the calls changed %s BatchNorm moving statistics", "这些调用改变了 %s 个 BatchNorm 滑动统计量")
EVAL_GAP = Text("after set_train(False) they differ by %s", "set_train(False) 之后相差 %s")
SEMICOLON = Text("; ", "；")

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
            return unconfirmable(NO_METRIC_NAME)
        return self.task(context, {"name": args[0]})

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        name = payload["name"]
        cls = runtime.resolve(name)
        metric = runtime.ms.train.Metric
        if not (isinstance(cls, type) and issubclass(cls, metric)):
            raise Unconfirmable(NOT_A_METRIC % (name,))
        abstract = [method for method in METRIC_METHODS if method in getattr(cls, "__abstractmethods__", ())]
        if not abstract:
            return not_reproduced(IMPLEMENTS % (name,))
        try:
            object.__new__(cls)
        except TypeError as error:
            return confirmed(ABSTRACT_RAISES % (name, ", ".join(abstract), error_text(error)))
        return not_reproduced(ABSTRACT_CREATED % (name, ", ".join(abstract)))


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
            return unconfirmable(NOT_A_CLASS % (repr(qualname),))
        payload = context.cell_payload(qualname)
        if not (payload.get("spec") or {}).get("inputs"):
            return unconfirmable(ADD_INPUTS % (qualname,))
        return self.task(context, payload)

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        import numpy  # pylint: disable=import-outside-toplevel

        net = runtime.build(payload["cell"], payload.get("spec"))
        inputs = [self._random(runtime, numpy, spec, payload.get("none_size") or 2) for spec in payload["spec"]["inputs"]]
        shown = runtime.shown(payload["cell"], payload.get("spec"))
        train_gap, moved = self._twice(numpy, net, inputs, True)
        eval_gap, _ = self._twice(numpy, net, inputs, False)
        if train_gap == 0 and not moved:
            return not_reproduced(SAME_OUTPUTS % (shown,))
        evidence = [TRAINING_GAP % (shown, f"{train_gap:.3g}")]
        if moved:
            evidence.append(MOVED % (moved,))
        evidence.append(EVAL_GAP % (f"{eval_gap:.3g}",))
        return confirmed(language.join(SEMICOLON, evidence))

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
