"""Where an import of the user's code is found: the file, looked up the way Python would for the importing file.

The program's import edges (``program.facts.import_paths``), ``explain`` and name resolution (which
reads that file, not the module astroid holds under the dotted name: :mod:`module_trees`) ask it.
Two programs of one repository may each have a ``network.py`` or a ``src`` folder, so a module is
found by file, not by dotted name: an import is looked for first in the importing file's own
folder, then from its source root (the folder its dotted name starts from), then in the working
directory, then in the folders it adds to ``sys.path``. A folder without ``__init__.py`` (a
namespace package) is a folder like any other: ``resnet/resnet50.py`` is ``resnet.resnet50``.
"""

from __future__ import annotations

import os
from typing import Dict, FrozenSet, List, Optional, Tuple

from ms_lint.semantics.names import memo

_module_files: Dict[Tuple[str, str], Optional[str]] = memo.per_run_dict()
_listings: Dict[str, FrozenSet[str]] = memo.per_run_dict()


def source_root(module: str, path: str) -> str:
    """The directory a module's dotted name starts from (``a/b/c.py`` named ``b.c`` -> ``a``)."""
    directory = os.path.dirname(path)
    up = module.count(".") + (1 if os.path.basename(path) == "__init__.py" else 0)
    for _ in range(up):
        directory = os.path.dirname(directory)
    return directory


def search_roots(path: str, module: str, inserted: Tuple[str, ...] = ()) -> Tuple[str, ...]:
    """The folders the imports of ``module`` (at ``path``) are looked for in, first to last."""
    return tuple(dict.fromkeys((os.path.dirname(path), source_root(module, path), os.getcwd(), *inserted)))


def module_file(dotted: str, roots: Tuple[str, ...]) -> Optional[str]:
    """The file of ``dotted`` under the first of ``roots`` that has it."""
    for root in roots:
        # The modules of a package share their roots and import the same names: look each up once per run.
        key = (dotted, root)
        if key not in _module_files:
            _module_files[key] = _find_module_file(dotted.split("."), root)
        if _module_files[key] is not None:
            return _module_files[key]
    return None


def holds_top_level(dotted: str, roots: Tuple[str, ...]) -> bool:
    """Whether one of ``roots`` holds the top-level module or folder of ``dotted``: no module under
    that name is found there otherwise."""
    top = dotted.partition(".")[0]
    return any(top in _entries(root) or top + ".py" in _entries(root) for root in roots)


def _find_module_file(parts: List[str], root: str) -> Optional[str]:
    """``root/a/b.py`` or ``root/a/b/__init__.py`` for ``a.b``, read from directory listings (one per
    directory and run, not a file-system call per import and root)."""
    directory = root
    for part in parts[:-1]:
        if part not in _entries(directory):
            return None
        directory = os.path.join(directory, part)
    entries = _entries(directory)
    if parts[-1] + ".py" in entries and os.path.isfile(os.path.join(directory, parts[-1] + ".py")):
        return os.path.join(directory, parts[-1] + ".py")
    package = os.path.join(directory, parts[-1])
    if parts[-1] in entries and "__init__.py" in _entries(package) and os.path.isfile(os.path.join(package, "__init__.py")):
        return os.path.join(package, "__init__.py")
    return None


def _entries(directory: str) -> FrozenSet[str]:
    if directory not in _listings:
        try:
            _listings[directory] = frozenset(os.listdir(directory))
        except OSError:
            _listings[directory] = frozenset()
    return _listings[directory]
