"""api-default-changed: code relies on a default that changed between its MindSpore version and the target."""

from __future__ import annotations

from astroid import nodes
from pylint.interfaces import HIGH

from ms_lint import options
from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import api_changes as table
from ms_lint.language import Text
from ms_lint.semantics import api_changes, code_version

SYMBOL = "api-default-changed"


class ApiDefaultChangedChecker(MindSporeChecker):
    msgs = {
        "W7382": (
            Text(
                "%s relies on the default of `%s`, which changed from %s to %s in MindSpore %s (code written "
                "for %s, target %s): %s.",
                "%s 依赖 `%s` 的默认值，该默认值从 %s 变为 %s（MindSpore %s；代码编写时的版本为 %s，目标版本为 "
                "%s）：%s。",
            ),
            SYMBOL,
            Text(
                "Some MindSpore defaults changed between versions (Model.train's dataset_sink_mode, the weight "
                "initialisation of nn.Dense and nn.Conv2d). Code written for the old default runs on the new "
                "version without an error but behaves differently.",
                "部分 MindSpore 默认值在版本之间发生了变化（Model.train 的 dataset_sink_mode，nn.Dense 与 "
                "nn.Conv2d 的权重初始化）。按旧默认值编写的代码在新版本上不会报错，但行为不同。",
            ),
        )
    }

    doc_appendix = staticmethod(lambda: table.table(lambda change: change.kind == table.DEFAULT_CHANGED))

    def callees(self) -> frozenset:
        return api_changes.callee_basenames()

    def check_call(self, node: nodes.Call) -> None:
        uses = [use for use in api_changes.call_uses(node) if use.change.kind == table.DEFAULT_CHANGED]
        if not uses:
            return
        written_for = code_version.written_for(
            options.parse_version(self.linter.config.mindspore_code_version), node.root().file
        )
        version = self.target().version
        if written_for is None:
            return
        for use in api_changes.changed_defaults(uses, written_for, version):
            change = use.change
            old, new = change.default
            args = (
                f"`{use.written}(...)`", change.parameter, old, new, change.changed_in,
                _text(written_for), _text(version), change.fix,
            )
            self.add_message(SYMBOL, node=use.node, args=args, confidence=HIGH)


def _text(version) -> str:
    return ".".join(map(str, version))
