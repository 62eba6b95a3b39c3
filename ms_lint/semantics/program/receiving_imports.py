"""Whether an import may bind a function of the user's code that calls a PyTorch method of one of its
parameters (``def predict(net): net.eval()``), or a module that has one, read from the text of the
modules it may reach.

The receiver rules ask what the importers of such a function pass it
(:mod:`ms_lint.semantics.program.importer_calls`), and import resolution answers from astroid's
tree of the imported module, at tens of times the cost of reading its text: with ``-j N`` a worker
holds the trees of its own files only, and would build one for every other module its files
import. Unless the tree of the first module an import reaches is built already (with ``-j 1``
pylint builds every linted file's tree first), the text answers first, with a superset of what the
trees show: a module-level ``def`` of that name where ``.eval`` (or another PyTorch method) follows,
confirmed with the standard library's parser; an import of that name, followed to its module; an
assignment to it; a star import. Most imports are none of these, and their modules need no tree.
"""

from __future__ import annotations

import ast
import re
from typing import Dict, FrozenSet, List, NamedTuple, Optional, Tuple

from astroid import nodes

from ms_lint.data import pytorch
from ms_lint.semantics.names import import_text, memo, module_trees, names, resolve

# The attribute names a receiver rule asks what the receiver is for: the PyTorch methods.
ASKED = frozenset(entry.key for entry in pytorch.entries(pytorch.METHOD))

# ``.eval``, with what may stand between the two tokens (each character read one way only: linear).
_ASKED_ATTRIBUTE = re.compile(r"\.(?:\s|\\\r?\n|#[^\n]*\n)*(?:%s)\b" % "|".join(sorted(ASKED)))
_DEF = re.compile(r"^(?:async[ \t]+)?def[ \t]+(\w+)", re.MULTILINE)
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
    defined: FrozenSet[str]  # module-level functions that a PyTorch method's name follows


def may_bind(statement: nodes.NodeNG, local: str, module: nodes.Module) -> bool:
    """Whether the import statement may bind ``local`` to such a function or module. Every file read
    is recorded as one the module's facts rest on (:func:`resolve.note_read`)."""
    dotted = names.imported_name(statement, local)
    if dotted is None:
        return False
    first = dotted if isinstance(statement, nodes.Import) else names.absolute_module(statement)
    if first is None:
        return False
    path = module_trees.own_file_from(first, module.file, module.name)
    if path is not None and module_trees.built(path, first):
        return True  # its tree is built already: import resolution reads it for less than its text costs
    if isinstance(statement, nodes.Import):
        return _module_may_define(dotted, module.file, module.name)
    return _member_may_be(first, dotted.rpartition(".")[2], module.file, module.name, 0)


def _member_may_be(base: str, name: str, importer: str, importer_name: str, hops: int) -> bool:
    """``from base import name`` in the module ``importer_name`` at file ``importer``."""
    path = module_trees.own_file_from(base, importer, importer_name)
    resolve.note_read(importer, base, path)
    if path is None:
        # A library's name binds nothing of the user's; a folder without ``__init__.py``, or a
        # package found elsewhere on the path: the tree answers.
        return resolve.is_project_module(base)
    if hops > resolve.MAX_DEPTH:
        return True  # import resolution follows no further: the tree answers
    text = _text(path)
    if name in text.aliased or (name in text.defined and name in _receiving(path)):
        return True
    package = path.endswith("__init__.py")
    for level, source, imported, aliased in text.imported.get(name, ()):
        if source is None:  # ``import name`` or ``import a.b as name``
            found = _module_may_define(imported if aliased else name, path, base)
        else:
            absolute = import_text.absolute(level, source, base, package)
            found = absolute is None or _followed(absolute, imported, path, base, hops + 1)
        if found:
            return True
    for level, source in text.stars:
        absolute = import_text.absolute(level, source, base, package)
        if absolute is None or _followed(absolute, name, path, base, hops + 1):
            return True
    return _module_may_define(f"{base}.{name}", importer, importer_name)  # ``from package import module``


_followed_answers = memo.per_run_dict()


def _followed(base: str, name: str, importer: str, importer_name: str, hops: int) -> bool:
    """:func:`_member_may_be` for an import of a module an import led to: the modules of a package
    ask it again of the same ``__init__`` (its reads were recorded the first time)."""
    key = (base, name, importer, importer_name)
    if key not in _followed_answers:
        _followed_answers[key] = _member_may_be(base, name, importer, importer_name, hops)
    return _followed_answers[key]


def _module_may_define(dotted: str, importer: str, importer_name: str) -> bool:
    """Whether the user's module ``dotted``, imported from the module ``importer_name`` at file
    ``importer``, may define such a function."""
    path = module_trees.own_file_from(dotted, importer, importer_name)
    resolve.note_read(importer, dotted, path)
    return path is not None and bool(_text(path).defined) and bool(_receiving(path))


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
    last = None
    for last in _ASKED_ATTRIBUTE.finditer(text):
        pass
    defined = frozenset(match.group(1) for match in _DEF.finditer(text, 0, last.start())) if last else frozenset()
    return _Text(
        {name: tuple(bindings) for name, bindings in imported.items()},
        tuple(stars),
        frozenset(_ALIAS.findall(text)),
        defined,
    )


@memo.per_run
def _receiving(path: str) -> FrozenSet[str]:
    """The module-level functions of the file that call a PyTorch method of a name among their
    parameters, read with the standard library's parser: a superset of those astroid's tree has."""
    try:
        with open(path, "rb") as source:
            tree = ast.parse(source.read())
    except (OSError, SyntaxError, ValueError):
        return frozenset()  # astroid builds no tree of it either
    return frozenset(
        function.name
        for function in tree.body
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and _calls_asked_of_parameter(function)
    )


def _calls_asked_of_parameter(function: ast.FunctionDef) -> bool:
    arguments = function.args
    every = (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg)
    parameters = {argument.arg for argument in every if argument is not None}
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ASKED
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in parameters
        for node in ast.walk(function)
    )
