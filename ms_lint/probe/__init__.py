"""ms_lint.probe: the runtime probe, an opt-in pylint sub-plugin.

``pylint --load-plugins=ms_lint,ms_lint.probe src/`` lints as usual, then runs
each ms_lint finding under real MindSpore and marks it confirmed (with what
MindSpore did), not reproduced (with what was tried) or unconfirmable (with the
reason). **It imports and runs the linted code** (module top level, Cell
constructors, ``construct``), in child processes with a timeout; never the
``if __name__ == "__main__":`` blocks. See ``docs/probe.md``.

Only the child processes import MindSpore; this package's pylint side does not.
(Nothing is imported here at module level: the child processes import this package too.)
"""


def register(linter) -> None:
    """Register the probe's checker and make it the finding hook of ms_lint's checkers."""
    # pylint: disable=import-outside-toplevel
    from ms_lint.checkers.base import register_once, set_finding_hook
    from ms_lint.probe.checker import ProbeChecker

    (probe,) = register_once(linter, ProbeChecker)
    set_finding_hook(linter, probe)
