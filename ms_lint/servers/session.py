"""Linting in a long-lived process: one lint at a time, of the files as they are now, with what
pylint prints kept off the server's own output.

pylint's linter settings and astroid's cache belong to the whole process, and a server's client
edits files between two calls: each lint runs alone, after astroid forgets the trees it read.
"""

from __future__ import annotations

import contextlib
import io
import threading
from typing import Iterator

import astroid

PYLINT_ERROR = "pylint: error:"
_ALONE = threading.Lock()


class Stopped(Exception):
    """pylint stopped before linting (an option it refuses): ``args[0]`` is its error, one line."""


@contextlib.contextmanager
def exclusive() -> Iterator[None]:
    """Lint alone, on fresh trees, with pylint's output captured; its exit becomes :class:`Stopped`."""
    with _ALONE:
        astroid.MANAGER.clear_cache()
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
