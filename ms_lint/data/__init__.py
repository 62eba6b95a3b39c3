"""MindSpore facts as data: the API catalog and version- or backend-specific tables."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Optional

from ms_lint import files


def load_table(path: Path, kept: Optional[Callable[[Any], Any]] = None) -> Any:
    """A bundled JSON table, its arrays read as tuples (and given to ``kept``, if given: the form the
    table is kept in).

    The tables live as long as the process, and Python's garbage collector walks every list, and
    every dict holding one, at each full collection (pylint's parse of a code base makes a dozen);
    tuples of strings and numbers, and dicts of those, it stops tracking. Read so, the versions
    table leaves 3 objects to walk instead of 2,100.

    Turning the catalog's arrays into tuples costs twice as long as reading its JSON (20 ms, at every
    start): each table read so is kept in ms_lint's cache directory, pickled, and read from there
    while the JSON file, and the code that made the copy, keep their size and time stamp.
    """
    makers = [__file__] if kept is None else [__file__, getattr(sys.modules[kept.__module__], "__file__", None)]
    stamp = _stamps([path, *makers])
    copy = _copy_path(path) if stamp is not None else None
    table = _read_copy(copy, stamp) if copy is not None else None
    if table is not None:
        return table[1]
    with path.open(encoding="utf-8") as handle:
        table = with_tuples(json.load(handle))
    if kept is not None:
        table = kept(table)
    if copy is not None:
        files.write_pickled(copy, (stamp, table))
    return table


_NESTED = (list, dict)


def with_tuples(value: Any) -> Any:
    # Leaves (most of a table) are kept without a call each: the catalog then loads in half the time.
    if type(value) is list:
        return tuple([with_tuples(item) if type(item) in _NESTED else item for item in value])
    if type(value) is dict:
        return {key: with_tuples(item) if type(item) in _NESTED else item for key, item in value.items()}
    return value


def _stamps(paths) -> Optional[tuple]:
    """The sizes and times of ``paths``; None if one has none (a module read from a zip file): no copy then."""
    try:
        return tuple((status.st_size, status.st_mtime_ns) for status in map(os.stat, paths))
    except (OSError, TypeError):
        return None


def _copy_path(path: Path) -> str:
    """One copy per table, ms_lint install and Python: an upgrade replaces its own copies."""
    installed = hashlib.sha1(f"{path.resolve()} {sys.version}".encode("utf-8")).hexdigest()[:16]
    return os.path.join(files.cache_directory("tables"), f"{path.stem}-{installed}.pickle")


def _read_copy(copy: str, stamp: tuple) -> Optional[tuple]:
    """``(stamp, table)`` from the copy if it was made from the table as it is now, else None (none
    yet, or damaged: the JSON is read again and the copy replaced)."""
    stored = files.read_pickled(copy)
    return stored if type(stored) is tuple and len(stored) == 2 and stored[0] == stamp else None
