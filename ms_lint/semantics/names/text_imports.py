"""Whether an import may bind a name of the user's code that some question is about, read from the
text of the modules it reaches before astroid's tree of any of them is built.

Import resolution answers from astroid's trees, at tens of times the cost of reading text: with
``-j N`` a worker holds the trees of its own files only, and would build one for every other module
its files import. A rule that asks about imported names only of one kind (a function that calls a
PyTorch method of a parameter, a class that may derive from ``Metric``) asks here first; the text
answers with a superset of what the trees show, and the tree is built only when it may. The text
follows an import of the name to its module, a package's re-exports and star imports, and says
"may" for an assignment to the name (``run = impl.predict``). Unless the tree of the first module an
import reaches is built already (with ``-j 1`` pylint builds every linted file's tree first): import
resolution then reads it for less.

Every file the answer rests on is recorded as one the importing module's facts were read from
(:func:`resolve.note_read`), so that a file linted alone sees its cached facts renewed when one changes.
"""

from __future__ import annotations

import ast
import os
import re
from typing import Dict, FrozenSet, List, NamedTuple, Optional, Tuple

import astroid
from astroid import nodes

from ms_lint.semantics.names import import_text, memo, module_trees, names, resolve, search_path


class Question:
    """What the text must show of a file for a name of it to be what the asker is about. Each answer
    is a superset: "may"."""

    def defines(self, path: str, modname: str, name: str, hops: int) -> bool:
        """Whether the module ``modname`` at ``path`` may define ``name`` as such a thing."""
        raise NotImplementedError

    def module_defines(self, path: str, modname: str, hops: int) -> bool:
        """Whether the module may define such a thing under any name (an import of the module itself)."""
        raise NotImplementedError

    def library_name_may_be(self, module: str, name: str) -> bool:  # pylint: disable=unused-argument
        """Whether ``name`` of a library's ``module`` (not the user's code) may be such a thing."""
        return False


# ``name = other`` or ``name = package.other``, a statement of its own (which import resolution
# follows), and more: a line's start, or a ``;`` or ``:`` before it, and one way only to read the dots.
_ALIAS = re.compile(
    r"(?:^|[;:])[ \t]*(\w+)[ \t]*=[ \t]*(?:\w+(?:[ \t]*\.[ \t]*\w+)*[ \t]*(?:[#;\r\n]|$)|[(\\])", re.MULTILINE
)


# ``from <level dots><module> import <imported>`` (module None for ``import <imported>``), and whether aliased.
_Binding = Tuple[int, Optional[str], str, bool]


class _Text(NamedTuple):
    imported: Dict[str, Tuple[_Binding, ...]]  # by the name each import binds
    stars: Tuple[Tuple[int, str], ...]  # the modules of ``from <level dots><module> import *``
    aliased: FrozenSet[str]


def may_bind(statement: nodes.NodeNG, local: str, module: nodes.Module, question: Question) -> bool:
    """Whether the import statement of ``module`` may bind ``local`` to such a thing, or to a module
    that may define one."""
    reached = _reached(statement, local, module)
    if reached is None or reached is _BUILT:
        return reached is _BUILT
    dotted, first = reached
    if isinstance(statement, nodes.Import):
        return _module_may_define(dotted, module.file, module.name, 0, question)
    return _member_may_be(first, dotted.rpartition(".")[2], module.file, module.name, 0, question)


def may_bind_member(statement: nodes.NodeNG, local: str, member: str, module: nodes.Module, question: Question) -> bool:
    """Whether ``local.member`` may be such a thing, ``local`` bound by the import statement of ``module``."""
    reached = _reached(statement, local, module)
    if reached is None or reached is _BUILT:
        return reached is _BUILT
    dotted, first = reached
    if isinstance(statement, nodes.Import):
        return _member_may_be(dotted, member, module.file, module.name, 0, question)
    return _member_of_imported(first, dotted.rpartition(".")[2], member, module.file, module.name, 0, question)


_BUILT = ("", "")  # what :func:`_reached` answers for an import whose first module's tree is built


def _reached(statement: nodes.NodeNG, local: str, module: nodes.Module) -> Optional[Tuple[str, str]]:
    """The dotted name the import statement binds to ``local`` and the first module it reaches (None:
    it binds no such name; :data:`_BUILT` when that module's tree is built already, for import
    resolution then reads it for less than its text costs)."""
    dotted = names.imported_name(statement, local)
    if dotted is None:
        return None
    first = dotted if isinstance(statement, nodes.Import) else names.absolute_module(statement)
    if first is None:
        return None
    path = _own_file(first, module.file, module.name)
    return _BUILT if path is not None and module_trees.built(path, first) else (dotted, first)


def member_may_be(path: str, modname: str, name: str, member: str, hops: int, question: Question) -> bool:
    """Whether ``name.member``, ``name`` as the module ``modname`` at ``path`` binds it, may be such a thing."""
    return _guarded(_member_may_be_in, path, modname, name, member, hops, question)


def _member_may_be_in(path: str, modname: str, name: str, member: str, hops: int, question: Question) -> bool:
    if hops > resolve.MAX_DEPTH:
        return True
    text = _text(path)
    if _assigned(path, name, text):
        return True
    package = path.endswith("__init__.py")
    for level, source, imported, aliased in text.imported.get(name, ()):
        if source is None:  # ``import name`` (its member), or ``import a.b as name``
            found = _followed(imported if aliased else name, member, path, modname, hops + 1, question)
        else:
            absolute = import_text.absolute(level, source, modname, package)
            found = absolute is None or _member_of_imported(
                absolute, imported, member, path, modname, hops + 1, question
            )
        if found:
            return True
    for level, source in text.stars:
        absolute = import_text.absolute(level, source, modname, package)
        if absolute is None or _member_of_imported(absolute, name, member, path, modname, hops + 1, question):
            return True
    return False


def _member_of_imported(
    base: str, name: str, member: str, importer: str, importer_name: str, hops: int, question: Question
) -> bool:
    """``from base import name``, then ``name.member``: a member of the submodule ``base.name``, or of
    whatever ``base`` binds to ``name``."""
    path = _locate(base, importer, importer_name)
    if path is None:
        return question.library_name_may_be(f"{base}.{name}", member)
    if path == _TREE:
        return True
    submodule = _submodule(path, base, name, importer)
    if submodule == _TREE:
        return True
    if submodule is not None and member_may_be_in_module(submodule, f"{base}.{name}", member, hops, question):
        return True
    return member_may_be(path, base, name, member, hops, question)


def member_may_be_in_module(path: str, modname: str, member: str, hops: int, question: Question) -> bool:
    """``member`` of the module ``modname`` at ``path``: a name it binds, or a submodule of it."""
    if name_may_be(path, modname, member, hops, question):
        return True
    submodule = _submodule(path, modname, member, path)
    if submodule is None:
        return False
    return submodule == _TREE or question.module_defines(submodule, f"{modname}.{member}", hops)


def name_may_be(path: str, modname: str, name: str, hops: int, question: Question) -> bool:
    """Whether ``name``, as the module ``modname`` at ``path`` binds it, may be such a thing."""
    return _guarded(_name_may_be_in, path, modname, name, None, hops, question)


def _name_may_be_in(path: str, modname: str, name: str, _: None, hops: int, question: Question) -> bool:
    if hops > resolve.MAX_DEPTH:
        return True  # import resolution follows no further: the tree answers
    text = _text(path)
    if _assigned(path, name, text) or question.defines(path, modname, name, hops):
        return True
    package = path.endswith("__init__.py")
    for level, source, imported, aliased in text.imported.get(name, ()):
        if source is None:  # ``import name`` or ``import a.b as name``
            found = _module_may_define(imported if aliased else name, path, modname, hops + 1, question)
        else:
            absolute = import_text.absolute(level, source, modname, package)
            found = absolute is None or _followed(absolute, imported, path, modname, hops + 1, question)
        if found:
            return True
    for level, source in text.stars:
        absolute = import_text.absolute(level, source, modname, package)
        if absolute is None or _followed(absolute, name, path, modname, hops + 1, question):
            return True
    return False


def _member_may_be(base: str, name: str, importer: str, importer_name: str, hops: int, question: Question) -> bool:
    """``from base import name`` in the module ``importer_name`` at file ``importer``."""
    path = _locate(base, importer, importer_name)
    if path is None:
        return question.library_name_may_be(base, name)  # a library's name binds nothing else of the user's
    return path == _TREE or member_may_be_in_module(path, base, name, hops, question)


_followed_answers = memo.per_run_dict()


def _followed(base: str, name: str, importer: str, importer_name: str, hops: int, question: Question) -> bool:
    """:func:`_member_may_be` for an import of a module an import led to: the modules of a package
    ask it again of the same ``__init__`` (its reads were recorded the first time)."""
    key = (base, name, importer, importer_name, question)
    if key in _followed_answers:
        return _followed_answers[key]
    cuts = _cuts[0]
    answer = _member_may_be(base, name, importer, importer_name, hops, question)
    if answer or cuts == _cuts[0]:
        _followed_answers[key] = answer  # not a "no" that a cycle cut short: the cycle's start decides that
    return answer


# The questions being answered, to cut an import cycle (``from pkg import nn`` in ``pkg/__init__.py``):
# a binding reached again adds nothing to what the first visit finds.
_asking: set = set()
_cuts = [0]


def _guarded(answer, path: str, modname: str, name: str, member: Optional[str], hops: int, question: Question) -> bool:
    key = (answer, path, modname, name, member, question)
    if key in _asking:
        _cuts[0] += 1
        return False
    _asking.add(key)
    try:
        return answer(path, modname, name, member, hops, question)
    finally:
        _asking.discard(key)


def _module_may_define(dotted: str, importer: str, importer_name: str, hops: int, question: Question) -> bool:
    """Whether the user's module ``dotted``, imported from the module ``importer_name`` at file
    ``importer``, may define such a thing."""
    path = _locate(dotted, importer, importer_name)
    return path == _TREE or (path is not None and question.module_defines(path, dotted, hops))


# What :func:`_locate` answers for a module of the user's that is no source file the text can read:
# its tree answers.
_TREE = ""


def _locate(modname: str, importer: str, importer_name: str) -> Optional[str]:
    """The file of the user's module ``modname`` as import resolution finds it from the module
    ``importer_name`` at file ``importer``: the importing program's own file, else one found on
    ``sys.path`` (:data:`_TREE` when the tree answers); None for a library's module."""
    path = _own_file(modname, importer, importer_name)
    if path is None and resolve.is_project_module(modname):
        held = astroid.MANAGER.astroid_cache.get(modname)
        path = _on_path(modname) if held is None else _readable(getattr(held, "file", None))
    resolve.note_read(importer, modname, path or None)
    return path


def _own_file(modname: str, importer: str, importer_name: str) -> Optional[str]:
    """The file of the user's module ``modname`` the importing file's program finds, and for a file
    whose text adds to ``sys.path``, in the folders above it, nearest first: a superset of those it
    adds (:func:`resolve.own_file` reads which from its tree), as a text question may ask."""
    path = module_trees.own_file_from(modname, importer, importer_name)
    return path if path is not None else module_trees.own_file_under(modname, _folders_text_may_add(importer))


@memo.per_run
def _folders_text_may_add(path: str) -> Tuple[str, ...]:
    return search_path.folders_text_may_add(path, import_text.read(path))


def _readable(path: Optional[str]) -> str:
    """The file a tree astroid holds was built from, or :data:`_TREE` when it is no user's source file."""
    return path if path and path.endswith(".py") and not module_trees.installed(path) else _TREE


@memo.per_run
def _on_path(modname: str) -> str:
    try:
        return _readable(astroid.modutils.file_from_modpath(modname.split(".")))
    except Exception:  # pylint: disable=broad-except  # not found: the tree answers
        return _TREE


def _submodule(path: str, package: str, name: str, importer: str) -> Optional[str]:
    """The module ``name`` of the package ``package`` whose ``__init__.py`` is ``path``, imported from
    the file ``importer``: its file, :data:`_TREE` for a folder without ``__init__.py``, None when
    the package has none of that name."""
    if os.path.basename(path) != "__init__.py":
        return None
    folder = os.path.join(os.path.dirname(path), name)
    for candidate in (folder + ".py", os.path.join(folder, "__init__.py")):
        if os.path.isfile(candidate):
            resolve.note_read(importer, f"{package}.{name}", candidate)
            return candidate
    return _TREE if os.path.isdir(folder) else None


# ``case [x, *rest]`` and ``case {**rest}`` bind names (Python 3.10 and later).
_MATCH_CAPTURES = tuple(getattr(ast, kind) for kind in ("MatchAs", "MatchStar", "MatchMapping") if hasattr(ast, kind))


def _assigned(path: str, name: str, text: _Text) -> bool:
    """Whether the module binds ``name`` at its level otherwise than by ``def``, ``class`` or an import
    (``run = impl.predict``): read from the text, then confirmed with the standard library's parser."""
    return name in text.aliased and name in _assigned_names(path)


@memo.per_run
def _assigned_names(path: str) -> FrozenSet[str]:
    """The names a module binds at its level by assignment, ``for``, ``with``, ``except ... as``, ``:=``
    or ``match``, and those any function declares ``global``: a superset of those astroid's lookup
    finds otherwise than by ``def``, ``class`` or an import."""
    tree = parsed(path)
    if tree is None:
        return frozenset()
    found = set()
    pending: List[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Global):
            found.update(node.names)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            pending.extend(child for child in ast.walk(node) if isinstance(child, ast.Global))
            continue
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            found.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found.add(node.name)
        elif isinstance(node, _MATCH_CAPTURES) and getattr(node, "name", None):
            found.add(node.name)
        elif isinstance(node, _MATCH_CAPTURES) and getattr(node, "rest", None):
            found.add(node.rest)
        pending.extend(ast.iter_child_nodes(node))
    return frozenset(found)


def parsed(path: str) -> Optional[ast.Module]:
    """The file's syntax tree by the standard library's parser (which honours a coding cookie), or None
    when it cannot be read or parsed: astroid builds no tree of it either."""
    try:
        with open(path, "rb") as source:
            return ast.parse(source.read())
    except (OSError, SyntaxError, ValueError):
        return None


@memo.per_run
def _text(path: str) -> _Text:
    text = import_text.read(path)
    imported: Dict[str, List[_Binding]] = {}
    stars = []
    for statement in import_text.statements(text):
        for name, alias in statement.names:
            if name == "*":
                stars.append((statement.level, statement.module or ""))
            else:
                binding = (statement.level, statement.module, name, alias is not None)
                imported.setdefault(alias or name.partition(".")[0], []).append(binding)
    return _Text(
        {name: tuple(bindings) for name, bindings in imported.items()},
        tuple(stars),
        frozenset(_ALIAS.findall(text)),
    )
