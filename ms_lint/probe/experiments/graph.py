"""Experiments that compile ``construct`` in GRAPH_MODE: shapes that become dynamic, compile errors."""

from __future__ import annotations

import inspect
from typing import Any, Dict, List, Union

from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable


def _input_names(net, count: int) -> List[str]:
    try:
        names = [name for name in inspect.signature(getattr(net, "construct", net)).parameters if name not in ("args", "kwargs")]
    except (TypeError, ValueError):
        names = []
    names += [f"input{index}" for index in range(len(names), count)]
    return names[:count]


class DynamicShape(Experiment):
    """Compile with static inputs; a value computed at the flagged line must come out with a dynamic shape."""

    summary = (
        "compiles `construct` in GRAPH_MODE (without running it; a `@jit` function is called) with the configured "
        "inputs, `None` dims given the fixed size `none-size` so that only shapes the code makes dynamic show, and "
        "reports the dynamic shape computed at the flagged line, or the compile error raised there"
    )

    def plan(self, context: Context) -> Union[Task, Verdict]:
        cell = context.cell_class()
        if cell is not None:
            payload, what = context.cell_payload(cell), f"{cell}.construct"
        else:
            function = context.scope.function
            if function is None or function[0] is not None:
                return unconfirmable("the flagged code is in neither a Cell nor a module-level function")
            payload, what = dict(context.cell_payload(function[1]), function=True), function[1]
        if not payload["spec"] or payload["spec"].get("inputs") is None:
            return unconfirmable(
                f"needs input specs for {what}: add inputs (dtype and shape) to a "
                f"[[tool.ms_lint.probe.cells]] entry for {payload['cell']}"
            )
        return self.task(context, payload)

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import (  # pylint: disable=import-outside-toplevel
            dynamic_dims,
            error_text,
            frames,
            ir_nodes,
            same_file,
        )

        qualname, line, none_size = payload["cell"], payload["line"], payload.get("none_size") or 2
        path = runtime.loaded[0]
        net = runtime.resolve(qualname) if payload.get("function") else runtime.build(qualname, payload.get("spec"))
        specs = payload["spec"]["inputs"]
        inputs = [runtime.tensor(item, none_size=none_size) for item in specs]
        names = _input_names(net, len(inputs))
        from ms_lint.probe.config import InputSpec  # pylint: disable=import-outside-toplevel

        shown = ", ".join(
            f"{name}: {InputSpec(**item).describe(none_size) if not item.get('is_value') else repr(item.get('value'))}"
            for name, item in zip(names, specs)
        )
        if payload.get("function"):
            what = f"calling {qualname} in GRAPH_MODE with static inputs {shown}"
        else:
            what = f"compiling {qualname}.construct in GRAPH_MODE with static inputs {shown}"
        error, ir_text = runtime.compile(net, inputs, dump_ir=True)
        if error is not None:
            if line in runtime.lines_in_trace(error, path):
                return confirmed(f"{what} fails at line {line}: {error_text(error)}")
            elsewhere = [f"{start}" for frame_path, start, _ in frames(str(error)) if same_file(frame_path, path)]
            where = f" (at line {elsewhere[-1]})" if elsewhere else ""
            raise Unconfirmable(f"{what} fails elsewhere{where}: {error_text(error)}")
        nodes = ir_nodes(ir_text)
        if not nodes:
            raise Unconfirmable(f"{what} left no graph to read (MindSpore wrote no IR)")
        at_line = [output for _, output, node_frames in nodes if any(start == line and same_file(frame_path, path) for frame_path, start, _ in node_frames)]
        if not at_line:
            raise Unconfirmable(f"line {line} is not part of the graph compiled for these inputs")
        dynamic = [shape for output in at_line for shape in dynamic_dims(output)]
        if not dynamic:
            return not_reproduced(f"{what}: every value computed at line {line} has a static shape")
        returns = [output for is_return, output, _ in nodes if is_return]
        outputs = dynamic_dims(returns[-1]) if returns else []
        returner = qualname if payload.get("function") else "construct"
        tail = f"; {returner} returns {', '.join(outputs)}" if outputs else ""
        return confirmed(f"{what}: line {line} yields the dynamic shape {dynamic[0]}{tail}")
