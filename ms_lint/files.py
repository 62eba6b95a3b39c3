"""Files ms_lint writes are written whole or not at all: a temporary file beside the target, then a rename.

Also where Python ends the lines of a file it reads, the TOML reader for the configuration files ms_lint reads (``tomllib``, ``tomli`` before Python 3.11), the one spelling of a file's path by which ms_lint compares files, and where ms_lint keeps what it caches.
"""

from __future__ import annotations

import functools
import os
import pickle
import re
import stat
import tempfile

try:  # Python 3.11+
    import tomllib  # noqa: F401  (read by the modules that load TOML)
except ImportError:  # pragma: no cover - Python < 3.11 (pylint brings tomli there)
    import tomli as tomllib  # type: ignore[no-redef]  # noqa: F401

__all__ = ["LINE_END", "cache_directory", "normalized", "read_pickled", "tomllib", "write_pickled", "write_whole"]

# Python ends lines at \n, \r\n and \r only (str.splitlines also splits at \f, \v, \x1c...).
LINE_END = re.compile(r"\r\n|\r|\n")


def cache_directory(name: str) -> str:
    """Where ms_lint keeps its ``name`` cache: in the user's cache directory (``~/.cache/ms_lint/<name>`` on Linux)."""
    try:
        from platformdirs import user_cache_dir  # pylint: disable=import-outside-toplevel

        base = user_cache_dir("ms_lint", appauthor=False)
    except ImportError:  # pragma: no cover - pylint depends on platformdirs
        base = os.path.join(os.path.expanduser("~"), ".cache", "ms_lint")
    return os.path.join(base, name)


def normalized(path: str) -> str:
    """The absolute, normalized path by which ms_lint keys a file."""
    if os.path.isabs(path):
        return _normalized_absolute(path)
    return os.path.normcase(os.path.normpath(os.path.abspath(path)))


@functools.lru_cache(maxsize=1 << 16)  # a project's paths, asked for again and again by every program
def _normalized_absolute(path: str) -> str:
    return os.path.normcase(os.path.normpath(path))


def write_whole(path: str, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one rename; an existing file keeps its permissions.

    On any error the target is left as it was and the temporary file is removed.
    """
    directory = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=".ms_lint-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        if os.path.exists(path):
            os.chmod(temporary, stat.S_IMODE(os.stat(path).st_mode))
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def read_pickled(path: str):
    """What :func:`write_pickled` kept at ``path``; None when nothing there can be read (none yet, damaged)."""
    try:
        with open(path, "rb") as handle:
            return pickle.load(handle)
    except Exception:  # pylint: disable=broad-except
        return None


def write_pickled(path: str, value) -> None:
    """Keep ``value`` pickled at ``path`` (its folder made), whole or not at all. A cache: one that cannot
    be written (or a value that cannot be pickled) only costs the next run the time to work it out again."""
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_whole(path, pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    except Exception:  # pylint: disable=broad-except
        pass
