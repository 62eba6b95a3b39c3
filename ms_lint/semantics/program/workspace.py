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
   add import edges, never lose one, so the programs it may join are a superset (a file adding to
   ``sys.path`` looks for them in every folder above it: :mod:`search_path`).
3. The files that share a program with a linted module are parsed and give their exact facts,
   as if they had been linted (from a tree built for them alone: :mod:`fact_trees`); the others
   keep their scanned imports and no facts, which reach no linted module.

A file's scan is kept while its size and time stamp stay the same; the facts of a parsed file
while neither it nor any file they were worked out from changes (:class:`ParsedFacts`). Both are
kept for the life of the process, so that an editor's server lints an edited file again without
reading the rest of the project again, and in ms_lint's cache directory for the next process
(:mod:`ms_lint.semantics.program.stored_facts`, unless ``mindspore-cache=n``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, FrozenSet, Iterable, List, Sequence, Set, Tuple

import astroid
from pylint.lint.expand_modules import _is_ignored_file

from ms_lint.files import normalized
from ms_lint.semantics.names import import_text, memo, resolve, search_path
from ms_lint.semantics.names.module_files import source_root
from ms_lint.semantics.program import fact_trees, forked, stored_facts
from ms_lint.semantics.program import project as programs
from ms_lint.semantics.program.facts import ModuleFacts, SharedEmptySets, import_paths

MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git", ".hg")
SKIPPED_DIRECTORIES = frozenset({"__pycache__", "node_modules", "site-packages", "dist-packages"})
MAX_FILES = 20_000

Stamp = Tuple[int, int]  # a file's size and modification time (ns); (-1, -1) when it is gone


@dataclass(frozen=True)
class ParsedFacts(SharedEmptySets):
    """The exact facts of a file the run did not lint, and what they were worked out from: the file
    and every project file import resolution read from it, transitively (a module's facts follow
    its imports to a base class or a set-up helper), and the modules it looked for in vain."""

    facts: ModuleFacts
    read: Tuple[Tuple[str, Stamp], ...]
    missing: FrozenSet[str]

    def holds(self, module: str, project_modules: FrozenSet[str]) -> bool:
        """Whether parsing the file again would give the same facts: nothing they were read from changed."""
        return (
            self.facts.module == module
            and all(_stamp(path) == stamp for path, stamp in self.read)
            and not self.missing & project_modules
        )


# path -> (stamp, module name, scanned imports, the folders its imports may be found in through sys.path)
_scans: Dict[str, Tuple[Stamp, str, FrozenSet[str], Tuple[str, ...]]] = {}
_parsed_facts: Dict[str, ParsedFacts] = {}  # by the file's key
_files_read = [0]  # files scanned or parsed in this process: a project's store is written again when it grows
_restored: Set[str] = set()  # the roots whose stored scans and facts were read in this process
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
    roots = _roots(linted)
    files = _files_under(roots, linter)
    paths = [path for path in files if normalized(path) not in seen]
    if not paths:
        return ()
    stored = bool(getattr(linter.config, "mindspore_cache", False))
    if stored:
        for root in roots:
            _restore(root)
    read_before = _files_read[0]
    others = [_scanned(path) for path in paths]
    sharing = programs.of(tuple(linted) + tuple(others)).sharing_programs(seen)
    modules = frozenset(item.module for item in (*linted, *others))
    _parse_stale([item for item in others if item.key in sharing], modules)
    found = tuple(_parsed_facts[item.key].facts if item.key in sharing else item for item in others)
    if stored and _files_read[0] != read_before:
        for root in roots:
            _store(root, files)
    return found


def project_files(linted: Iterable[ModuleFacts], linter) -> List[str]:
    """The Python files of the projects the linted modules belong to (at most :data:`MAX_FILES`)."""
    return _files_under(_roots(linted), linter)


def _roots(linted: Iterable[ModuleFacts]) -> List[str]:
    return sorted({root_of(item.path) for item in linted if item.path})


def _files_under(roots: Sequence[str], linter) -> List[str]:
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


def _stamp(path: str) -> Stamp:
    try:
        status = os.stat(path)
    except OSError:
        return (-1, -1)
    return (status.st_size, status.st_mtime_ns)


def _scanned(path: str) -> ModuleFacts:
    """A file's module with the imports its text names, and no facts."""
    stamp = _stamp(path)
    cached = _scans.get(path)
    if cached is None or cached[0] != stamp:
        _files_read[0] += 1
        name = module_name(path)
        if cached is not None:
            _forget_tree(name, path)  # astroid's tree of it was built from its earlier text
        text = import_text.read(path)
        inserted = search_path.folders_text_may_add(path, text)
        cached = _scans[path] = (stamp, name, scanned_imports(text, name, path.endswith("__init__.py")), inserted)
    _, name, imports, inserted = cached
    return ModuleFacts(
        module=name,
        imports=imports,
        facts=programs.NO_FACTS,
        path=path,
        import_paths=import_paths(path, name, imports, inserted),
    )


def scanned_imports(text: str, module: str, package: bool) -> FrozenSet[str]:
    """Every dotted name an import statement of ``text`` could bind, as :func:`facts.module_facts`
    records them, and perhaps more (the scan also reads strings and comments)."""
    found = set()
    for statement in import_text.statements(text):
        if statement.module is None:
            found.update(name for name, _ in statement.names)
            continue
        absolute = import_text.absolute(statement.level, statement.module, module, package)
        if absolute:
            found.add(absolute)
            found.update(f"{absolute}.{name}" for name, _ in statement.names if "." not in name and name != "*")
    return frozenset(found)


def _parse_stale(items: Sequence[ModuleFacts], project_modules: FrozenSet[str]) -> None:
    """Parse the files whose known facts do not hold: in forked workers when there are enough of
    them (:mod:`forked`). Their facts are the same either way, and so is what each was read from, as
    far as the facts depend on it: a worker records the lookups its parses make, and inherits those
    made before the fork."""
    stale = [item for item in items if not _holds(item, project_modules)]
    for item in stale:
        _forget_tree(item.module, item.path)  # perhaps built from an earlier text of the file
    _files_read[0] += len(stale)
    found = forked.map_in_workers(_parse, stale)
    if found is None:
        found = [_parse(item) for item in stale]
    for item, known in zip(stale, found):
        _parsed_facts[item.key] = known


def _holds(item: ModuleFacts, project_modules: FrozenSet[str]) -> bool:
    known = _parsed_facts.get(item.key)
    return known is not None and known.holds(item.module, project_modules)


def _parse(item: ModuleFacts) -> ParsedFacts:
    """The exact facts of a file the run did not lint; its scanned ones if it does not parse."""
    stamp = _stamp(item.path)
    try:
        found = fact_trees.facts_of_file(item.path, item.module)
    except Exception:  # pylint: disable=broad-except
        found = item
    read, missing = _files_its_facts_read(item.path)
    return ParsedFacts(found, ((normalized(item.path), stamp), *((path, _stamp(path)) for path in read)), missing)


def _forget_tree(module: str, path: str) -> None:
    cached = astroid.MANAGER.astroid_cache.get(module)
    if cached is not None and cached.file == path:
        del astroid.MANAGER.astroid_cache[module]


def _files_its_facts_read(path: str) -> Tuple[List[str], FrozenSet[str]]:
    """The project files import resolution read from ``path``'s module, and from theirs in turn
    (an answer remembered since another module asked hides nothing: its reads were recorded then),
    and the modules it did not find."""
    start = normalized(path)
    read: Dict[str, None] = {}
    missing = set()
    pending = [start]
    while pending:
        for name, found in resolve.files_read(pending.pop()).items():
            if found is None:
                missing.add(name)
            elif found != start and found not in read:
                read[found] = None
                pending.append(found)
    return list(read), frozenset(missing)


# -- between runs ----------------------------------------------------------------------------


def _restore(root: str) -> None:
    """Take up what an earlier run stored of the project at ``root`` (once per process)."""
    if root in _restored:
        return
    _restored.add(root)
    scans, parsed = stored_facts.load(root)
    for path, scan in scans.items():
        _scans.setdefault(path, scan)
    for key, known in parsed.items():
        _parsed_facts.setdefault(key, known)


def _store(root: str, paths: Sequence[str]) -> None:
    """Store what was read of the project's files (those gone since are left out)."""
    inside = normalized(root) + os.sep
    kept = {path: normalized(path) for path in paths if path in _scans}
    stored_facts.save(
        root,
        {path: _scans[path] for path, key in kept.items() if key.startswith(inside)},
        {key: _parsed_facts[key] for key in kept.values() if key.startswith(inside) and key in _parsed_facts},
    )
