"""One way to run ms_lint over files: what ``ms-lint`` runs, and what the fix engine, the servers and
the tools run to get findings.

:func:`run` runs pylint with ms_lint's checks alone (:data:`FRONT_ARGS`), keeping the rules the
project's configuration disables disabled (:class:`MindSporeOnlyLinter`), with notebooks and an
editor's unsaved texts; :func:`collect` runs it and keeps the findings, the files linted and the
configuration (:class:`Collector`).
"""

from __future__ import annotations

import os
import sys
import sysconfig
from collections import Counter
from pathlib import Path
from typing import List, Mapping, Optional, Sequence, Tuple

import astroid
from astroid.context import _invalidate_cache
from astroid.inference_tip import clear_inference_tip_cache
from pylint.lint import PyLinter, Run
from pylint.message import MessageDefinitionStore
from pylint.reporters import CollectingReporter, MultiReporter

from ms_lint import baseline, files, language, notebook, summary
from ms_lint.language import Text

CHECKER = "mindspore"
ENABLE_ALL = f"--enable={CHECKER}"
FRONT_ARGS = (
    "--load-plugins=ms_lint",
    "--disable=all",
    ENABLE_ALL,
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
BROKEN_CONFIGURATION = Text(
    "cannot read %s, which is not valid TOML (%s): its pylint and [tool.pylint.mindspore] settings would be "
    "ignored. Fix it, or name another configuration with --rcfile=FILE.",
    "无法读取 %s，它不是合法的 TOML（%s）：其中的 pylint 与 [tool.pylint.mindspore] 设置将被忽略。请修正它，"
    "或用 --rcfile=FILE 指定另一个配置文件。",
)


def say(text, speaking: str) -> None:
    """One line of ms-lint's own on stderr, in the language ``speaking``."""
    print(f"ms-lint: {language.pick(text, speaking)}", file=sys.stderr)


class MindSporeOnlyLinter(PyLinter):
    """A linter that keeps the rules the project's configuration disables disabled.

    ``--enable=mindspore`` on the command line would otherwise switch back on an ms_lint
    rule that ``[tool.pylint.messages_control] disable`` turned off.
    """

    config_disabled: frozenset = frozenset()
    user_args: tuple = ()  # the arguments given to ms-lint, set by run()
    # (accepted findings, or None to record them all; the baseline's directory), set by run()
    baseline: Optional[Tuple[Optional[Counter], str]] = None
    closing = False  # end with the closing line (summary.closing_line), set by run()
    fix_hint = True  # the closing line counts the findings of rules with a fix, and says how to fix them
    tally: Optional[summary.Tally] = None  # what the run reported, when it ends with the closing line
    targets: tuple = ()  # the files and folders the run lints
    statistics = False  # --statistics: counts per rule instead of the findings on stdout, set by run()
    sources: Mapping[str, str] = {}  # text to lint instead of the file's, by resolved path (an editor's buffers)

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
        self.tally = None
        self.targets = tuple(files_or_modules)
        files_or_modules = with_notebooks(files_or_modules)
        if any(notebook.is_notebook(target) for target in files_or_modules):
            self._place_notebook_cells()
        if self.closing or self.statistics:
            self._count_findings()
        if self.baseline is not None:
            accepted, directory = self.baseline
            # It passes on to the tally only the findings it does not accept.
            self.set_reporter(baseline.BaselineReporter(self.reporter, accepted, directory))
        super().check(files_or_modules)

    def get_ast(self, filepath: str, modname: str, data: Optional[str] = None):
        if data is None and self.sources:
            data = self.sources.get(os.path.realpath(filepath))
        if data is None and notebook.is_notebook(filepath):
            try:
                data = notebook.read(filepath).python
            except notebook.NotebookError as error:
                self.add_message("parse-error", args=language.pick(error.args[0], language.of(self)))
                return None
        return super().get_ast(filepath, modname, data)

    def _place_notebook_cells(self) -> None:
        """Output reporters show a notebook's findings at their cells; those that place them themselves
        (SARIF) and ms_lint's own (the tally, the fix engine's) see the lines of the notebook's module."""
        def placed(reporter):
            return reporter if getattr(reporter, "notebook_module_lines", False) else notebook.CellPlaces(reporter)

        sub_reporters = getattr(self.reporter, "_sub_reporters", None)
        if sub_reporters is not None:
            self.reporter._sub_reporters = [placed(reporter) for reporter in sub_reporters]
        else:
            self.set_reporter(placed(self.reporter))

    def _count_findings(self) -> None:
        reporters = list(getattr(self.reporter, "_sub_reporters", None) or [self.reporter])
        if self.statistics:
            reporters = [reporter for reporter in reporters if getattr(reporter, "out", None) is not sys.stdout]
        self.tally = summary.Tally(summary.progress_on_terminal() if self.closing else None)
        # The new reporter closes the output files when it is collected, as the one it replaces would have.
        close_output_files = getattr(self.reporter, "close_output_files", None) or (lambda: None)
        if isinstance(self.reporter, MultiReporter):
            self.reporter.close_output_files = lambda: None
        self.set_reporter(MultiReporter([*reporters, self.tally], close_output_files))

    def generate_reports(self, verbose: bool = False):
        score = super().generate_reports(verbose)
        if self.tally is not None:
            from ms_lint.fixes import FIXERS  # pylint: disable=import-outside-toplevel

            if self.tally.progress is not None:
                self.tally.progress.clear()
            speaking = language.of(self)
            if self.statistics:
                for line in summary.statistics(self.tally, FIXERS):
                    print(line)
            if self.closing:
                fixable = FIXERS if self.fix_hint else ()
                say(summary.closing_line(self.tally, self.targets, fixable, speaking), speaking)
        return score


def _enabled_on_command_line(linter: "MindSporeOnlyLinter") -> frozenset:
    """Messages the user's own ``--enable`` arguments name (these win over the configuration)."""
    named = option_values(linter.user_args, "--enable", "-e")
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
    """The full pylint command line for ``ms-lint <user_args>``.

    A user's own ``--disable=all`` starts the selection afresh (``--disable=all --enable=api-removed``
    runs that rule alone): pylint keeps a checker enabled by name enabled through a later
    ``--disable=all``, so ms-lint's ``--enable=mindspore`` is left out then.
    """
    front = [arg for arg in FRONT_ARGS if arg != ENABLE_ALL or not _disables_all(user_args)]
    return [*front, *user_args]


def _disables_all(args: Sequence[str]) -> bool:
    return "all" in option_values(args, "--disable", "-d")


def option_values(args: Sequence[str], long: str, short: str) -> set:
    """The comma-separated values of every ``--long=V``, ``-s=V``, ``--long V`` or ``-s V`` in ``args``."""
    values = set()
    for index, arg in enumerate(args):
        if arg.startswith((long + "=", short + "=")):
            value = arg.split("=", 1)[1]
        elif arg in (long, short) and index + 1 < len(args):
            value = args[index + 1]
        else:
            continue
        values.update(part.strip() for part in value.split(","))
    return values


LIBRARY_ROOTS = tuple(
    sorted({os.path.realpath(path) + os.sep for name, path in sysconfig.get_paths().items() if "lib" in name})
)


def _is_library(path: str) -> bool:
    return os.path.realpath(path).startswith(LIBRARY_ROOTS) or "site-packages" in path or "dist-packages" in path


def forget_user_modules() -> None:
    """Drop from astroid's caches the modules of the user's code, and the inference caches that may
    hold their nodes: astroid keeps every module it builds, by name, for the life of the process,
    and a module built from a file changed since (or from an editor's text) would be served to the
    next run. Libraries, builtins and MindSpore's stand-ins are kept: a lint of one file in a
    server is then several times faster than with the whole cache cleared."""
    manager = astroid.MANAGER
    for name, module in list(manager.astroid_cache.items()):
        path = getattr(module, "file", None)
        if path and not _is_library(path):
            del manager.astroid_cache[name]
    manager._mod_file_cache.clear()  # pylint: disable=protected-access  # a file created since is found
    clear_inference_tip_cache()
    _invalidate_cache()
    _clear_guard_cache()
    # astroid's lookup cache: each of its 128 entries holds a node, and with it the tree of an earlier run.
    getattr(astroid.nodes.Name.lookup, "cache_clear", lambda: None)()
    # pylint caches this method of its message store without bound: every run's store (a few hundred
    # message definitions) would stay alive for the life of the process.
    getattr(MessageDefinitionStore.get_message_definitions, "cache_clear", lambda: None)()


def _clear_guard_cache() -> None:
    """astroid 4.4 keeps the guard statements before each statement it inferred, by node, for the
    life of the process: the trees of every earlier run would stay alive."""
    try:
        from astroid.constraint import clear_preceding_guards_cache  # pylint: disable=import-outside-toplevel
    except ImportError:  # astroid before 4.4 has no such cache
        return
    clear_preceding_guards_cache()


def run(  # pylint: disable=redefined-builtin,too-many-arguments
    user_args: Sequence[str], reporter=None, exit: bool = True, accepting=None, closing=False, statistics=False,
    fix_hint=True, sources: Optional[Mapping[str, str]] = None,
):
    """Run pylint as ``ms-lint`` does; returns the pylint ``Run`` when ``exit`` is False.

    ``accepting`` is ``(accepted findings or None to record them all, baseline directory)``;
    ``closing`` ends the run with its closing line on stderr (``fix_hint`` False: without the count
    of fixable findings, after ``--fix``), ``statistics`` prints the counts per rule instead of the findings.
    ``sources`` maps file paths to the text to lint in their place (each file is still linted as the
    module at its path, so its imports and project resolve as on disk).
    """
    forget_user_modules()  # each run reads the user's files as they are now
    MindSporeOnlyLinter.sources = {os.path.realpath(path): text for path, text in (sources or {}).items()}
    MindSporeOnlyLinter.user_args = tuple(user_args)
    MindSporeOnlyLinter.baseline = accepting
    MindSporeOnlyLinter.closing = closing
    MindSporeOnlyLinter.fix_hint = fix_hint
    MindSporeOnlyLinter.statistics = statistics
    try:
        return MindSporeRun(lint_args(user_args), reporter=reporter, exit=exit)
    finally:
        MindSporeOnlyLinter.baseline = None
        MindSporeOnlyLinter.closing = MindSporeOnlyLinter.statistics = False
        MindSporeOnlyLinter.sources = {}


def lint_into(args: Sequence[str], reporter):
    """Lint as ``ms-lint`` does, the findings going to ``reporter``; pylint's ``Run``."""
    return run(args, reporter=reporter, exit=False)


def broken_configuration(args: Sequence[str]) -> Optional[Text]:
    """Why the project's configuration cannot be read, when ``args`` name none (pylint would print the
    error twice on stdout and lint without it), else None."""
    if option_values(args, "--rcfile", "--rcfile"):
        return None
    broken = _unreadable_toml_configuration()
    return None if broken is None else BROKEN_CONFIGURATION % broken


def _unreadable_toml_configuration() -> Optional[Tuple[str, str]]:
    """``(file, error)`` for a TOML configuration pylint would read (as it looks for them: in the
    working directory, then the nearest ``pyproject.toml`` up to the repository's root) that is not
    valid TOML."""
    here = Path.cwd().resolve()
    candidates = [here / name for name in ("pylintrc.toml", ".pylintrc.toml", "pyproject.toml")]
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file():
            candidates.append(folder / "pyproject.toml")
            break
        if (folder / ".git").is_dir() or (folder / ".hg").is_dir():
            break
    for path in candidates:
        try:
            with path.open("rb") as stream:
                files.tomllib.load(stream)
        except OSError:
            continue
        except files.tomllib.TOMLDecodeError as error:
            return (os.path.relpath(path), str(error))
    return None


def with_notebooks(paths: Sequence[str]) -> List[str]:
    """``paths`` and the Jupyter notebooks under the folders among them (pylint collects only ``.py``
    files there); hidden folders such as ``.ipynb_checkpoints`` are left out, pylint's ignore options apply."""
    found = []
    for path in paths:
        if not os.path.isdir(path):
            continue
        for folder, subfolders, names in os.walk(path):
            subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
            found.extend(os.path.join(folder, name) for name in sorted(names) if notebook.is_notebook(name))
    return [*paths, *found]


class Collector(CollectingReporter):
    """Keeps the messages and the linted files, prints nothing."""

    name = "ms-lint-fix-collector"
    notebook_module_lines = True  # the fixes are found at the lines of a notebook's module

    def __init__(self):
        super().__init__()
        self.files: List[Tuple[str, str]] = []  # (module name, path)
        self.speaking = language.EN  # the language of the run, set once it is configured
        self.config = None  # the run's configuration (target version...), set once it is configured

    def on_set_current_module(self, module: str, filepath: Optional[str]) -> None:
        if filepath and (module, filepath) not in self.files:
            self.files.append((module, filepath))


def collect(args: Sequence[str], sources: Optional[Mapping[str, str]] = None):
    """(messages, [(module, path)], configuration) of an ms-lint run with these arguments.

    ``sources``: text by file path, linted in place of what the file holds on disk (see :func:`run`).
    """
    reporter = collected(args, sources)
    return reporter.messages, reporter.files, reporter.config


def collected(args: Sequence[str], sources: Optional[Mapping[str, str]] = None) -> Collector:
    """The reporter of an ms-lint run with these arguments, told the language the run speaks."""
    finished = run([*args, f"--output-format={__name__}.Collector", "--jobs=1"], exit=False, sources=sources)
    reporter = finished.linter.reporter
    reporter.speaking = language.of(finished.linter)
    reporter.config = finished.linter.config
    return reporter
