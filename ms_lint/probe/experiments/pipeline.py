"""Experiment for MindSpore operators inside the data pipeline: run the flagged callable in one."""

from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Union

from ms_lint.probe import config, speed
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

SOURCE_METHODS = frozenset({"__getitem__", "__next__", "__iter__", "__len__"})
DEFAULT_SAMPLE = ({"dtype": "float32", "shape": [2, 4], "value": None, "is_value": False},)
SAMPLES = 8
TIMED_SAMPLES = 32  # per timed run: enough that a pipeline's start-up jitter is a small part of it
WORKERS = 2
CRASHES = Text("%s but %s with %s worker threads in %s crashes", "%s，但 %s 使用 %s 个工作线程在 %s 中运行时崩溃")
FAILED_OUTSIDE = Text("%s failed outside %s: %s", "%s 在 %s 之外失败：%s")
FAILS = Text(
    "%s but %s with %s worker threads in %s fails: %s (raised in %s)",
    "%s，但 %s 使用 %s 个工作线程在 %s 中运行时失败：%s（在 %s 中抛出）",
)
LAMBDA = Text(
    "the lambda handed to the pipeline cannot be reached by itself", "传给流水线的 lambda 无法被单独调用"
)
BUILT_AT_RUN_TIME = Text(
    "what %s holds is built at run time: the probe cannot reach it by itself", "%s 的内容在运行时构建：探测无法单独调用它"
)
NOT_CALLABLE_HERE = Text(
    "the flagged code is not in a module-level function or class the probe can call",
    "被标记的代码不在探测可以调用的模块级函数或类中",
)
NOT_A_CLASS = Text("%s is not a class", "%s 不是类")
NOT_CALLABLE = Text("%s is not callable", "%s 不可调用")
NOT_A_NUMPY_DTYPE = Text("%s is not a numpy dtype", "%s 不是 numpy 的 dtype")
DEFAULT_SAMPLE_SHOWN = Text(" (default sample)", "（默认样本）")
FAILS_ALONE = Text("%s(%s) fails by itself, outside any pipeline: %s", "%s(%s) 在任何流水线之外单独运行就失败：%s")
RUNS_ALONE = Text("%s runs alone on %s", "%s 在 %s 上单独运行无误")
PER_SAMPLE = Text("%s ms per sample", "每个样本 %s ms")
RAN = Text(
    "map(%s) ran %s samples of %s with %s worker threads in %s without error (%s); configure a numpy version to "
    "compare speed",
    "map(%s) 处理了 %s 个 %s 样本，使用 %s 个工作线程，在 %s 中运行无误（%s）；请配置 numpy 版本以比较速度",
)
NOT_REACHED = Text(
    "; but the sample the probe chose may not reach the flagged operator, so this refutes nothing: give a "
    "sample in a [[tool.ms_lint.probe.callables]] entry",
    "；但探测选择的样本可能没有执行到被标记的算子，因此这不能否定该问题：请在 [[tool.ms_lint.probe.callables]] 中给出样本",
)
NUMPY_VERSION = Text("the numpy version %s in %s", "numpy 版本 %s（%s）")
ITERATOR = Text("%s is an iterator: the probe reads only sources with __getitem__", "%s 是迭代器：探测只读取带 __getitem__ 的数据源")
ITEM_FAILS = Text("reading an item of %s() fails by itself: %s", "单独读取 %s() 的一项就失败：%s")
ITEM_ALONE = Text("%s() gives an item alone", "%s() 单独可以给出一项")
READ = Text(
    "GeneratorDataset(%s()) read %s items with %s worker threads in %s without error",
    "GeneratorDataset(%s()) 读取了 %s 项，使用 %s 个工作线程，在 %s 中运行无误",
)


def _dataset_error(error: BaseException) -> str:
    """The user's error inside MindSpore's "Exception thrown from user defined Python function" report."""
    from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    for index, line in enumerate(lines):
        if line.startswith("Error description:") and index + 1 < len(lines):
            inner = line.partition(":")[2].strip() or lines[index + 1]
            return f"{error_text(error)} ({inner})"
    return error_text(error)


class _PipelineRun:
    """The user's code run by a pipeline's worker threads, after it ran alone without error."""

    def __init__(self, runtime, alone: str, pipeline: str, mode: str):
        self.runtime, self.alone, self.pipeline, self.mode = runtime, alone, pipeline, mode
        runtime.if_crashed("confirmed", CRASHES % (alone, pipeline, WORKERS, mode))

    def failed(self, error: BaseException, raised: List[BaseException], culprit: str, raised_in: str) -> Verdict:
        """Confirmed when the user's code raised inside the pipeline; unconfirmable when the pipeline failed around it."""
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        self.runtime.tainted = True  # MindSpore's graph compiler may be left broken in this process
        if not raised:
            raise Unconfirmable(FAILED_OUTSIDE % (self.pipeline, culprit, _dataset_error(error))) from error
        return confirmed(FAILS % (self.alone, self.pipeline, WORKERS, self.mode, error_text(raised[0]), raised_in))


PIPELINE_CALLS = frozenset({"map", "batch", "GeneratorDataset"})


def _display(target: str) -> str:
    """``Mixup`` for ``mindcv.data.mixup:Mixup``."""
    return target.rpartition(":")[2]


def _handed_over(node) -> Optional[Union[str, tuple]]:
    """What a finding at the argument of ``map``/``batch``/``GeneratorDataset`` names.

    ``(target, member, module, path, name)`` for a module-level function or a class
    (an instance of it when the argument is a variable assigned ``Class(...)``), a reason
    (str) when it cannot be reached, None when the finding is not at such an argument.
    """
    from astroid import nodes  # pylint: disable=import-outside-toplevel

    from ms_lint.semantics.names import names, resolve

    if node is None:
        return None
    call = node.parent.parent if isinstance(node.parent, nodes.Keyword) else node.parent
    if not isinstance(call, nodes.Call) or names.basename(call.func) not in PIPELINE_CALLS or node is call.func:
        return None
    if isinstance(node, nodes.Lambda):
        return LAMBDA
    definition = resolve.definition(node)
    member = None
    if isinstance(node, nodes.Call):  # an instance made on the spot: GeneratorDataset(Source(), ...)
        definition, member = resolve.called_definition(node), "__call__"
    elif definition is None and isinstance(node, nodes.Name):  # a variable: callable = Mixup(...)
        for assignment in names.bindings(node):
            value = getattr(assignment.parent, "value", None)
            if isinstance(assignment, nodes.AssignName) and isinstance(value, nodes.Call):
                definition, member = resolve.called_definition(value), "__call__"
    if isinstance(definition, nodes.ClassDef) and definition.parent is definition.root():
        member = "__getitem__" if names.basename(call.func) == "GeneratorDataset" else "__call__"
    elif not (isinstance(definition, nodes.FunctionDef) and definition.parent is definition.root()):
        return BUILT_AT_RUN_TIME % (node.as_string(),)
    module = definition.root()
    return (f"{module.name}:{definition.name}", member, module.name, module.file or "", definition.name)


class PipelineCall(Experiment):
    """Run the callable the pipeline runs, with 2 worker threads; it must fail, or be slower than numpy."""

    summary = (
        "runs the flagged callable once by itself on a sample, then in a small dataset pipeline (`map` with 2 worker "
        "threads, or `GeneratorDataset` over the source class), in the program's mode; reports the failure, or the "
        "slowdown against the configured numpy-only version, timed in turns with it"
    )
    version = 4  # the program's mode, kept after the fresh import

    def plan(self, context: Context) -> Union[Task, Verdict]:
        handed = _handed_over(context.finding.node)
        operator_line = None  # known when the finding marks the operator itself
        if handed is not None:  # the finding marks what a map/batch/GeneratorDataset call is given
            if isinstance(handed, str):
                return unconfirmable(handed)
            target, member, module, path, name = handed
        else:  # the finding marks an operator inside the code the pipeline runs
            function = context.scope.function
            if function is None:
                return unconfirmable(NOT_CALLABLE_HERE)
            owner, name = function
            target, member = owner or name, (name if owner else None)
            module, path, name = context.finding.module, context.finding.path, owner or name
            operator_line = context.finding.line
        spec = context.config.callable(module, path, name)
        payload = {"target": target, "member": member, "spec": config.spec_json(spec), "mode": context.mode}
        return self.task(context, dict(payload, operator_line=operator_line))

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        spec = payload.get("spec") or {}
        if payload.get("member"):
            instance = self._instance(runtime, payload, spec)
            if payload["member"] in SOURCE_METHODS or not callable(instance):
                return self._source(runtime, payload, spec, instance)
        return self._map(runtime, payload, self._callable(runtime, payload, spec), spec)

    @staticmethod
    def _instance(runtime, payload: Dict[str, Any], spec: Dict[str, Any]):
        target = runtime.resolve_reference(payload["target"])
        if not isinstance(target, type):
            raise Unconfirmable(NOT_A_CLASS % (_display(payload["target"]),))
        arguments = {"args": spec.get("args"), "kwargs": spec.get("kwargs")} if spec else None
        return runtime.build(payload["target"], arguments, what="callable")

    def _callable(self, runtime, payload: Dict[str, Any], spec: Dict[str, Any]):
        """The function (or callable object) the pipeline runs, from the module as loaded now."""
        function = self._instance(runtime, payload, spec) if payload.get("member") else runtime.resolve_reference(payload["target"])
        if not callable(function):
            raise Unconfirmable(NOT_CALLABLE % (_display(payload["target"]),))
        return function

    # -- a map operation --------------------------------------------------------------

    @staticmethod
    def _sample(spec: Dict[str, Any], function) -> List[Any]:
        """The configured sample, else one default column per positional parameter ``function`` requires."""
        import numpy  # pylint: disable=import-outside-toplevel

        from ms_lint.probe.runtime import positional_count  # pylint: disable=import-outside-toplevel

        items = spec.get("sample") or DEFAULT_SAMPLE * max(positional_count(function), 1)
        sample = []
        for item in items:
            if item.get("is_value"):
                sample.append(numpy.asarray(item.get("value")))
                continue
            dims = [2 if dim is None else dim for dim in (item.get("shape") or [2, 4])]
            try:
                sample.append(numpy.random.default_rng(0).random(dims).astype(item.get("dtype") or "float32"))
            except TypeError as error:
                raise Unconfirmable(NOT_A_NUMPY_DTYPE % (repr(item.get("dtype")),)) from error
        return sample

    @staticmethod
    def _pipeline_seconds(function, sample: List[Any], outputs: int, samples: int = SAMPLES) -> float:
        import mindspore.dataset as ds  # pylint: disable=import-outside-toplevel

        columns = [f"column{index}" for index in range(len(sample))]
        extra = {} if outputs == len(columns) else {"output_columns": [f"output{index}" for index in range(outputs)]}
        data = ds.GeneratorDataset([tuple(sample)] * samples, column_names=columns, shuffle=False)
        data = data.map(
            operations=function, input_columns=columns, num_parallel_workers=WORKERS, python_multiprocessing=False, **extra
        )
        started = time.perf_counter()
        count = sum(1 for _ in data.create_tuple_iterator(output_numpy=True, num_epochs=1))
        elapsed = time.perf_counter() - started
        if count != samples:
            raise RuntimeError(f"the pipeline gave {count} rows for {samples} samples")
        return elapsed

    def _map(self, runtime, payload: Dict[str, Any], function, spec: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        name = _display(payload["target"])
        sample = self._sample(spec, function)
        shown = ", ".join(f"{array.dtype}{list(array.shape)}" for array in sample)
        shown = language.join("", (shown, "" if spec.get("sample") else DEFAULT_SAMPLE_SHOWN))
        raised: List[BaseException] = []
        current = [function]

        def recorded(*args):
            try:
                return current[0](*args)
            except Exception as error:
                raised.append(error)
                raise

        with self._mode(runtime, payload) as mode:
            try:
                result, ran = runtime.lines_run(function, *sample)
            except Exception as error:  # pylint: disable=broad-except
                raise Unconfirmable(FAILS_ALONE % (name, shown, error_text(error))) from error
            outputs = len(result) if isinstance(result, tuple) else 1
            # Then on a fresh import: the call above compiled the Cells it uses, and worker
            # threads would only reuse those graphs. Fresh Cells must be compiled in the threads.
            self._reload(runtime, payload)
            current[0] = self._callable(runtime, payload, spec)
            run = _PipelineRun(runtime, RUNS_ALONE % (name, shown), f"map({name})", mode)
            try:
                seconds = self._pipeline_seconds(recorded, sample, outputs)
            except Exception as error:  # pylint: disable=broad-except
                return run.failed(error, raised, culprit=name, raised_in=name)
            runtime.if_crashed(None)
            per_sample = PER_SAMPLE % (f"{seconds / SAMPLES * 1000:.2f}",)
            if not spec.get("numpy"):
                evidence = RAN % (name, SAMPLES, shown, WORKERS, mode, per_sample)
                if not spec.get("sample") and payload.get("operator_line") not in ran:
                    raise Unconfirmable(language.join("", (evidence, NOT_REACHED)))  # a sample the probe chose
                return not_reproduced(evidence)
            reference = runtime.resolve_reference(spec["numpy"])

            def per_sample_of(version):
                return lambda: self._pipeline_seconds(version, sample, outputs, TIMED_SAMPLES) / TIMED_SAMPLES

            timings = speed.measure(per_sample_of(current[0]), per_sample_of(reference))
        return speed.decide(timings, f"map({name})", NUMPY_VERSION % (spec["numpy"], mode))

    # -- a GeneratorDataset source ----------------------------------------------------------

    def _source(self, runtime, payload: Dict[str, Any], spec: Dict[str, Any], instance) -> Verdict:
        """Read the source through GeneratorDataset's worker threads; its own code must fail there."""
        import mindspore.dataset as ds  # pylint: disable=import-outside-toplevel
        import numpy  # pylint: disable=import-outside-toplevel

        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        name = _display(payload["target"])
        raised: List[BaseException] = []
        reads = hasattr(instance, "__getitem__")
        length = min(len(instance), SAMPLES) if reads and hasattr(instance, "__len__") else SAMPLES

        fresh = [instance]

        class Recorded:
            """The user's source, read by the pipeline's threads; items become one small column."""

            def __getitem__(self, index):
                try:
                    fresh[0][index]  # pylint: disable=pointless-statement
                except Exception as error:
                    raised.append(error)
                    raise
                return (numpy.zeros(1, numpy.float32),)

            def __len__(self):
                return length

        with self._mode(runtime, payload) as mode:
            if not reads:
                raise Unconfirmable(ITERATOR % (name,))
            try:
                instance[0]  # pylint: disable=pointless-statement
            except Exception as error:  # pylint: disable=broad-except
                raise Unconfirmable(ITEM_FAILS % (name, error_text(error))) from error
            self._reload(runtime, payload)  # fresh Cells, compiled by the pipeline's threads (see _map)
            fresh[0] = self._instance(runtime, payload, spec)
            run = _PipelineRun(runtime, ITEM_ALONE % (name,), f"GeneratorDataset({name}())", mode)
            try:
                data = ds.GeneratorDataset(
                    Recorded(), column_names=["item"], shuffle=False, num_parallel_workers=WORKERS, python_multiprocessing=False
                )
                rows = sum(1 for _ in data.create_tuple_iterator(output_numpy=True, num_epochs=1))
            except Exception as error:  # pylint: disable=broad-except
                return run.failed(error, raised, culprit=name, raised_in=f"{name}.__getitem__")
        return not_reproduced(READ % (name, rows, WORKERS, mode))

    @staticmethod
    def _reload(runtime, payload: Dict[str, Any]) -> None:
        """A fresh import of the module, still in the mode the experiment runs in (an import starts in PyNative)."""
        runtime.reload()
        wanted = payload.get("mode")
        if wanted in ("graph", "pynative"):
            ms = runtime.ms
            ms.set_context(mode=ms.GRAPH_MODE if wanted == "graph" else ms.PYNATIVE_MODE)

    @staticmethod
    def _mode(runtime, payload: Dict[str, Any]):
        """The mode the program runs in: the one the lint found (the mindspore-mode option, else the mode
        the program's code sets, wherever it sets it), else the one the module set when imported."""
        import contextlib  # pylint: disable=import-outside-toplevel

        ms = runtime.ms
        wanted = payload.get("mode")
        current = "GRAPH_MODE" if ms.get_context("mode") == ms.GRAPH_MODE else "PYNATIVE_MODE"

        @contextlib.contextmanager
        def mode():
            if wanted in ("graph", "pynative"):
                with runtime.mode(graph=wanted == "graph"):
                    yield "GRAPH_MODE" if wanted == "graph" else "PYNATIVE_MODE"
            else:
                yield current

        return mode()
