"""``ms-lint``: pylint with only ms_lint's checks, the command the pre-commit hook runs.

``ms-lint PATH...`` is ``pylint --load-plugins=ms_lint --disable=all --enable=mindspore``
with the score and the persistent statistics off. Every pylint argument and every
plugin option (``--mindspore-mode=graph``...) is accepted after it. The project's
pylint configuration is read as usual: its ``[mindspore]`` options apply, and an ms_lint
rule it disables stays disabled (pylint's own checks stay off whatever it enables).

``ms-lint --fix PATH...`` applies the safe automatic fixes and reports what is left;
``ms-lint --diff PATH...`` prints them as a unified diff and changes nothing
(see :mod:`ms_lint.fixes`).
"""

from __future__ import annotations

import sys
from typing import List, Optional, Sequence

from pylint.lint import PyLinter, Run

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
usage: ms-lint [--fix | --diff] [pylint options] PATH...

Lint MindSpore code with ms_lint's checks only (pylint's own checks stay off).

  PATH                   files, packages or directories to lint
  --fix                  apply the safe automatic fixes, then report what is left
  --diff                 print the safe automatic fixes as a unified diff; change nothing
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


def run(user_args: Sequence[str], reporter=None, exit: bool = True):  # pylint: disable=redefined-builtin
    """Run pylint as ``ms-lint`` does; returns the pylint ``Run`` when ``exit`` is False."""
    MindSporeOnlyLinter.user_args = tuple(user_args)
    return MindSporeRun(lint_args(user_args), reporter=reporter, exit=exit)


def _has_files(args: Sequence[str]) -> bool:
    return any(not arg.startswith("-") for arg in args) or any(
        arg.split("=", 1)[0] in INFO_OPTIONS for arg in args
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "-h" in args or "--help" in args:
        print(USAGE)
        return 0
    fix, diff = "--fix" in args, "--diff" in args
    args = [arg for arg in args if arg not in ("--fix", "--diff")]
    if fix and diff:
        print("ms-lint: --fix and --diff cannot be used together", file=sys.stderr)
        return 32
    if not _has_files(args):
        # pre-commit with always_run, or an empty selection: nothing to lint is not a failure.
        print("ms-lint: no files to lint.", file=sys.stderr)
        return 0
    if fix or diff:
        from ms_lint.fixes import engine  # pylint: disable=import-outside-toplevel

        return engine.main(args, write=fix)
    try:
        run(args)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
