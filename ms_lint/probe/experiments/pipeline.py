"""Experiment for MindSpore operators inside the data pipeline: run the flagged callable in one."""

from __future__ import annotations

import time
from typing import Any, Dict, List, Union

from ms_lint.probe import config
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

SOURCE_METHODS = frozenset({"__getitem__", "__next__", "__iter__", "__len__"})
DEFAULT_SAMPLE = ({"dtype": "float32", "shape": [2, 4], "value": None, "is_value": False},)
SAMPLES = 8
WORKERS = 2
SLOWER = 2.0  # a ratio to the numpy version at or above this confirms


def _dataset_error(error: BaseException) -> str:
    """The user's error inside MindSpore's "Exception thrown from user defined Python function" report."""
    from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    for index, line in enumerate(lines):
        if line.startswith("Error description:") and index + 1 < len(lines):
            inner = line.partition(":")[2].strip() or lines[index + 1]
            return f"{error_text(error)} ({inner})"
    return error_text(error)


class PipelineCall(Experiment):
    """Run the callable the pipeline runs, with 2 worker threads; it must fail, or be slower than numpy."""

    summary = (
        "runs the flagged callable once by itself on a sample, then in a small dataset pipeline (`map` with 2 worker "
        "threads, or `GeneratorDataset` over the source class), in the program's mode; reports the failure, or the "
        "slowdown against the configured numpy-only version"
    )

    def plan(self, context: Context) -> Union[Task, Verdict]:
        function = context.scope.function
        if function is None:
            return unconfirmable("the flagged code is not in a module-level function or class the probe can call")
        owner, name = function
        target = owner or name
        spec = context.config.callable(context.finding.module, context.finding.path, target)
        payload = {"target": target, "member": name if owner else None, "spec": config.spec_json(spec), "mode": context.mode}
        return self.task(context, payload)

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        spec = payload.get("spec") or {}
        target = runtime.resolve(payload["target"])
        if payload.get("member"):
            if not isinstance(target, type):
                raise Unconfirmable(f"{payload['target']} is not a class")
            instance = runtime.build(payload["target"], {"args": spec.get("args"), "kwargs": spec.get("kwargs")} if spec else None, what="callable")
            if payload["member"] in SOURCE_METHODS or not callable(instance):
                return self._source(runtime, payload, instance)
            function = instance
        else:
            function = target
        if not callable(function):
            raise Unconfirmable(f"{payload['target']} is not callable")
        return self._map(runtime, payload, function, spec)

    # -- a map operation --------------------------------------------------------------

    def _sample(self, runtime, spec: Dict[str, Any]) -> List[Any]:
        import numpy  # pylint: disable=import-outside-toplevel

        items = spec.get("sample") or DEFAULT_SAMPLE
        sample = []
        for item in items:
            if item.get("is_value"):
                sample.append(numpy.asarray(item.get("value")))
                continue
            dims = [2 if dim is None else dim for dim in (item.get("shape") or [2, 4])]
            try:
                sample.append(numpy.random.default_rng(0).random(dims).astype(item.get("dtype") or "float32"))
            except TypeError as error:
                raise Unconfirmable(f"{item.get('dtype')!r} is not a numpy dtype") from error
        return sample

    def _pipeline_seconds(self, runtime, function, sample: List[Any]) -> float:
        import mindspore.dataset as ds  # pylint: disable=import-outside-toplevel

        columns = [f"column{index}" for index in range(len(sample))]
        data = ds.GeneratorDataset([tuple(sample)] * SAMPLES, column_names=columns, shuffle=False)
        data = data.map(operations=function, input_columns=columns, num_parallel_workers=WORKERS, python_multiprocessing=False)
        started = time.perf_counter()
        count = sum(1 for _ in data.create_tuple_iterator(output_numpy=True, num_epochs=1))
        elapsed = time.perf_counter() - started
        if count != SAMPLES:
            raise RuntimeError(f"the pipeline gave {count} rows for {SAMPLES} samples")
        return elapsed

    def _map(self, runtime, payload: Dict[str, Any], function, spec: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        name = payload["target"]
        sample = self._sample(runtime, spec)
        shown = ", ".join(f"{array.dtype}{list(array.shape)}" for array in sample) + ("" if spec.get("sample") else " (default sample)")
        with self._mode(runtime, payload) as mode:
            try:
                function(*sample)
            except Exception as error:  # pylint: disable=broad-except
                raise Unconfirmable(f"{name}({shown}) fails by itself, outside any pipeline: {error_text(error)}") from error
            try:
                seconds = self._pipeline_seconds(runtime, function, sample)
            except Exception as error:  # pylint: disable=broad-except
                return confirmed(
                    f"{name} runs alone on {shown} but map({name}) with {WORKERS} worker threads in {mode} fails: "
                    f"{_dataset_error(error)}"
                )
            per_sample = f"{seconds / SAMPLES * 1000:.2f} ms per sample"
            if not spec.get("numpy"):
                return not_reproduced(
                    f"map({name}) ran {SAMPLES} samples of {shown} with {WORKERS} worker threads in {mode} without error "
                    f"({per_sample}); configure a numpy version to compare speed"
                )
            reference = runtime.resolve_reference(spec["numpy"])
            baseline = self._pipeline_seconds(runtime, reference, sample)
        ratio = seconds / baseline if baseline > 0 else float("inf")
        compared = f"map({name}) took {per_sample}, {ratio:.1f}x the numpy version {spec['numpy']} in {mode}"
        return confirmed(compared) if ratio >= SLOWER else not_reproduced(compared)

    # -- a GeneratorDataset source ----------------------------------------------------------

    def _source(self, runtime, payload: Dict[str, Any], instance) -> Verdict:
        import mindspore.dataset as ds  # pylint: disable=import-outside-toplevel

        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        name = payload["target"]
        try:
            first = instance[0] if hasattr(instance, "__getitem__") else next(iter(instance))
        except Exception as error:  # pylint: disable=broad-except
            raise Unconfirmable(f"reading the first item of {name}() fails by itself: {error_text(error)}") from error
        width = len(first) if isinstance(first, tuple) else 1
        columns = [f"column{index}" for index in range(width)]
        with self._mode(runtime, payload) as mode:
            try:
                data = ds.GeneratorDataset(
                    instance, column_names=columns, shuffle=False, num_parallel_workers=WORKERS, python_multiprocessing=False
                )
                rows = 0
                for _ in data.create_tuple_iterator(output_numpy=True, num_epochs=1):
                    rows += 1
                    if rows >= SAMPLES:
                        break
            except Exception as error:  # pylint: disable=broad-except
                return confirmed(
                    f"{name}() gives its first item alone but GeneratorDataset({name}()) with {WORKERS} worker threads in "
                    f"{mode} fails: {_dataset_error(error)}"
                )
        return not_reproduced(f"GeneratorDataset({name}()) gave {rows} rows with {WORKERS} worker threads in {mode} without error")

    @staticmethod
    def _mode(runtime, payload: Dict[str, Any]):
        """The mode the program runs in: the lint option, else what the module set at import."""
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
