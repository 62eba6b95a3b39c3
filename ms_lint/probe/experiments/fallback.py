"""The experiment for numpy on a Tensor in graph code: is the flagged call compiled into a PyExecute node?

At the LAX syntax level MindSpore compiles what the graph cannot run (numpy on a Tensor) into a
``PyExecute`` node, which the Python interpreter runs while the graph runs (JIT Fallback); what the
graph can run, or fold into a constant, gets no such node. The validated IR names each node's
source span (line and columns): the nodes closest around the flagged call tell.
"""

from __future__ import annotations

import re
from typing import Any, Dict

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.experiments.base import Context
from ms_lint.probe.experiments.graph import GraphCompile
from ms_lint.probe.verdict import Unconfirmable, Verdict, confirmed, not_reproduced

PYEXECUTE = "PyExecute"
THE_CALL = Text("the flagged call", "被标记的调用")
AT_COLUMNS = Text("%s at line %s, columns %s-%s", "%s（第 %s 行第 %s-%s 列）")
AT_LINE = Text("%s at line %s", "%s（第 %s 行）")
BECOMES = Text(
    "%s: %s compiles to a PyExecute node (JIT Fallback: the Python interpreter runs it)",
    "%s：%s被编译为 PyExecute 节点（JIT Fallback：由 Python 解释器运行）",
)
INSIDE = Text(
    "%s: %s compiles into a PyExecute node spanning %s (JIT Fallback: the Python interpreter runs it)",
    "%s：%s被编译进一个范围为%s的 PyExecute 节点（JIT Fallback：由 Python 解释器运行）",
)
NODE_SPAN = Text("line %s, columns %s-%s", "第 %s 行第 %s-%s 列")
NODE_LINES = Text("lines %s-%s", "第 %s-%s 行")
TYPED = Text("; its result's type is %s", "；其结果的类型为 %s")
RAISED = Text("; then MindSpore raised %s", "；随后 MindSpore 抛出 %s")
NATIVE = Text(
    "%s: %s compiles without a PyExecute node: the graph computes it (with its own operators, or as a "
    "constant)",
    "%s：%s编译后没有 PyExecute 节点：图自己计算它（用图自身的算子，或作为常量）",
)
REFUSED = Text(
    "no PyExecute node to read: MindSpore refuses the flagged line rather than run it in the Python interpreter: %s",
    "读不到 PyExecute 节点：MindSpore 拒绝编译被标记的行，而不是在 Python 解释器中运行它：%s",
)
# "<Any(Tensor)[Float32], (-2)>": an Any, the type the compiler gives what the interpreter returns.
ANY_TYPE = re.compile(r"<(Any[^,>]*)")


class NumpyFallback(GraphCompile):
    """Compile at LAX; the flagged numpy call must be a PyExecute node of the validated IR."""

    summary = (
        "compiles the `construct` (or `@jit` function, which MindSpore then also runs) holding the flagged line in "
        "GRAPH_MODE at the LAX syntax level, with the configured inputs, else inputs read from the Cell's first "
        "layer, else float32 placeholders of unknown shape (whether the interpreter runs a numpy call on a Tensor "
        "does not depend on shapes); in the validated IR, confirmed when the node closest around the flagged call "
        "(by line and columns) is a `PyExecute` node, which JIT Fallback has the Python interpreter run, with the "
        "type the compiler gives its result (`Any`); not reproduced when the call compiles to graph operators or a "
        "constant. The gradient is not measured"
    )
    level = "LAX"
    placeholders = True
    judges_after_error = True

    def details(self, context: Context) -> Dict[str, Any]:
        finding = context.finding
        call = finding.args[0] if finding.args and isinstance(finding.args[0], str) else None
        span = [finding.line, finding.col, finding.end_line or finding.line, finding.end_col]
        return {"span": span, "call": call}

    def fails_at_line(self, evidence: str) -> Verdict:
        raise Unconfirmable(REFUSED % (evidence,))

    def judge(self, what: str, nodes, in_file, payload: Dict[str, Any]) -> Verdict:
        line, col, end_line, end_col = payload["span"]
        call = payload.get("call") or THE_CALL
        one_line = end_col is not None and end_line == line
        place = AT_COLUMNS % (call, line, col, end_col) if one_line else AT_LINE % (call, line)
        found = _executed(nodes, payload)
        if found is None:
            return not_reproduced(NATIVE % (what, place))
        node, (_, start, end, first, last) = found
        if (start, first, end, last) == (line, col, end_line, end_col):
            evidence = BECOMES % (what, place)
        else:
            known = start == end and first is not None
            evidence = INSIDE % (what, place, NODE_SPAN % (start, first, last) if known else NODE_LINES % (start, end))
        typed = ANY_TYPE.search(node.output)
        tail = [TYPED % (typed.group(1),)] if typed else []
        if payload.get("raised"):
            tail.append(RAISED % (payload["raised"],))
        return confirmed(language.join("", (evidence, *tail)))


def _executed(nodes, payload: Dict[str, Any]):
    """The PyExecute node (and its span) among the nodes closest around the flagged call, if one is there.

    Only the closest count: a PyExecute node further out (``graph_op(x) / value``, where value came from the
    interpreter) takes what the call computed as an input.
    """
    covering = [(node, span) for node, span in _innermost(nodes, payload["path"]) if _covers(span, payload["span"])]
    closest = min((_extent(span) for _, span in covering), default=None)
    executed = [(node, span) for node, span in covering if _extent(span) == closest and node.op == PYEXECUTE]
    return executed[0] if executed else None


def _innermost(nodes, path: str):
    """Each node with the innermost of its source spans, where that span is in ``path``."""
    from ms_lint.probe.runtime import same_file  # pylint: disable=import-outside-toplevel

    for node in nodes:
        if node.spans and same_file(node.spans[-1][0], path):
            yield node, node.spans[-1]


def _covers(span, flagged) -> bool:
    """Whether an IR span (path, lines, columns) holds the flagged call's (line, col, end line, end col)."""
    _, start, end, first, last = span
    line, col, end_line, end_col = flagged
    if first is None or last is None or col is None or end_col is None:
        return start == end == line == end_line  # columns unknown: a node of the flagged line alone
    return (start, first) <= (line, col) and (end_line, end_col) <= (end, last)


def _extent(span) -> tuple:
    _, start, end, first, last = span
    return (end - start, (last or 0) - (first or 0))
