"""api-deprecated: a MindSpore name or keyword parameter the target version marks deprecated."""

from __future__ import annotations

from pylint.interfaces import HIGH

from ms_lint.checkers.base import ApiChangeChecker
from ms_lint.data import api_changes as table
from ms_lint.language import Text
from ms_lint.semantics.program import api_changes

SYMBOL = "api-deprecated"


class ApiDeprecatedChecker(ApiChangeChecker):
    msgs = {
        "W7381": (
            Text(
                "%s is deprecated since MindSpore %s and will be removed: %s.",
                "%s 自 MindSpore %s 起已废弃，将被删除：%s。",
            ),
            SYMBOL,
            Text(
                "MindSpore marks APIs deprecated for a few releases before removing them, and logs a warning "
                "when they are used. Code that keeps them breaks on the release that removes them.",
                "MindSpore 在删除接口前会先将其标记为废弃若干个版本，并在使用时打印警告。继续使用它们的代码会在"
                "删除它们的版本上出错。",
            ),
        )
    }

    symbol = SYMBOL
    context_options = False  # the options of set_context have a rule of their own

    @classmethod
    def doc_appendix(cls) -> str:
        return table.table(lambda change: change.deprecated and table.context_option(change) == cls.context_options)

    def report_uses(self, uses) -> None:
        version = self.target().version
        for use in uses:
            change = use.change
            if api_changes.deprecated(change, version) and table.context_option(change) == self.context_options:
                args = (api_changes.label(use), change.deprecated, change.fix)
                self.add_message(self.symbol, node=use.node, args=args, confidence=HIGH)
