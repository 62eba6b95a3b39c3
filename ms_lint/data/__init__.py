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


def _with_tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_with_tuples(item) for item in value)
    if isinstance(value, dict):
        return {key: _with_tuples(item) for key, item in value.items()}
    return value
