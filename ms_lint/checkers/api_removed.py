"""api-removed: a MindSpore name or keyword parameter the target version no longer has."""

from __future__ import annotations

from pylint.interfaces import HIGH

from ms_lint.checkers.base import ApiChangeChecker
from ms_lint.data import api_changes as table
from ms_lint.language import Text
from ms_lint.semantics.names import catalog
from ms_lint.semantics.program import api_changes

SYMBOL = "api-removed"
DEPRECATED_IN = Text("deprecated in %s, ", "%s 版本废弃，")


class ApiRemovedChecker(ApiChangeChecker):
    msgs = {
        "E7380": (
            Text(
                "%s does not exist in MindSpore %s (%sgone by %s): %s.",
                "%s 在 MindSpore %s 中已不存在（%s%s 版本起已删除）：%s。",
            ),
            SYMBOL,
            Text(
                "MindSpore 2.x removed names and keyword parameters that 1.x code uses (ms_function, "
                "dataset.vision.c_transforms, Dataset.map(column_order=)...). Importing or calling them fails "
                "with ImportError, AttributeError or TypeError on the target version.",
                "MindSpore 2.x 删除了 1.x 代码常用的名称和关键字参数（ms_function、dataset.vision.c_transforms、"
                "Dataset.map(column_order=)……）。在目标版本上导入或调用它们会抛出 ImportError、AttributeError 或 "
                "TypeError。",
            ),
        )
    }

    doc_appendix = staticmethod(lambda: table.table(lambda change: change.removed and change.kind != table.DEFAULT_CHANGED))

    def reported_names(self):
        return self._gone(lambda change: True)

    def reported_modules(self):
        return self._gone(lambda change: change.kind == table.MODULE_MOVED)

    def _gone(self, include) -> list:
        """The names the target version lacks (and so do the catalog's stubs), of the changes ``include`` selects."""
        version = self.target().version
        changes = (change for change in table.CHANGES if api_changes.removed(change, version) and include(change))
        names = (name for change in changes for name in (change.old, *change.also))
        return [name for name in names if "(" not in name and catalog.lookup(name) is None]

    def report_uses(self, uses) -> None:
        version = self.target().version
        for use in uses:
            change = use.change
            if api_changes.removed(change, version):
                since = DEPRECATED_IN % (change.deprecated,) if change.deprecated not in (None, change.removed) else ""
                args = (api_changes.label(use), ".".join(map(str, version)), since, change.removed, change.fix)
                self.add_message(SYMBOL, node=use.node, args=args, confidence=HIGH)
