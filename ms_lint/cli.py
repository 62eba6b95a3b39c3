"""``ms-lint``: pylint with only ms_lint's checks, the command the pre-commit hook runs.

``ms-lint PATH...`` is ``pylint --load-plugins=ms_lint --disable=all --enable=mindspore``
with the score and the persistent statistics off. Every pylint argument and every
plugin option (``--mindspore-mode=graph``...) is accepted after it. The project's
pylint configuration is read as usual: its ``[mindspore]`` options apply, and an ms_lint
rule it disables stays disabled (pylint's own checks stay off whatever it enables).

``ms-lint --fix PATH...`` applies the safe automatic fixes and reports what is left;
``ms-lint --diff PATH...`` prints them as a unified diff and changes nothing
(see :mod:`ms_lint.fixes`). ``ms-lint --baseline FILE PATH...`` reports only the findings
that FILE does not accept (see :mod:`ms_lint.baseline`). ``ms-lint explain TEXT`` finds
the rules that prevent a MindSpore error (see :mod:`ms_lint.explain`).
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from typing import List, Optional, Sequence, Tuple

from pylint.lint import PyLinter, Run

from ms_lint import baseline

CHECKER = "mindspore"
FRONT_ARGS = (
    "--load-plugins=ms_lint",
    "--disable=all",
    f"--enable={CHECKER}",
    "--score=n",
    # Statistics of an ms-lint run must not become the "previous run" of the user's pylint.
    "--persistent=n",
    # A fail-under from the project's configuration must not let findings pass.
    "--fail-under=10",
)
# pylint options that answer without linting any file.
INFO_OPTIONS = frozenset(
    {
        "--version",
        "--long-help",
        "--help-msg",
        "--list-msgs",
        "--list-msgs-enabled",
        "--list-groups",
        "--list-conf-levels",
        "--list-extensions",
        "--full-documentation",
        "--generate-rcfile",
        "--generate-toml-config",
    }
)
USAGE = """\
usage: ms-lint [--fix | --diff] [--baseline FILE [--baseline-update]] [pylint options] PATH...
       ms-lint explain TEXT | -       which rules prevent this MindSpore error (- reads a log)

Lint MindSpore code with ms_lint's checks only (pylint's own checks stay off).

  PATH                   files, packages or directories to lint
  --fix                  apply the safe automatic fixes, then report what is left
  --diff                 print the safe automatic fixes as a unified diff; change nothing
  --baseline FILE        report only findings FILE does not list; when FILE does not
                         exist, write today's findings to it and exit 0
  --baseline-update      rewrite FILE with today's findings (fixed ones are dropped)
  --mindspore-mode=...   and the other ms_lint options (see `pylint --load-plugins=ms_lint --help`)

Any pylint option is accepted: --output-format=json2, --output-format=ms-sarif:out.sarif,
--rcfile=..., -j 0, --confidence=HIGH, --disable=<symbol>...
Exit status: pylint's (0 when nothing is found).
"""


class MindSporeOnlyLinter(PyLinter):
    """A linter that keeps the rules the project's configuration disables disabled.

    ``--enable=mindspore`` on the command line would otherwise switch back on an ms_lint
    rule that ``[tool.pylint.messages_control] disable`` turned off.
    """

    config_disabled: frozenset = frozenset()
    user_args: tuple = ()  # the arguments given to ms-lint, set by run()
    # (accepted findings, or None to record them all; the baseline's directory), set by run()
    baseline: Optional[Tuple[Optional[Counter], str]] = None

    def _parse_configuration_file(self, arguments: List[str]) -> None:
        super()._parse_configuration_file(arguments)
        self.config_disabled = frozenset(
            definition.msgid
            for definition in self.msgs_store.messages
            if definition.checker_name == CHECKER and not self.is_message_enabled(definition.msgid)
        )

    def load_plugin_configuration(self) -> None:
        super().load_plugin_configuration()
        for msgid in self.config_disabled - _enabled_on_command_line(self):
            self.disable(msgid)

    def check(self, files_or_modules) -> None:
        if self.baseline is not None:
            accepted, directory = self.baseline
            self.set_reporter(baseline.BaselineReporter(self.reporter, accepted, directory))
        super().check(files_or_modules)


def _enabled_on_command_line(linter: "MindSporeOnlyLinter") -> frozenset:
    """Messages the user's own ``--enable`` arguments name (these win over the configuration)."""
    named = set()
    args = list(linter.user_args)
    for index, arg in enumerate(args):
        if arg.startswith(("--enable=", "-e=")):
            value = arg.split("=", 1)[1]
        elif arg in ("--enable", "-e") and index + 1 < len(args):
            value = args[index + 1]
        else:
            continue
        named.update(part.strip() for part in value.split(","))
    found = set()
    for name in named:
        try:
            found.update(definition.msgid for definition in linter.msgs_store.get_message_definitions(name))
        except Exception:  # pylint: disable=broad-except
            continue
    return frozenset(found)


class MindSporeRun(Run):
    LinterClass = MindSporeOnlyLinter


def lint_args(user_args: Sequence[str]) -> List[str]:
    """The full pylint command line for ``ms-lint <user_args>``."""
    return [*FRONT_ARGS, *user_args]


def run(user_args: Sequence[str], reporter=None, exit: bool = True, accepting=None):  # pylint: disable=redefined-builtin
    """Run pylint as ``ms-lint`` does; returns the pylint ``Run`` when ``exit`` is False.

    ``accepting`` is ``(accepted findings or None to record them all, baseline directory)``.
    """
    MindSporeOnlyLinter.user_args = tuple(user_args)
    MindSporeOnlyLinter.baseline = accepting
    try:
        return MindSporeRun(lint_args(user_args), reporter=reporter, exit=exit)
    finally:
        MindSporeOnlyLinter.baseline = None


def report(args: Sequence[str], baseline_file: Optional[str] = None, update: bool = False) -> int:
    """Lint and report as ``ms-lint`` does, through the baseline when one is given; the exit status."""
    if baseline_file is None:
        return _status(run, args)
    try:
        return _report_with_baseline(args, baseline_file, update)
    except baseline.BaselineError as error:
        print(f"ms-lint: {error}", file=sys.stderr)
        return 32


def _status(function, *args, **kwargs) -> int:
    try:
        function(*args, **kwargs)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return 0


def _report_with_baseline(args: Sequence[str], path: str, update: bool) -> int:
    exists = os.path.exists(path)
    previous = baseline.load(path) if exists else Counter()
    record = update or not exists
    directory = os.path.dirname(os.path.abspath(path))
    outcome = []
    status = _status(lambda: outcome.append(run(args, exit=False, accepting=(None if record else previous, directory))))
    if not outcome or not isinstance(outcome[0].linter.reporter, baseline.BaselineReporter):
        return status  # pylint stopped before linting (a usage error, no files)
    linter = outcome[0].linter
    reporter = linter.reporter
    if record:
        findings = reporter.updated(previous)
        try:
            baseline.write(path, findings)
        except OSError as error:
            raise baseline.BaselineError(f"cannot write the baseline {path}: {error.strerror or error}") from None
        print(_recorded(path, exists, previous, findings, reporter), file=sys.stderr)
    else:
        hidden = sum((reporter.seen & previous).values())
        gone = sum(count for key, count in (previous - reporter.seen).items() if key[0] in reporter.linted)
        if hidden or gone:
            print(_filtered(path, hidden, gone), file=sys.stderr)
    return 0 if linter.config.exit_zero else reporter.status


def _recorded(path: str, existed: bool, previous: Counter, findings: Counter, reporter) -> str:
    total = sum(findings.values())
    if not existed:
        files = len({key[0] for key in findings})
        return (
            f"ms-lint: baseline written to {path}: {total} finding{_s(total)} in {files} file{_s(files)}; "
            "later runs report only findings not in it."
        )
    added = sum((reporter.seen - previous).values())
    dropped = sum(count for key, count in (previous - reporter.seen).items() if key[0] in reporter.linted)
    return f"ms-lint: baseline {path} updated: {total} finding{_s(total)} ({added} added, {dropped} fixed and dropped)."


def _filtered(path: str, hidden: int, gone: int) -> str:
    text = f"ms-lint: {hidden} finding{_s(hidden)} accepted by the baseline {path} not shown"
    if gone:
        text += f"; {gone} of its entries no longer found (--baseline-update drops them)"
    return text + "."


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def _baseline_arguments(args: List[str]) -> Tuple[Optional[str], bool, List[str]]:
    """(baseline file, --baseline-update given, the other arguments); ValueError says what is wrong."""
    path, update, rest = None, False, []
    items = iter(args)
    for arg in items:
        if arg == "--baseline-update":
            update = True
        elif arg == "--baseline":
            path = next(items, None)
            if path is None or path.startswith("-"):
                raise ValueError("--baseline needs a file name: --baseline FILE or --baseline=FILE")
        elif arg.startswith("--baseline="):
            path = arg.split("=", 1)[1]
            if not path:
                raise ValueError("--baseline needs a file name: --baseline FILE or --baseline=FILE")
        else:
            rest.append(arg)
    if update and path is None:
        raise ValueError("--baseline-update needs --baseline FILE: the baseline to rewrite")
    return path, update, rest


def _has_files(args: Sequence[str]) -> bool:
    return any(not arg.startswith("-") for arg in args) or any(
        arg.split("=", 1)[0] in INFO_OPTIONS for arg in args
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["explain"]:
        from ms_lint import explain  # pylint: disable=import-outside-toplevel

        return explain.main(args[1:], lint=lambda lint_args, reporter: run(lint_args, reporter=reporter, exit=False))
    if "-h" in args or "--help" in args:
        print(USAGE)
        return 0
    fix, diff = "--fix" in args, "--diff" in args
    args = [arg for arg in args if arg not in ("--fix", "--diff")]
    if fix and diff:
        print("ms-lint: --fix and --diff cannot be used together", file=sys.stderr)
        return 32
    try:
        baseline_file, update, args = _baseline_arguments(args)
    except ValueError as error:
        print(f"ms-lint: {error}", file=sys.stderr)
        return 32
    if not _has_files(args):
        # pre-commit with always_run, or an empty selection: nothing to lint is not a failure.
        print("ms-lint: no files to lint.", file=sys.stderr)
        return 0
    if fix or diff:
        from ms_lint.fixes import engine  # pylint: disable=import-outside-toplevel

        return engine.main(args, write=fix, report=lambda: report(args, baseline_file, update))
    return report(args, baseline_file, update)


if __name__ == "__main__":
    sys.exit(main())
