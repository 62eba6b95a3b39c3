"""op-unsupported-on-device: an operator the targeted MindSpore was seen to fail on CPU, in a CPU program."""

from __future__ import annotations

import functools
from typing import Dict, Optional, Tuple

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, Confidence

from ms_lint.checkers.base import Candidate, ProjectChecker
from ms_lint.data import cpu_unsupported_ops as table
from ms_lint.language import Text, pick, rendered
from ms_lint.semantics.names import catalog, index, names
from ms_lint.semantics.program import facts, pipeline

SYMBOL = "op-unsupported-on-device"
DEVICE = "CPU"
ELSEWHERE = Text("run it on Ascend or GPU", "请在 Ascend 或 GPU 上运行")
OR_USE = Text(
    "run it on Ascend or GPU, or use %s, which runs on CPU",
    "请在 Ascend 或 GPU 上运行，或改用可在 CPU 上运行的 %s",
)


@functools.lru_cache(maxsize=1)
def _by_path() -> Dict[str, table.CpuUnsupportedOp]:
    """The table's entries by the catalog's canonical path (so every alias of an API matches)."""
    found = {}
    for entry in table.CPU_UNSUPPORTED_OPS:
        entity = catalog.lookup(entry.api)
        if entity is not None:
            found[entity.path] = entry
    return found


def _runs(node: nodes.Call, kind: str) -> bool:
    """Whether the code runs the operator ``node`` calls or builds.

    A functional call runs it. Building a Primitive or layer runs nothing (a module-level table of
    operators, or one built for another device, never fails): it counts when the object is called
    at once (``ops.Einsum(...)(x)``), or when it is bound to ``self.<name>`` or a local name that the
    class's methods or the function then call.
    """
    if kind == "function":
        return True
    if names.is_callee(node):
        return True
    parent = node.parent
    if not (isinstance(parent, nodes.Assign) and len(parent.targets) == 1):
        return False
    target, function = parent.targets[0], node.frame()
    if not isinstance(function, nodes.FunctionDef):
        return False
    if isinstance(target, nodes.AssignName):
        return any(
            isinstance(call.func, nodes.Name) and call.func.name == target.name
            for call in index.nodes_of(function, nodes.Call)
        )
    klass = function.parent
    if not (isinstance(target, nodes.AssignAttr) and names.is_self(target.expr) and isinstance(klass, nodes.ClassDef)):
        return False
    return any(
        isinstance(call.func, nodes.Attribute) and call.func.attrname == target.attrname and names.is_self(call.func.expr)
        for call in index.nodes_of(klass, nodes.Call)
    )


def _short(name: str) -> str:
    return name.replace("mindspore.", "", 1)


OPERATORS_HEADING = Text("### Operators", "### 算子表")
OPERATORS_SOURCE = Text(
    "From `ms_lint/data/cpu_unsupported_ops.py`, observed with `python -m ms_lint.tools.cpu_ops` on MindSpore 2.7.0 "
    "to 2.10.0: each failed on CPU, in PyNative mode and in GRAPH_MODE, in the versions listed (the error is 2.10's).",
    "来自 `ms_lint/data/cpu_unsupported_ops.py`，用 `python -m ms_lint.tools.cpu_ops` 在 MindSpore 2.7.0 至 2.10.0 上"
    "实测：每个算子在所列版本中、CPU 上的动态图模式和静态图模式下都运行失败（报错为 2.10 的报错）。",
)
OPERATORS_COLUMNS = Text(
    "| API | fails in MindSpore | MindSpore says | runs on CPU instead |",
    "| API | 运行失败的 MindSpore 版本 | MindSpore 的报错 | 可在 CPU 上运行的替代 |",
)


def apis_table() -> Text:
    """The table of operators as a Markdown section of the rule's page (headings in both languages)."""

    def render(which: str) -> str:
        rows = [pick(OPERATORS_HEADING, which), "", pick(OPERATORS_SOURCE, which), "", pick(OPERATORS_COLUMNS, which)]
        rows.append("| --- | --- | --- | --- |")
        for entry in table.CPU_UNSUPPORTED_OPS:
            alternative = f"`{entry.alternative}`" if entry.alternative else ""
            versions = ", ".join(table.named(version) for version in entry.versions)
            rows.append(f"| `{_short(entry.api)}` | {versions} | {entry.error} | {alternative} |")
        return "\n".join(rows) + "\n"

    return rendered(render)


class OpUnsupportedOnDeviceChecker(ProjectChecker):
    symbol = SYMBOL
    msgs = {
        "E7385": (
            Text(
                "`%s` does not run on CPU in MindSpore %s (MindSpore says: %s): %s.",
                "`%s` 在 MindSpore %s 中无法在 CPU 上运行（MindSpore 报错：%s）：%s。",
            ),
            SYMBOL,
            Text(
                "The program targets CPU, and the targeted MindSpore version has no CPU kernel for this "
                "operator: it was seen to fail on CPU in both PyNative and graph mode in that version. The "
                "network fails when it reaches the operator. MindSpore's 'Supported Platforms' are not "
                "trusted here; only operators observed to fail are reported.",
                "程序的后端（device_target）是 CPU，而目标 MindSpore 版本没有该算子的 CPU 实现：实测它在该版本"
                "CPU 上的动态图模式和静态图模式下都运行失败。网络运行到该算子时报错。本规则不依据文档中的"
                "“支持平台”，只报告实测失败的算子。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    doc_appendix = staticmethod(apis_table)

    def callees(self) -> frozenset:
        return catalog.basenames_of(frozenset(_by_path()))

    def check_call(self, node: nodes.Call) -> None:
        entity = names.called_entity(node)
        entry = _by_path().get(entity.path) if entity is not None else None
        if entry is None or not _runs(node, entity.kind) or pipeline.in_pipeline_code(node):
            return
        called = names.mindspore_name(node.func) or entry.api
        fix = OR_USE % (entry.alternative,) if entry.alternative else ELSEWHERE
        self.defer(node, args=(_short(called), entry.error, fix), detail=(entry.api,))

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        target = self.target(program)
        if target.device_target != DEVICE or not table.failing(table.BY_API[candidate.detail[0]], target.version):
            return None
        return HIGH

    def message_args(self, candidate: Candidate, program: facts.ProgramFacts) -> Tuple:
        called, error, fix = candidate.args
        return called, table.named(self.target(program).version), error, fix
