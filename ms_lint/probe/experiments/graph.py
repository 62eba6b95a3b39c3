"""Experiments that compile ``construct`` in GRAPH_MODE: dynamic shapes, and conditions compiled into subgraphs."""

from __future__ import annotations

import inspect
from typing import Any, Dict, List, Union

from ms_lint.probe import inputs, source
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable


def _input_names(net, count: int) -> List[str]:
    try:
        names = [name for name in inspect.signature(getattr(net, "construct", net)).parameters if name not in ("args", "kwargs")]
    except (TypeError, ValueError):
        names = []
    names += [f"input{index}" for index in range(len(names), count)]
    return names[:count]


class GraphCompile(Experiment):
    """Compile the flagged Cell's ``construct`` (or ``@jit`` function) with static inputs, then judge the IR.

    Inputs come from the configuration, else (for a Cell) from its first layer, each guess
    tried once: a guess that fails elsewhere or does not reach the flagged line refutes nothing.
    """

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
            if payload.get("function"):
                return unconfirmable(
                    f"needs input specs for {what}: add inputs (dtype and shape) to a "
                    f"[[tool.ms_lint.probe.cells]] entry for {payload['cell']}"
                )
            payload["guess_inputs"] = True  # read from the built Cell's first layer, in the child
        return self.task(context, dict(payload, **self.details(context)))

    def details(self, context: Context) -> Dict[str, Any]:  # pylint: disable=unused-argument
        """More of the finding the judgement needs (lines, limits)."""
        return {}

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        qualname = payload["cell"]
        spec = payload.get("spec") or {}
        net = runtime.resolve(qualname) if payload.get("function") else runtime.build(qualname, spec)
        origin = runtime.origin(spec)
        built = f", built as {runtime.shown(qualname, spec)}{origin}" if origin and not payload.get("function") else ""
        if not payload.get("guess_inputs"):
            return self._attempt(runtime, net, spec["inputs"], payload, built)
        tried = inputs.candidates(runtime, net)
        if not tried:
            raise Unconfirmable(
                f"needs input specs for {qualname}.construct (its first layer does not tell them): add inputs (dtype "
                f"and shape) to a [[tool.ms_lint.probe.cells]] entry for {qualname}"
            )
        reasons = []
        for specs, chosen in tried:
            try:
                return self._attempt(runtime, net, specs, payload, f" ({chosen}){built}")
            except Unconfirmable as error:  # a guess that does not reach the line refutes nothing: try the next
                reasons.append(str(error))
        raise Unconfirmable(reasons[-1] if len(reasons) == 1 else f"{len(reasons)} guessed inputs, none conclusive: {reasons[-1]}")

    def _attempt(self, runtime, net, specs, payload: Dict[str, Any], note: str) -> Verdict:
        from ms_lint.probe.config import InputSpec  # pylint: disable=import-outside-toplevel
        from ms_lint.probe.runtime import error_text, frames, ir_nodes, same_file  # pylint: disable=import-outside-toplevel

        qualname, line, none_size = payload["cell"], payload["line"], payload.get("none_size") or 2
        path = runtime.loaded[0]
        tensors = [runtime.tensor(item, none_size=none_size) for item in specs]
        names = _input_names(net, len(tensors))
        shown = ", ".join(
            f"{name}: {InputSpec(**item).describe(none_size) if not item.get('is_value') else repr(item.get('value'))}"
            for name, item in zip(names, specs)
        )
        if payload.get("function"):
            what = f"calling {qualname} in GRAPH_MODE with static inputs {shown}"
        else:
            what = f"compiling {qualname}.construct in GRAPH_MODE with static inputs {shown}{note}"
        error, ir_text = runtime.compile(net, tensors, dump_ir=True)
        if error is not None:
            if line in runtime.lines_in_trace(error, path):
                return confirmed(f"{what} fails at line {line}: {error_text(error)}")
            elsewhere = [f"{start}" for frame_path, start, _ in frames(str(error)) if same_file(frame_path, path)]
            where = f" (at line {elsewhere[-1]})" if elsewhere else ""
            raise Unconfirmable(f"{what} fails elsewhere{where}: {error_text(error)}")
        nodes = ir_nodes(ir_text)
        if not nodes:
            raise Unconfirmable(f"{what} left no graph to read (MindSpore wrote no IR)")
        in_file = [(node, [start for frame_path, start, _ in node.frames if same_file(frame_path, path)]) for node in nodes]
        if not any(line in starts for _, starts in in_file):
            raise Unconfirmable(f"line {line} is not part of the graph compiled for these inputs")
        return self.judge(what, nodes, in_file, payload)

    def judge(self, what: str, nodes, in_file, payload: Dict[str, Any]) -> Verdict:
        raise NotImplementedError


class DynamicShape(GraphCompile):
    """Compile with static inputs; a value computed at the flagged line must come out with a dynamic shape."""

    summary = (
        "compiles `construct` in GRAPH_MODE (without running it; a `@jit` function is called) with the configured "
        "inputs (else inputs read from its first layer), `None` dims given the fixed size `none-size` so that only "
        "shapes the code makes dynamic show, and reports the dynamic shape computed at the flagged line, or the "
        "compile error raised there"
    )

    def judge(self, what: str, nodes, in_file, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import dynamic_dims  # pylint: disable=import-outside-toplevel

        line = payload["line"]
        at_line = [node.output for node, starts in in_file if line in starts]
        dynamic = [shape for output in at_line for shape in dynamic_dims(output)]
        if not dynamic:
            return not_reproduced(f"{what}: every value computed at line {line} has a static shape")
        returns = [node.output for node in nodes if node.is_return]
        outputs = dynamic_dims(returns[-1]) if returns else []
        returner = payload["cell"] if payload.get("function") else "construct"
        tail = f"; {returner} returns {', '.join(outputs)}" if outputs else ""
        return confirmed(f"{what}: line {line} yields the dynamic shape {dynamic[0]}{tail}")


class TensorConditions(GraphCompile):
    """Count the ``Switch`` nodes MindSpore compiles for the flagged conditions: variable conditions become
    subgraphs joined by a Switch; conditions the compiler decides leave none."""

    summary = (
        "compiles `construct` in GRAPH_MODE with the configured inputs (else inputs read from its first layer) and "
        "counts the Switch nodes (a condition compiled into subgraphs) of the flagged lines in the validated IR: "
        "for a loop, one per unrolled copy of the condition; for a function, against the limit"
    )

    def details(self, context: Context) -> Dict[str, Any]:
        finding = context.finding
        if finding.symbol != "too-many-tensor-conditions":
            return {"lines": [finding.line, finding.line], "kind": finding.symbol}
        span = source.function_span(finding.path, finding.line)
        limit = finding.args[2] if len(finding.args) > 2 else None
        return {"lines": list(span or (finding.line, finding.line)), "kind": finding.symbol, "limit": limit}

    def judge(self, what: str, nodes, in_file, payload: Dict[str, Any]) -> Verdict:
        line, (first, last), kind = payload["line"], payload["lines"], payload["kind"]
        switches = [starts for node, starts in in_file if node.op == "Switch"]
        if kind == "too-many-tensor-conditions":
            # A Switch's frames run from the function's own lines out to its callers': take the innermost here.
            conditions = sorted({max(inside) for inside in ([s for s in starts if first <= s <= last] for starts in switches) if inside})
            limit = payload.get("limit")
            text = f"{what}: {len(conditions)} lines of the function compile to Switch nodes (variable conditions)"
            if limit is None or len(conditions) > limit:
                return confirmed(f"{text}, more than the limit {limit}" if limit is not None else text)
            return not_reproduced(f"{text}, within the limit {limit}: the compiler decides the others")
        copies = sum(1 for starts in switches if line in starts)
        if not copies:
            return not_reproduced(f"{what}: the compiler decides the condition at line {line} (no Switch)")
        if kind != "unrolled-loop-tensor-condition":
            return confirmed(f"{what}: the condition at line {line} is a variable condition, compiled into a Switch of subgraphs")
        if copies > 1:
            return confirmed(f"{what}: the condition at line {line} is compiled {copies} times (one Switch per unrolled iteration)")
        return not_reproduced(f"{what}: the condition at line {line} is compiled once: the loop is not unrolled")
