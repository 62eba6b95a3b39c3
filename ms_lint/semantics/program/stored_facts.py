"""What the workspace read of a project's files, kept on disk from one run to the next.

A file linted alone is given its project's facts (:mod:`ms_lint.semantics.program.workspace`): the
project's other files are scanned for their imports and those sharing a program with it are
parsed. On a large project that is most of pylint's work on the whole project, which an editor
or a pre-commit hook would pay at every run. So the scans and the parsed facts are kept in
ms_lint's cache directory (``~/.cache/ms_lint/facts`` on Linux), one file per project root, and
each entry is used again while the files it was read from keep their size and time stamp (the
workspace checks).

A store written by another version of ms_lint, or another Python, is not read. A store that
cannot be read is ignored; one that cannot be written is not (the run's findings are the same).
It is written whole, or not at all.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from pathlib import Path
from typing import Any, Dict, Tuple

from ms_lint import files

FORMAT = 1


def directory() -> Path:
    return Path(files.cache_directory("facts"))


def _path(root: str) -> Path:
    return directory() / f"{hashlib.sha1(root.encode('utf-8')).hexdigest()[:20]}.pickle"


@functools.lru_cache(maxsize=None)
def _code() -> str:
    """What the stored facts were worked out by: this Python, and ms_lint's files as installed."""
    return sources_stamp(str(Path(__file__).resolve().parents[2]), f"{FORMAT} {sys.version}")


def sources_stamp(package: str, salt: str) -> str:
    """A digest of the names, sizes and times of the ``.py`` and ``.json`` files under ``package``."""
    digest = hashlib.sha1(salt.encode("utf-8"))
    # os.walk, not pathlib: this runs at every start, and pathlib's walk costs several times more.
    for directory, subdirectories, names in os.walk(package):
        subdirectories[:] = sorted(name for name in subdirectories if name != "__pycache__")
        for name in sorted(names):
            if name.endswith((".py", ".json")):
                path = os.path.join(directory, name)
                status = os.stat(path)
                digest.update(f"{path[len(package):]} {status.st_size} {status.st_mtime_ns}\n".encode("utf-8"))
    return digest.hexdigest()


def load(root: str) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """The scans and the parsed facts stored for the project at ``root`` (empty when there are none)."""
    stored = files.read_pickled(str(_path(root)))
    try:
        if stored["code"] == _code() and stored["root"] == root:
            return stored["scans"], stored["parsed"]
    except Exception:  # pylint: disable=broad-except
        pass  # none yet, another ms_lint's, or damaged: read the files again
    return {}, {}


def save(root: str, scans: Dict[str, Any], parsed: Dict[str, Any]) -> None:
    """Store the scans and parsed facts of the project at ``root``, replacing what was stored (a store
    that cannot be written only costs the next run time)."""
    try:
        code = _code()
    except OSError:
        return  # one of ms_lint's files went away while it ran: nothing to key the store by
    files.write_pickled(str(_path(root)), {"code": code, "root": root, "scans": scans, "parsed": parsed})
