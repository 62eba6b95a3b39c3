"""The project a linted file belongs to: every Python file under the project's root, linted or not.

A file linted alone (an editor, a pre-commit hook, ``--from-stdin``) must get the findings the
whole project gives it: a model file's mode is set in ``train.py``, which is not linted with it.
So the programs of a run are built from the linted modules *and* the project's other files:

1. The root: the nearest directory above a linted file holding ``pyproject.toml``, ``setup.py``,
   ``setup.cfg``, ``.git`` or ``.hg``; without one, the file's source root (the directory its
   dotted name starts from). Hidden directories, virtual environments, ``__pycache__`` and
   pylint's own ``ignore``, ``ignore-patterns`` and ``ignore-paths`` are left out, as is every file
   past the first :data:`MAX_FILES`.
2. Each file not linted is read for its imports with a text scan (no parse): its names may only
   add import edges, never lose one, so the programs it may join are a superset.
3. The files that share a program with a linted module are parsed and give their exact facts,
   as if they had been linted; the others keep their scanned imports and no facts, which reach no
   linted module.

A file's scan is kept for the life of the process while its size and time stamp stay the same,
and the facts of the files parsed while no file of the project changes, so that an editor's
server lints an edited file again without reading the rest of the project again.
"""

from __future__ import annotations

import os
import re
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

import astroid
from pylint.lint.expand_modules import _is_ignored_file

from ms_lint.semantics import memo
from ms_lint.semantics import project as programs
from ms_lint.semantics.facts import ModuleFacts, import_paths, module_facts, normalized, source_root

MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git", ".hg")
SKIPPED_DIRECTORIES = frozenset({"__pycache__", "node_modules", "site-packages", "dist-packages"})
MAX_FILES = 20_000

# ``from .a.b import (c, d)`` and ``import a.b as c, d``: the module part and the imported names.
_IMPORT = re.compile(
    r"\bfrom[ \t]+(\.*)[ \t]*([\w.]*)[ \t]+import[ \t]*(\([^)]*\)|(?:[^\n;\\]|\\\n)*)"
    r"|\bimport[ \t]+((?:[^\n;\\]|\\\n)*)"
)
_NAME = re.compile(r"[A-Za-z_][\w.]*")
_COMMENT = re.compile(r"#[^\n]*")

# path -> ((size, mtime), module name, scanned imports)
_scans: Dict[str, Tuple[Tuple[int, int], str, FrozenSet[str]]] = {}
# The facts of the files parsed, while the project's other files keep these time stamps.
_parsed_facts: Dict[str, ModuleFacts] = {}
_parsed_stamps: List[Tuple] = [()]
_projects: Dict[Tuple, programs.Project] = memo.per_run_dict()


def project(linted: Sequence[ModuleFacts], linter) -> programs.Project:
    """The programs of the linted modules within their whole project (built once per run)."""
    key = tuple(linted)
    if key not in _projects:
        _projects[key] = programs.of(key + _unlinted(linted, linter))
    return _projects[key]


def _unlinted(linted: Sequence[ModuleFacts], linter) -> Tuple[ModuleFacts, ...]:
    """The project's other files: exact facts for those sharing a program with a linted module."""
    seen = {item.key for item in linted}
    others = [_scanned(path) for path in project_files(linted, linter) if normalized(path) not in seen]
    if not others:
        return ()
    sharing = programs.of(tuple(linted) + tuple(others)).sharing_programs(seen)
    # A module's facts may follow its imports into other files: they hold while no file changes.
    stamps = tuple(_scans[item.path][0] for item in others)
    if _parsed_stamps[0] != stamps:
        _parsed_facts.clear()
        _parsed_stamps[0] = stamps
    return tuple(_parsed(item) if item.key in sharing else item for item in others)


def project_files(linted: Iterable[ModuleFacts], linter) -> List[str]:
    """The Python files of the projects the linted modules belong to (at most :data:`MAX_FILES`)."""
    roots = sorted({root_of(item.path) for item in linted if item.path})
    found: Dict[str, None] = {}
    for root in roots:
        for path in _python_files(root, linter):
            found[path] = None
            if len(found) >= MAX_FILES:
                return list(found)
    return list(found)


def root_of(path: str) -> str:
    """The project root of a file: the nearest directory with a project marker, else its source root."""
    directory = os.path.dirname(os.path.abspath(path))
    while True:
        if any(os.path.exists(os.path.join(directory, marker)) for marker in MARKERS):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return source_root(module_name(path), os.path.abspath(path))
        directory = parent


def _python_files(root: str, linter) -> List[str]:
    ignored = (linter.config.ignore, linter.config.ignore_patterns, linter.config.ignore_paths)
    found = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(
            name for name in subdirectories
            if not _skipped(os.path.join(directory, name), name) and not _is_ignored_file(os.path.join(directory, name), *ignored)
        )
        found.extend(
            os.path.join(directory, name) for name in sorted(files)
            if name.endswith(".py") and not _is_ignored_file(os.path.join(directory, name), *ignored)
        )
        if len(found) >= MAX_FILES:
            break
    return found


def _skipped(path: str, name: str) -> bool:
    """Not the project's own code: hidden, cached, installed packages, a virtual environment."""
    return name.startswith(".") or name in SKIPPED_DIRECTORIES or os.path.isfile(os.path.join(path, "pyvenv.cfg"))


# -- files that are not linted -----------------------------------------------------------------


def module_name(path: str) -> str:
    """The dotted name pylint gives a file it lints by path: from its source root."""
    path = os.path.abspath(path)
    parts = [] if os.path.basename(path) == "__init__.py" else [os.path.splitext(os.path.basename(path))[0]]
    directory = os.path.dirname(path)
    while os.path.isfile(os.path.join(directory, "__init__.py")) and os.path.dirname(directory) != directory:
        parts.insert(0, os.path.basename(directory))
        directory = os.path.dirname(directory)
    return ".".join(parts)


def _scanned(path: str) -> ModuleFacts:
    """A file's module with the imports its text names, and no facts."""
    try:
        status = os.stat(path)
    except OSError:
        status = None
    stamp = (status.st_size, status.st_mtime_ns) if status else (-1, -1)
    cached = _scans.get(path)
    if cached is None or cached[0] != stamp:
        name = module_name(path)
        cached = _scans[path] = (stamp, name, scanned_imports(_read(path), name, path.endswith("__init__.py")))
    _, name, imports = cached
    return ModuleFacts(
        module=name, imports=imports, facts=programs.NO_FACTS, path=path, import_paths=import_paths(path, name, imports)
    )


def _read(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            return handle.read().decode("utf-8", errors="replace")
    except OSError:
        return ""


def scanned_imports(text: str, module: str, package: bool) -> FrozenSet[str]:
    """Every dotted name an import statement of ``text`` could bind, as :func:`facts.module_facts`
    records them, and perhaps more (the scan also reads strings and comments)."""
    found = set()
    for match in _IMPORT.finditer(text):
        dots, base, imported, plain = match.groups()
        if plain is not None:
            found.update(_names(plain))
            continue
        absolute = _absolute(len(dots), base, module, package)
        if absolute:
            found.add(absolute)
            found.update(f"{absolute}.{name}" for name in _names(imported) if "." not in name)
    return frozenset(found)


def _names(listing: str) -> List[str]:
    """The imported names of ``a.b as c, d`` or ``(a, # comment\n b)``."""
    names = []
    for item in _COMMENT.sub("", listing).replace("\\\n", " ").strip("() \t\n").split(","):
        match = _NAME.match(item.strip())
        if match:
            names.append(match.group(0))
    return names


def _absolute(level: int, base: str, module: str, package: bool) -> Optional[str]:
    """The absolute module of ``from <level dots><base> import``, as :func:`names.absolute_module` finds it."""
    if not level:
        return base or None
    parts = module.split(".") if package else module.split(".")[:-1]
    if level - 1 > len(parts):
        return None
    parts = parts[: len(parts) - (level - 1)]
    if base:
        parts.append(base)
    return ".".join(parts) or None


def _parsed(item: ModuleFacts) -> ModuleFacts:
    """The exact facts of a file the run did not lint; its scanned ones if it does not parse."""
    if item.key not in _parsed_facts:
        cached = astroid.MANAGER.astroid_cache.get(item.module)
        if cached is not None and cached.file == item.path:
            del astroid.MANAGER.astroid_cache[item.module]  # built from an earlier text of the file
        try:
            _parsed_facts[item.key] = module_facts(astroid.MANAGER.ast_from_file(item.path, item.module, source=True))
        except Exception:  # pylint: disable=broad-except
            _parsed_facts[item.key] = item
    return _parsed_facts[item.key]
