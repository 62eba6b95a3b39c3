"""api-default-changed: code relies on a default that changed between its MindSpore version and the target."""

from __future__ import annotations

from astroid import nodes
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import api_changes as table
from ms_lint.semantics import api_changes, code_version

SYMBOL = "api-default-changed"


class ApiDefaultChangedChecker(MindSporeChecker):
    msgs = {
        "W7382": (
            "%s relies on the default of `%s`, which changed from %s to %s in MindSpore %s (code written "
            "for %s, target %s): %s.",
            SYMBOL,
            "Some MindSpore defaults changed between versions (Model.train's dataset_sink_mode, the weight "
            "initialisation of nn.Dense and nn.Conv2d). Code written for the old default runs on the new "
            "version without an error but behaves differently.",
        )
    }

    doc_appendix = staticmethod(lambda: table.table(lambda change: change.kind == table.DEFAULT_CHANGED))

    def callees(self) -> frozenset:
        return api_changes.callee_basenames()

    def check_call(self, node: nodes.Call) -> None:
        uses = [use for use in api_changes.call_uses(node) if use.change.kind == table.DEFAULT_CHANGED]
        if not uses:
            return
        written_for = code_version.written_for(self.linter.config.mindspore_code_version, node.root().file)
        version = self.target().version
        if written_for is None:
            return
        for use in uses:
            change = use.change
            if api_changes.default_changed(change, written_for, version):
                old, new = change.default
                args = (
                    f"`{use.written}(...)`", change.parameter, old, new, change.changed_in,
                    _text(written_for), _text(version), change.fix,
                )
                self.add_message(SYMBOL, node=use.node, args=args, confidence=HIGH)


def _text(version) -> str:
    return ".".join(map(str, version))
