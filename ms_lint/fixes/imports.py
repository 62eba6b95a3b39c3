"""How to write a MindSpore name in a file, in the file's own import style, adding an import if needed.

``nn.CellList`` after ``from mindspore import nn`` or ``import mindspore.nn as nn``;
``ms.nn.CellList`` after ``import mindspore as ms``; ``CellList`` added to an existing
``from mindspore.nn import Cell, Dense``; ``from mindspore import nn`` added when nothing
else serves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, List, Optional, Tuple

from astroid import nodes

from ms_lint.fixes.base import Edit, Source, end_of
from ms_lint.semantics.names import catalog, names

PACKAGE = "mindspore"


@dataclass(frozen=True)
class Spelling:
    """The text that names the object at the fix's site, and the import edits it needs."""

    text: str
    edits: Tuple[Edit, ...] = ()


@dataclass(frozen=True)
class _Binding:
    local: str
    qualified: str
    statement: nodes.NodeNG


def spell(at: nodes.NodeNG, module_path: str, name: str, source: Source) -> Optional[Spelling]:
    """How to write ``<module_path>.<name>`` (e.g. ``mindspore.nn`` + ``CellList``) at ``at``."""
    module = at.root()
    bindings = [binding for binding in _bindings(module) if _visible(at, binding)]
    wanted = catalog.canonical(f"{module_path}.{name}")
    for binding in bindings:
        if catalog.canonical(binding.qualified) == wanted:
            return Spelling(binding.local)
    module_binding = next((b for b in bindings if b.qualified == module_path), None)
    # ``import mindspore as ms`` + ``from mindspore import Parameter``: the file names top-level
    # objects directly, so ParameterTuple joins Parameter; a module (``nn``) is used as a module.
    if module_binding is not None and module_path != PACKAGE:
        return Spelling(f"{module_binding.local}.{name}")
    if name not in module.locals:
        for statement in _top_level_imports(module):
            if isinstance(statement, nodes.ImportFrom) and names.absolute_module(statement) == module_path:
                if statement.names[0][0] == "*":
                    return Spelling(name)
                return Spelling(name, (_add_name(statement, name, source),))
    if module_binding is not None:
        return Spelling(f"{module_binding.local}.{name}")
    for binding in bindings:
        if binding.qualified == PACKAGE and module_path.startswith(PACKAGE + "."):
            return Spelling(f"{binding.local}{module_path[len(PACKAGE):]}.{name}")
    parent, _, last = module_path.rpartition(".")
    local, line = (last, f"from {parent} import {last}") if parent else (name, f"from {module_path} import {name}")
    if local in module.locals:
        return None
    anchor = _anchor(module)
    if anchor is None:
        return None
    text = f"{local}.{name}" if parent else name
    return Spelling(text, (line_after(anchor, line, source),))


def _bindings(module: nodes.Module) -> Iterator[_Binding]:
    for statement in _top_level_imports(module):
        if isinstance(statement, nodes.Import):
            for dotted, alias in statement.names:
                if alias:
                    yield _Binding(alias, dotted, statement)
                else:
                    root = dotted.split(".")[0]
                    yield _Binding(root, root, statement)
        else:
            package = names.absolute_module(statement)
            if package is None:
                continue
            for imported, alias in statement.names:
                if imported != "*":
                    yield _Binding(alias or imported, f"{package}.{imported}", statement)


def _top_level_imports(module: nodes.Module) -> List[nodes.NodeNG]:
    return [statement for statement in module.body if isinstance(statement, (nodes.Import, nodes.ImportFrom))]


def _visible(at: nodes.NodeNG, binding: _Binding) -> bool:
    """The name means that import at ``at`` (no local variable or later assignment shadows it)."""
    try:
        _, assignments = at.scope().scope_lookup(at, binding.local)
    except Exception:  # pylint: disable=broad-except
        return False
    return len(assignments) == 1 and assignments[0] is binding.statement


def _add_name(statement: nodes.ImportFrom, name: str, source: Source) -> Edit:
    """``from mindspore.nn import Cell`` -> ``from mindspore.nn import Cell, CellList``."""
    text = source.slice((statement.lineno, statement.col_offset), end_of(statement))
    line = source.line(statement.end_lineno)
    rest = line.encode("utf-8")[statement.end_col_offset :].decode("utf-8", errors="ignore").strip()
    plain = "(" not in text and "\\" not in text and statement.lineno == statement.end_lineno
    if plain and (not rest or rest.startswith("#")):
        return Edit.insert(end_of(statement), f", {name}")
    return line_after(statement, f"from {names.absolute_module(statement)} import {name}", source)


def line_after(statement: nodes.NodeNG, line: str, source: Source, indent: Optional[str] = None) -> Edit:
    """Insert ``line`` on a line of its own after ``statement``, indented as it (or by ``indent``)."""
    indent = " " * statement.col_offset if indent is None else indent
    if statement.end_lineno >= len(source.line_starts):
        # The statement is on the file's last line.
        ending = "" if source.text.endswith(("\n", "\r")) else source.newline
        return Edit.insert((statement.end_lineno + 1, 0), f"{ending}{indent}{line}{source.newline}")
    return Edit.insert((statement.end_lineno + 1, 0), f"{indent}{line}{source.newline}")


def _anchor(module: nodes.Module) -> Optional[nodes.NodeNG]:
    """The import a new MindSpore import goes after: the last one of MindSpore, else the last one."""
    imports = _top_level_imports(module)
    mindspore = [
        statement
        for statement in imports
        if any(
            binding.qualified == PACKAGE or binding.qualified.startswith(PACKAGE + ".")
            for binding in _bindings_of(statement)
        )
        or (isinstance(statement, nodes.ImportFrom) and (names.absolute_module(statement) or "").startswith(PACKAGE))
    ]
    chosen = mindspore or imports
    return chosen[-1] if chosen else None


def _bindings_of(statement: nodes.NodeNG) -> Iterator[_Binding]:
    if isinstance(statement, nodes.Import):
        for dotted, alias in statement.names:
            yield _Binding(alias or dotted.split(".")[0], dotted, statement)
