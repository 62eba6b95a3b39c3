"""The import statements of a module read from its text, without a parse.

A regular expression finds every ``import`` and ``from ... import`` the text holds, and perhaps more
(it also reads strings and comments): what a file *may* import, for questions whose answer may only
grow with it (the programs a file may join, the modules a name may come from).
"""

from __future__ import annotations

import re
from typing import Iterator, List, NamedTuple, Optional, Tuple

# ``from .a.b import (c, d)`` and ``import a.b as c, d``: the module part and the imported names.
_IMPORT = re.compile(
    r"\bfrom[ \t]+(\.*)[ \t]*([\w.]*)[ \t]+import[ \t]*(\([^)]*\)|(?:[^\n;\\]|\\\n)*)"
    r"|\bimport[ \t]+((?:[^\n;\\]|\\\n)*)"
)
_ITEM = re.compile(r"(\*|[^\W\d][\w.]*)(?:\s+as\s+([^\W\d]\w*))?")
_COMMENT = re.compile(r"#[^\n]*")


class Statement(NamedTuple):
    level: int  # the leading dots of ``from ..a import b``; 0 for an absolute one and for ``import``
    module: Optional[str]  # ``a`` of ``from ..a import b`` (may be empty); None for ``import``
    names: List[Tuple[str, Optional[str]]]  # each imported name (``*`` for a star import) and its alias


def statements(text: str) -> Iterator[Statement]:
    """Each import statement the text may hold."""
    for match in _IMPORT.finditer(text):
        dots, base, imported, plain = match.groups()
        if plain is not None:
            yield Statement(0, None, _names(plain))
        else:
            yield Statement(len(dots), base, _names(imported))


def _names(listing: str) -> List[Tuple[str, Optional[str]]]:
    """The imported names of ``a.b as c, d`` or ``(a, # comment\n b)``, with their aliases."""
    found = []
    for item in _COMMENT.sub("", listing).replace("\\\n", " ").strip("() \t\n").split(","):
        match = _ITEM.match(item.strip())
        if match:
            found.append((match.group(1), match.group(2)))
    return found


def absolute(level: int, base: str, module: str, package: bool) -> Optional[str]:
    """The absolute module of ``from <level dots><base> import`` in ``module`` (a package's
    ``__init__`` when ``package``), as :func:`ms_lint.semantics.names.names.absolute_module` finds it."""
    if not level:
        return base or None
    parts = module.split(".") if package else module.split(".")[:-1]
    if level - 1 > len(parts):
        return None
    parts = parts[: len(parts) - (level - 1)]
    if base:
        parts.append(base)
    return ".".join(parts) or None


def read(path: str) -> str:
    """A file's text, undecodable bytes replaced; empty when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read().decode("utf-8", errors="replace")
    except OSError:
        return ""
