"""A test-only finding hook: holds every ms_lint finding and gives it back at HIGH with a suffix."""

from pylint.interfaces import HIGH

from ms_lint.checkers.base import FindingHook, emit_finding, set_finding_hook


class EchoHook(FindingHook):
    def __init__(self):
        self.held = []

    def hold(self, finding):
        self.held.append(finding)
        return True

    def flush(self):
        held, self.held = self.held, []
        for finding in sorted(held, key=lambda f: (f.path, f.line, f.col)):
            suffix = f" [echo {finding.confidence.name} cell={finding.cell} 100%]"
            emit_finding(finding, HIGH, suffix)


def register(linter):
    set_finding_hook(linter, EchoHook())
