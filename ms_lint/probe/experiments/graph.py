"""Experiments that compile ``construct`` in GRAPH_MODE: dynamic shapes, and conditions compiled into subgraphs."""

from __future__ import annotations

import inspect
from typing import Any, Dict, List, Optional, Union

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe import inputs, source
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

NEITHER = Text(
    "the flagged code is in neither a Cell nor a module-level function", "被标记的代码既不在 Cell 中，也不在模块级函数中"
)
NEEDS_INPUTS = Text(
    "needs input specs for %s: add inputs (dtype and shape) to a [[tool.ms_lint.probe.cells]] entry for %s",
    "需要 %s 的输入规格：请在 [[tool.ms_lint.probe.cells]] 中为 %s 添加一项并写出 inputs（dtype 和 shape）",
)
NEEDS_INPUTS_UNTOLD = Text(
    "needs input specs for %s.construct (its first layer does not tell them): add inputs (dtype and shape) to a "
    "[[tool.ms_lint.probe.cells]] entry for %s",
    "需要 %s.construct 的输入规格（它的第一层无法推断）：请在 [[tool.ms_lint.probe.cells]] 中为 %s 添加一项并写出 "
    "inputs（dtype 和 shape）",
)
BUILT_AS = Text(", built as %s%s", "，构建为 %s%s")
NONE_CONCLUSIVE = Text("%s guessed inputs, none conclusive: %s", "猜测了 %s 组输入，均无定论：%s")
CALLING = Text("calling %s in GRAPH_MODE with static inputs %s", "在静态图模式（GRAPH_MODE）下调用 %s，静态输入为 %s")
COMPILING = Text(
    "compiling %s.construct in GRAPH_MODE with static inputs %s%s",
    "在静态图模式（GRAPH_MODE）下编译 %s.construct，静态输入为 %s%s",
)
FAILS_AT = Text("%s fails at line %s: %s", "%s 在第 %s 行失败：%s")
AT_LINE = Text(" (at line %s)", "（第 %s 行）")
FAILS_ELSEWHERE = Text("%s fails elsewhere%s: %s", "%s 在其他位置失败%s：%s")
NO_IR = Text("%s left no graph to read (MindSpore wrote no IR)", "%s 没有留下可读的图（MindSpore 没有写出 IR）")
NOT_IN_GRAPH = Text(
    "line %s is not part of the graph compiled for these inputs", "第 %s 行不在为这些输入编译出的图中"
)
STATIC = Text("%s: every value computed at line %s has a static shape", "%s：第 %s 行计算出的所有值都是静态形状")
RETURNS = Text("; %s returns %s", "；%s 返回 %s")
DYNAMIC = Text("%s: line %s yields the dynamic shape %s%s", "%s：第 %s 行产生动态shape %s%s")
SWITCHES = Text(
    "%s: %s lines of the function compile to Switch nodes (variable conditions)",
    "%s：函数中有 %s 行编译为 Switch 节点（变量条件）",
)
OVER_LIMIT = Text("%s, more than the limit %s", "%s，超过上限 %s")
WITHIN_LIMIT = Text("%s, within the limit %s: the compiler decides the others", "%s，未超过上限 %s：其余条件由编译器确定")
DECIDED = Text("%s: the compiler decides the condition at line %s (no Switch)", "%s：第 %s 行的条件由编译器确定（没有 Switch）")
VARIABLE = Text(
    "%s: the condition at line %s is a variable condition, compiled into a Switch of subgraphs",
    "%s：第 %s 行的条件是变量条件，被编译为子图的 Switch",
)
UNROLLED = Text(
    "%s: the condition at line %s is compiled %s times (one Switch per unrolled iteration)",
    "%s：第 %s 行的条件被编译了 %s 次（每次展开的迭代一个 Switch）",
)
ONCE = Text(
    "%s: the condition at line %s is compiled once: the loop is not unrolled", "%s：第 %s 行的条件只编译一次：循环没有被展开"
)
PLACEHOLDERS = Text("none configured", "未配置输入")
CALLING_UNKNOWN = Text(
    "calling %s in GRAPH_MODE with inputs of unknown shape %s", "在静态图模式（GRAPH_MODE）下调用 %s，输入形状未知：%s"
)
COMPILING_UNKNOWN = Text(
    "compiling %s.construct in GRAPH_MODE with inputs of unknown shape %s%s",
    "在静态图模式（GRAPH_MODE）下编译 %s.construct，输入形状未知：%s%s",
)
AT_LEVEL = Text(" at the %s syntax level", "（%s 语法支持级别）")


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
    With ``placeholders`` (for a judgement that shapes do not change), float32 placeholders of
    unknown shape are tried last; a function, whose inputs no layer tells, gets them at once.
    """

    level: Optional[str] = None  # the JIT syntax level to compile at ("LAX"); None: the program's own
    placeholders = False
    # True: an error raised after MindSpore wrote the validated IR (a function is run once compiled) leaves
    # that IR to judge; the judgement then finds the error's text in the payload's "raised".
    judges_after_error = False

    def plan(self, context: Context) -> Union[Task, Verdict]:
        cell = context.cell_class()
        if cell is not None:
            payload, what = context.cell_payload(cell), f"{cell}.construct"
        else:
            function = context.scope.function
            if function is None or function[0] is not None:
                return unconfirmable(NEITHER)
            payload, what = dict(context.cell_payload(function[1]), function=True), function[1]
        if not payload["spec"] or payload["spec"].get("inputs") is None:
            if payload.get("function") and not self.placeholders:
                return unconfirmable(NEEDS_INPUTS % (what, payload["cell"]))
            payload["guess_inputs"] = True  # read from the built Cell's first layer (or placeholders), in the child
        return self.task(context, dict(payload, **self.details(context)))

    def details(self, context: Context) -> Dict[str, Any]:  # pylint: disable=unused-argument
        """More of the finding the judgement needs (lines, limits)."""
        return {}

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        qualname = payload["cell"]
        spec = payload.get("spec") or {}
        net = runtime.resolve(qualname) if payload.get("function") else runtime.build(qualname, spec)
        if payload.get("function") and self.level is not None:
            # A fresh wrapper: MindSpore would reuse the function's graph compiled at another level.
            net = runtime.ms.jit(getattr(net, "__wrapped__", net))
        origin = runtime.origin(spec)
        built = BUILT_AS % (runtime.shown(qualname, spec), origin) if origin and not payload.get("function") else ""
        if not payload.get("guess_inputs"):
            return self._attempt(runtime, net, spec["inputs"], payload, built)
        tried = [] if payload.get("function") else inputs.candidates(runtime, net)
        if self.placeholders:
            from ms_lint.probe.runtime import positional_count  # pylint: disable=import-outside-toplevel

            count = positional_count(net if payload.get("function") else net.construct)
            tried.append(([{"dtype": "float32", "shape": None}] * count, PLACEHOLDERS))
        if not tried:
            raise Unconfirmable(NEEDS_INPUTS_UNTOLD % (qualname, qualname))
        reasons = []
        for specs, chosen in tried:
            try:
                return self._attempt(runtime, net, specs, payload, language.join("", (" (", chosen, ")", built)))
            except Unconfirmable as error:  # a guess that does not reach the line refutes nothing: try the next
                reasons.append(error.args[0] if error.args else str(error))
        raise Unconfirmable(reasons[-1] if len(reasons) == 1 else NONE_CONCLUSIVE % (len(reasons), reasons[-1]))

    def _attempt(self, runtime, net, specs, payload: Dict[str, Any], note: str) -> Verdict:
        from ms_lint.probe.config import InputSpec  # pylint: disable=import-outside-toplevel
        from ms_lint.probe.runtime import error_text, frames, ir_nodes, same_file  # pylint: disable=import-outside-toplevel

        qualname, line, none_size = payload["cell"], payload["line"], payload.get("none_size") or 2
        path = runtime.loaded[0]
        # With placeholders, an input of unknown shape is a placeholder; a known shape gets zeros (None dims
        # given none-size).
        unknown = self.placeholders and any(_unknown(item) for item in specs)
        tensors = [
            runtime.tensor(item, none_size=None if unknown and _unknown(item) else none_size) for item in specs
        ]
        names = _input_names(net, len(tensors))
        shown = ", ".join(
            f"{name}: {InputSpec(**item).describe(none_size) if not item.get('is_value') else repr(item.get('value'))}"
            for name, item in zip(names, specs)
        )
        if payload.get("function"):
            what = (CALLING_UNKNOWN if unknown else CALLING) % (qualname, shown)
        else:
            what = (COMPILING_UNKNOWN if unknown else COMPILING) % (qualname, shown, note)
        if self.level is not None:
            what = language.join("", (what, AT_LEVEL % (self.level,)))
        error, ir_text = self._compile(runtime, net, tensors)
        if error is not None and self.judges_after_error and ir_text:
            # What placeholders raise when run says nothing of the code.
            payload = dict(payload, raised=None if unknown else error_text(error))
        elif error is not None:
            if line in runtime.lines_in_trace(error, path):
                return self.fails_at_line(FAILS_AT % (what, line, error_text(error)))
            elsewhere = [f"{start}" for frame_path, start, _ in frames(str(error)) if same_file(frame_path, path)]
            where = AT_LINE % (elsewhere[-1],) if elsewhere else ""
            raise Unconfirmable(FAILS_ELSEWHERE % (what, where, error_text(error)))
        nodes = ir_nodes(ir_text)
        if not nodes:
            raise Unconfirmable(NO_IR % (what,))
        in_file = [(node, [start for frame_path, start, _ in node.frames if same_file(frame_path, path)]) for node in nodes]
        if not any(line in starts for _, starts in in_file):
            raise Unconfirmable(NOT_IN_GRAPH % (line,))
        return self.judge(what, nodes, in_file, dict(payload, path=path))

    def fails_at_line(self, evidence: str) -> Verdict:
        """MindSpore refused to compile the flagged line: by default, what the finding predicts."""
        return confirmed(evidence)

    def _compile(self, runtime, net, tensors):
        ms = runtime.ms
        if self.level is None:
            return runtime.compile(net, tensors, dump_ir=True)
        previous = ms.get_context("jit_syntax_level")
        ms.set_context(jit_syntax_level=getattr(ms, self.level))
        try:
            return runtime.compile(net, tensors, dump_ir=True)
        finally:
            ms.set_context(jit_syntax_level=previous)

    def judge(self, what: str, nodes, in_file, payload: Dict[str, Any]) -> Verdict:
        raise NotImplementedError


def _unknown(spec: Dict[str, Any]) -> bool:
    return not spec.get("is_value") and spec.get("shape") is None


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
            return not_reproduced(STATIC % (what, line))
        returns = [node.output for node in nodes if node.is_return]
        outputs = dynamic_dims(returns[-1]) if returns else []
        returner = payload["cell"] if payload.get("function") else "construct"
        tail = RETURNS % (returner, ", ".join(outputs)) if outputs else ""
        return confirmed(DYNAMIC % (what, line, dynamic[0], tail))


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
            text = SWITCHES % (what, len(conditions))
            if limit is None or len(conditions) > limit:
                return confirmed(OVER_LIMIT % (text, limit) if limit is not None else text)
            return not_reproduced(WITHIN_LIMIT % (text, limit))
        copies = sum(1 for starts in switches if line in starts)
        if not copies:
            return not_reproduced(DECIDED % (what, line))
        if kind != "unrolled-loop-tensor-condition":
            return confirmed(VARIABLE % (what, line))
        if copies > 1:
            return confirmed(UNROLLED % (what, line, copies))
        return not_reproduced(ONCE % (what, line))
