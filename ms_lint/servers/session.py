"""One process, many lints: the command line's lint session run again and again on an editor's files.

Each lint is ``ms-lint ARGS PATHS`` run in the workspace folder (so pylint reads the project's
``pyproject.toml`` or ``pylintrc`` as it does there), through :func:`ms_lint.runner.collect`,
with the editor's unsaved texts linted in place of the files they belong to. The modules those
files import are read from disk.

astroid keeps every module it builds, by name, for the life of the process: a module built from a
buffer's text, or from a file changed since, would be served to the next lint. Before each lint
(:func:`ms_lint.runner.forget_user_modules`, at the start of every run), every module that is not
of the standard library or an installed package is dropped, with the
inference caches that may hold its nodes (and pylint's cache of its message stores); the rest (builtins, libraries, MindSpore's stand-ins)
is kept, which makes a lint of one file several times faster than clearing the whole cache.

A coding agent's calls may come at once: :func:`exclusive` runs them one at a time, with what
pylint prints kept off the server's own output.
"""

from __future__ import annotations

import contextlib
import io
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from ms_lint import language, runner
from ms_lint.fixes import engine

@dataclass
class Linted:
    """One file's findings at one version of its text."""

    path: str  # resolved
    version: Optional[int]
    text: str
    messages: list  # the file's findings (pylint Messages)
    linted: List[Tuple[str, str]]  # (module, path) of the files the run linted
    config: object  # the run's configuration
    _plans: Dict[bool, Optional[engine.FileFix]] = field(default_factory=dict, repr=False)

    @property
    def speaking(self) -> str:
        spoken = getattr(self.config, language.OPTION, language.EN)
        return spoken if spoken in language.LANGUAGES else language.EN

    @property
    def parses(self) -> bool:
        return not any(message.symbol in engine.UNREADABLE for message in self.messages)

    def plan(self, unsafe: bool) -> Optional[engine.FileFix]:
        """The fixes ``ms-lint --fix`` (``unsafe``: ``--fix --unsafe-fixes``, as ``--diff`` shows them)
        plans for this text; None when no finding has a fixer."""
        if unsafe not in self._plans:
            planned = engine.plan(self.messages, self.linted, unsafe, self.config, {self.path: self.text})
            self._plans[unsafe] = next((fix for fix in planned if str(fix.path) == self.path), None)
        return self._plans[unsafe]


def lint(root: str, paths: Sequence[str], args: Sequence[str], sources: Mapping[str, str]):
    """``(messages, [(module, path)], configuration)`` of ``ms-lint ARGS PATHS`` run in ``root``, the
    files in ``sources`` read from there (text by path). pylint may end the run with ``SystemExit``
    (an option it refuses): the caller reports it."""
    here = os.getcwd()
    os.chdir(root)
    try:
        return runner.collect([*args, *paths], sources)
    finally:
        os.chdir(here)


def lint_file(root: str, path: str, version: Optional[int], text: str, args: Sequence[str], sources: Mapping[str, str]):
    """Lint one file's ``text`` as the workspace folder ``root`` would (``sources``: the other unsaved texts)."""
    path = resolved(path)
    messages, linted, config = lint(root, [path], args, {**sources, path: text})
    mine = [message for message in messages if resolved(message.abspath) == path]
    return Linted(path, version, text, mine, linted, config)


def resolved(path: str) -> str:
    return str(Path(path).resolve())


PYLINT_ERROR = "pylint: error:"
_ALONE = threading.Lock()


class Stopped(Exception):
    """pylint stopped before linting (an option it refuses): ``args[0]`` is its error, one line."""


@contextlib.contextmanager
def exclusive() -> Iterator[None]:
    """Lint alone, on fresh trees, with pylint's output captured; its exit becomes :class:`Stopped`."""
    with _ALONE:
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                yield
        except SystemExit as stop:
            raise Stopped(_error(printed.getvalue(), stop.code)) from None


def _error(printed: str, status) -> str:
    """pylint's last error line (``pylint: error: ...``), else the last line it printed, without its full stop."""
    lines = [line.strip() for line in printed.splitlines() if line.strip()]
    errors = [line[len(PYLINT_ERROR) :].strip() for line in lines if line.startswith(PYLINT_ERROR)]
    return (errors or lines or [f"exit status {status}"])[-1].rstrip(".。")
