"""api-default-changed: code relies on a default that changed between its MindSpore version and the target."""

from __future__ import annotations

from astroid import nodes
from pylint.interfaces import HIGH

from ms_lint import language, options
from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import api_changes as table
from ms_lint.language import Text
from ms_lint.semantics import api_changes, code_version

SYMBOL = "api-default-changed"
AND_OF = Text(", and of ", "，以及 ")


class ApiDefaultChangedChecker(MindSporeChecker):
    msgs = {
        "W7382": (
            Text(
                "%s relies on the default%s of %s (code written for %s, target %s): pass `%s` to keep the old "
                "behaviour, or `%s` to accept the new one%s.",
                "%s 依赖%s %s 的默认值（代码编写时的版本为 %s，目标版本为 %s）：传入 `%s` 保持旧行为，或传入 `%s` "
                "接受新行为%s。",
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
        changed = api_changes.changed_defaults(uses, written_for, version)
        if not changed:
            return
        # One finding per call, naming every changed default it relies on: one edit passes them all.
        described = [api_changes.default_label(use) for use in changed]
        plural = language.plural(len(changed))
        args = (
            f"`{changed[0].written}(...)`", plural, language.join(AND_OF, described), _text(written_for),
            _text(version), _passing(changed, 0), _passing(changed, 1), plural,
        )
        self.add_message(SYMBOL, node=changed[0].node, args=args, confidence=HIGH)


def _passing(changed, which: int) -> str:
    """The keywords that pass the old (0) or the new (1) defaults: ``weight_init='normal', bias_init='zeros'``."""
    return ", ".join(f"{use.change.parameter}={use.change.default[which]}" for use in changed)


def _text(version) -> str:
    return ".".join(map(str, version))
