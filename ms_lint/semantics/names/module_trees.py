"""The tree of the module an import reads, by the file the importing program finds.

astroid keeps one module per dotted name, and two programs of one repository may each have a
``network.py`` or a ``nets`` folder: the one astroid holds is whichever it built first, which with
``-j N`` depends on how pylint shares the files among its workers. An import is answered from the
file the importing file's program finds (:mod:`module_files`) instead. Every tree astroid builds is
remembered by its file while something else keeps it alive (pylint's trees of the linted files,
astroid's cache), so reading a linted namesake costs nothing; another file is parsed once per run.
"""

from __future__ import annotations

import os
import sysconfig
import weakref
from typing import Optional, Tuple

import astroid
from astroid import nodes

from ms_lint import collector
from ms_lint.files import normalized
from ms_lint.semantics.names import memo, module_files

_INSTALLED_ROOTS = tuple(
    os.path.realpath(path)
    for path in {sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    if path
)

# Trees by (file, dotted name), as astroid builds them (a file read under another name here, such as
# a script's ``import utils``, must not hide pylint's tree of it); those read here, which nothing else
# may keep, are held.
_built: "weakref.WeakValueDictionary[Tuple[str, str], nodes.Module]" = memo.per_run_weak_dict()
_read_here = memo.per_run_dict()  # by (file, dotted name)


def register() -> None:
    """Have astroid tell this module of every tree it builds: again after ``MANAGER.clear_cache()``,
    which drops every transform (the fix engine clears it before it lints the fixed text)."""
    try:
        astroid.MANAGER.unregister_transform(nodes.Module, _remember)
    except ValueError:
        pass  # not registered, or dropped by clear_cache()
    astroid.MANAGER.register_transform(nodes.Module, _remember)


# ms_lint's one transform of every built tree: astroid 3 runs none of a node's later transforms once
# one has returned None, so the collector is told here rather than by a transform of its own.
def _remember(module: nodes.Module) -> None:
    collector.tree_built()
    if module.file and module.file.endswith(".py"):
        _built[normalized(module.file), module.name] = module


def tree(path: str, modname: str) -> Optional[nodes.Module]:
    """The module in ``path`` under the dotted name ``modname``: the tree built from it in this run,
    or one parsed now; None when it cannot be read."""
    key = normalized(path)
    found = _built.get((key, modname))
    if found is not None:
        return found
    if (key, modname) not in _read_here:
        try:
            _read_here[key, modname] = astroid.MANAGER.ast_from_file(path, modname, source=True)
        except Exception:  # pylint: disable=broad-except  # an unreadable file resolves to nothing
            _read_here[key, modname] = None
    return _read_here[key, modname]


_every_linted_tree_first = [True]


def every_linted_tree_first(built_first: bool) -> None:
    """Say whether this process builds the tree of every file it lints before checking the first
    (pylint with ``-j 1``), or each as it checks it (a ``-j N`` worker, which lints some of them)."""
    _every_linted_tree_first[0] = built_first


def built(path: str, modname: str) -> bool:
    """Whether the tree of ``path`` under ``modname`` is built in this run, in a process that builds
    every linted file's tree first: the modules an import of it leads to are then built too, most
    likely. A ``-j N`` worker holds some of them only, and answers False."""
    return _every_linted_tree_first[0] and (normalized(path), modname) in _built


def own_module(modname: str, importer: nodes.Module) -> Optional[nodes.Module]:
    """The user's module ``modname`` that the program of ``importer`` imports, read by file, or None
    when that program finds no such file of the user's code (a library, a module not found, an
    importer that is no file)."""
    path = own_file(modname, importer)
    return tree(path, modname) if path is not None else None


def own_file(modname: str, importer: nodes.Module) -> Optional[str]:
    """The file of the user's code the importing file's program finds under ``modname``. astroid
    finds no module in a folder without ``__init__.py``, and keeps one module per dotted name
    where two programs of one repository may each have a ``network.py``."""
    if not (importer.file or "").endswith(".py"):
        return None
    return own_file_from(modname, importer.file, importer.name)


def own_file_from(modname: str, path: str, name: str) -> Optional[str]:
    """:func:`own_file` for an importing module known by its file and dotted name, its tree unbuilt."""
    return own_file_under(modname, _search_roots(path, name))


def own_file_under(modname: str, roots: Tuple[str, ...]) -> Optional[str]:
    """The file of the user's code ``modname`` is under the first of ``roots`` that has it, or None
    (none has it, or it is a library's)."""
    found = module_files.module_file(modname, roots)
    return found if found is not None and not installed(found) else None


def may_be_own(modname: str, importer: nodes.Module) -> bool:
    """Whether a folder the importing file's program searches holds ``modname``'s top-level module
    or folder: a cheap test before asking :func:`own_file` of each name under it."""
    return (importer.file or "").endswith(".py") and module_files.holds_top_level(
        modname, _search_roots(importer.file, importer.name)
    )


@memo.per_run
def _search_roots(path: str, name: str) -> Tuple[str, ...]:
    return module_files.search_roots(path, name)


@memo.per_run
def installed(path: str) -> bool:
    """Whether a file is a library's or the standard library's."""
    location = os.path.realpath(path)
    if any(part in ("site-packages", "dist-packages") for part in location.split(os.sep)):
        return True
    return any(location.startswith(root + os.sep) for root in _INSTALLED_ROOTS)
