"""The MindSpore version a project's code was written for, from its pinned requirement.

``mindspore==1.8.1`` or ``mindspore>=1.8,<1.9`` (also ``mindspore-gpu``, ``mindspore-ascend``,
``~=1.8.0``) in a ``requirements*.txt``, ``setup.py``, ``setup.cfg`` or ``pyproject.toml`` pins
the version; a floor alone (``mindspore>=1.8``) or two different pins do not. The files are
looked for from the linted file's directory upwards, up to and including the first project
root (a directory with ``setup.py``, ``setup.cfg``, ``pyproject.toml`` or ``.git``). Answers
are cached per directory; unreadable or odd files count as having no pin.
"""

from __future__ import annotations

import functools
import os
import re
from typing import Optional, Set, Tuple

Version = Tuple[int, ...]
ROOT_MARKERS = ("setup.py", "setup.cfg", "pyproject.toml", ".git")
PROJECT_FILES = ("setup.py", "setup.cfg", "pyproject.toml")
MAX_BYTES = 1_000_000  # a requirements file larger than this is not one
# ``mindspore`` or ``mindspore-gpu`` / ``mindspore_ascend``..., then its version specifiers.
REQUIREMENT = re.compile(
    r"(?<![\w.-])mindspore(?:[-_](?:gpu|ascend|cpu|dev))?\s*((?:(?:==|~=|>=|<=|<|>|!=)\s*[\w.*+-]+\s*,?\s*)+)",
    re.IGNORECASE,
)
SPECIFIER = re.compile(r"(==|~=|>=|<=|<|>|!=)\s*(\d+(?:\.\d+)*)")


def pinned(path: Optional[str]) -> Optional[Version]:
    """The pinned MindSpore version for the file at ``path``, or None when nothing pins one."""
    if not path:
        return None
    try:
        directory = os.path.dirname(os.path.abspath(path))
    except (TypeError, ValueError):
        return None
    return _pinned_from(directory)


@functools.lru_cache(maxsize=1024)
def _pinned_from(directory: str) -> Optional[Version]:
    found = _pins_in(directory)
    parent = os.path.dirname(directory)
    if not _is_root(directory) and parent != directory:
        upper = _pinned_from(parent)
        if upper is not None:
            found.add(upper)
    return found.pop() if len(found) == 1 else None


def _is_root(directory: str) -> bool:
    return any(os.path.exists(os.path.join(directory, marker)) for marker in ROOT_MARKERS)


def _pins_in(directory: str) -> Set[Version]:
    try:
        entries = os.listdir(directory)
    except OSError:
        return set()
    files = [name for name in entries if name in PROJECT_FILES or (name.startswith("requirements") and name.endswith(".txt"))]
    found: Set[Version] = set()
    for name in sorted(files):
        found.update(pins(_read(os.path.join(directory, name))))
    return found


def _read(path: str) -> str:
    try:
        if os.path.getsize(path) > MAX_BYTES:
            return ""
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except (OSError, ValueError):
        return ""


def pins(text: str) -> Set[Version]:
    """The versions the MindSpore requirements in ``text`` pin (comments skipped)."""
    found: Set[Version] = set()
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        for match in REQUIREMENT.finditer(line):
            version = pin(match.group(1))
            if version is not None:
                found.add(version)
    return found


def pin(specifiers: str) -> Optional[Version]:
    """``==1.8.1`` -> (1, 8, 1); ``>=1.8,<1.9`` and ``~=1.8.0`` -> (1, 8); a floor alone -> None."""
    parsed = SPECIFIER.findall(specifiers)
    exact = [_tuple(text) for operator, text in parsed if operator == "=="]
    if exact:
        return exact[0] if len(set(exact)) == 1 and "*" not in specifiers else None
    compatible = [_tuple(text) for operator, text in parsed if operator == "~="]
    if len(compatible) == 1 and len(compatible[0]) >= 3:
        return compatible[0][:2]
    floors = [_tuple(text) for operator, text in parsed if operator == ">="]
    ceilings = [_tuple(text) for operator, text in parsed if operator == "<"]
    if len(floors) == 1 and len(ceilings) == 1 and len(floors[0]) >= 2:
        major, minor = floors[0][:2]
        if ceilings[0][:2] == (major, minor + 1) and all(part == 0 for part in ceilings[0][2:]):
            return (major, minor)
    return None


def _tuple(text: str) -> Version:
    return tuple(int(part) for part in text.split("."))


def written_for(option: Version, path: Optional[str]) -> Optional[Version]:
    """The version the code at ``path`` was written for: the option's (parsed) if set, else the project's pin."""
    return option or pinned(path)
