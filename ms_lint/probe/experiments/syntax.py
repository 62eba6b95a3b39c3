"""The experiment for graph-syntax rules: compile the flagged code and read MindSpore's refusal."""

from __future__ import annotations

import re
from typing import Any, Dict, Union

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

NEITHER = Text(
    "the flagged code is in neither a Cell nor a module-level function", "被标记的代码既不在 Cell 中，也不在模块级函数中"
)
FAILS_AT = Text(
    "compiling %s in GRAPH_MODE at %s fails at line %s: %s", "编译 %s（静态图模式 GRAPH_MODE，%s 级别）时在第 %s 行失败：%s"
)
FAILS_OTHERWISE = Text(
    "compiling %s in GRAPH_MODE at %s fails otherwise: %s", "编译 %s（静态图模式 GRAPH_MODE，%s 级别）时以其他方式失败：%s"
)
COMPILES = Text("%s compiles in GRAPH_MODE at %s", "%s 在静态图模式（GRAPH_MODE）下以 %s 级别编译成功")
AND = Text(" and ", " 和 ")
NOT_IN_CELL = Text("the flagged method is not in a Cell class", "被标记的方法不在 Cell 类中")
GRAPH_FAILS = Text("%s in GRAPH_MODE fails: %s", "%s 在静态图模式（GRAPH_MODE）下失败：%s")
GRAPH_FAILS_OTHERWISE = Text(
    "%s in GRAPH_MODE fails otherwise: %s", "%s 在静态图模式（GRAPH_MODE）下以其他方式失败：%s"
)
RUNS = Text("%s runs in GRAPH_MODE on %s input(s)", "%s 在静态图模式（GRAPH_MODE）下以 %s 个输入运行无误")


class GraphSyntaxRefused(Experiment):
    """Compile the flagged code; MindSpore must refuse it at the flagged line with the rule's error text."""

    summary = (
        "compiles the `construct` (or function) holding the flagged line in GRAPH_MODE at the LAX syntax level, "
        "then at STRICT if LAX accepts it, with the configured inputs (placeholders when none are configured: "
        "these refusals come before any shape matters), and confirms when the error names the flagged line and "
        "matches one of the rule's error patterns in `ms_lint/data/graph_syntax.py`"
    )
    levels = ("LAX", "STRICT")

    def plan(self, context: Context) -> Union[Task, Verdict]:
        cell = context.cell_class()
        if cell is not None:
            payload = context.cell_payload(cell)
        else:
            function = context.scope.function
            if function is None or function[0] is not None:
                return unconfirmable(NEITHER)
            payload = dict(context.cell_payload(function[1]), function=True)
        return self.task(context, dict(payload, symbol=context.finding.symbol))

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.data import graph_syntax  # pylint: disable=import-outside-toplevel
        from ms_lint.probe.runtime import error_text, positional_count  # pylint: disable=import-outside-toplevel

        ms, line, path = runtime.ms, payload["line"], runtime.loaded[0]
        patterns = [p for entry in graph_syntax.GRAPH_SYNTAX if entry.rule == payload["symbol"] for p in entry.patterns]
        spec = payload.get("spec") or {}
        if payload.get("function"):
            function = runtime.resolve(payload["cell"])
            what, count = payload["cell"], positional_count(function)
        else:
            what, count = f"{payload['cell']}.construct", positional_count(runtime.build(payload["cell"], spec or None).construct)
        specs = spec.get("inputs") or [{"dtype": "float32", "shape": None}] * count
        inputs = [runtime.tensor(item) for item in specs]
        previous = ms.get_context("jit_syntax_level")
        try:
            for level in self.levels:
                ms.set_context(jit_syntax_level=getattr(ms, level))
                # A fresh network (or wrapper) per level: MindSpore reuses a compiled graph otherwise.
                if payload.get("function"):
                    target = ms.jit(getattr(function, "__wrapped__", function))
                else:
                    target = runtime.build(payload["cell"], spec or None)
                error, _ = runtime.compile(target, inputs)
                if error is None:
                    continue
                text = str(error)
                at_line = line in runtime.lines_in_trace(error, path)
                if at_line and any(re.search(pattern, text) for pattern in patterns):
                    return confirmed(FAILS_AT % (what, level, line, error_text(error)))
                raise Unconfirmable(FAILS_OTHERWISE % (what, level, error_text(error)))
        finally:
            ms.set_context(jit_syntax_level=previous)
        return not_reproduced(COMPILES % (what, language.join(AND, self.levels)))


class CellMethodRefused(Experiment):
    """Call the flagged Cell in GRAPH_MODE (or take its gradients, for a bprop): MindSpore must refuse it."""

    summary = (
        "builds the Cell of the flagged `construct` or `bprop` and, in GRAPH_MODE, calls it (for a `construct`) "
        "or takes its gradients with respect to every input with `ms.grad` (for a `bprop`), on the configured "
        "inputs (small zero Tensors when none are configured: these refusals come before any value matters); "
        "confirms when MindSpore's error matches one of the rule's error patterns in `ms_lint/data/graph_syntax.py`"
    )

    def plan(self, context: Context) -> Union[Task, Verdict]:
        cell = context.cell_class()
        if cell is None:
            return unconfirmable(NOT_IN_CELL)
        bprop = ".bprop(" in str(context.finding.args[0] if context.finding.args else "")
        return self.task(context, dict(context.cell_payload(cell), symbol=context.finding.symbol, bprop=bprop))

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.data import graph_syntax  # pylint: disable=import-outside-toplevel
        from ms_lint.probe.runtime import error_text, positional_count  # pylint: disable=import-outside-toplevel

        ms, spec = runtime.ms, payload.get("spec") or {}
        patterns = [p for entry in graph_syntax.GRAPH_SYNTAX if entry.rule == payload["symbol"] for p in entry.patterns]
        cell = runtime.build(payload["cell"], spec or None)
        # A construct that lost self takes the Cell as its first input: it still expects one input at least.
        count = max(1, positional_count(cell.construct))
        specs = spec.get("inputs") or [{"dtype": "float32", "shape": [1]}] * count
        inputs = [runtime.tensor(item, none_size=payload.get("none_size") or 1) for item in specs]
        what = f"ms.grad({payload['cell']})" if payload.get("bprop") else payload["cell"]
        try:
            with runtime.mode(graph=True):
                if payload.get("bprop"):
                    ms.grad(cell, grad_position=tuple(range(len(inputs))))(*inputs)
                else:
                    cell(*inputs)
        except Exception as error:  # pylint: disable=broad-except
            if any(re.search(pattern, str(error)) for pattern in patterns):
                return confirmed(GRAPH_FAILS % (what, error_text(error)))
            raise Unconfirmable(GRAPH_FAILS_OTHERWISE % (what, error_text(error))) from error
        return not_reproduced(RUNS % (what, len(inputs)))
