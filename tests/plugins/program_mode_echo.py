"""A test-only ProjectChecker: reports every construct with the mode its programs set."""

from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE

from ms_lint.checkers.base import ProjectChecker, register_once

SYMBOL = "test-construct-mode"


class ProgramModeEcho(ProjectChecker):
    symbol = SYMBOL
    msgs = {"W7399": ("construct %s", SYMBOL, "Test only.", {"scope": WarningScope.LINE})}

    def visit_functiondef(self, node):
        if node.name == "construct":
            self.defer(node, args=(node.parent.name,))

    def decide(self, candidate, program):
        mode = self.target(program).mode
        if mode == "pynative":
            return None
        return HIGH if mode == "graph" else INFERENCE


def register(linter):
    register_once(linter, ProgramModeEcho)
