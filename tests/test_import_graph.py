"""No import circle in ``ms_lint``: each module's imports, deferred ones included, point one way."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Set

from lint import REPO
from ms_lint.semantics.program import project

PACKAGE = REPO / "ms_lint"


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(modules: Dict[str, Path]) -> Dict[str, Set[str]]:
    """Every ms_lint module each module imports, at its top or inside a function."""
    graph: Dict[str, Set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = graph[name] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                for alias in node.names:
                    if f"{base}.{alias.name}" in modules:
                        found.add(f"{base}.{alias.name}")
                    elif base in modules:
                        found.add(base)
        found.discard(name)
    return graph


def circles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """The groups of more than one module that import each other (the program model's own
    strongly-connected-components search)."""
    _, components = project._components(sorted(graph), graph)  # pylint: disable=protected-access
    return [members for members in components if len(members) > 1]


def test_the_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_ms_lint_has_no_import_circle():
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    assert circles(imports(modules)) == []


# The rooms of the semantics layer, each with the rooms it may import.
ROOMS = {
    "names": set(),
    "cells": {"names"},
    "graph": {"names", "cells"},
    "program": {"names", "cells", "graph"},
}


def room(module: str) -> str:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 and parts[:2] == ["ms_lint", "semantics"] else ""


def test_the_semantics_rooms_import_one_way():
    modules = {module_name(path): path for path in (PACKAGE / "semantics").rglob("*.py")}
    assert {room(name) for name in modules} - {""} == set(ROOMS)
    against = [
        f"{name} imports {imported}"
        for name, found in imports(modules).items()
        for imported in found
        if room(name) and room(imported) and room(imported) != room(name) and room(imported) not in ROOMS[room(name)]
    ]
    assert against == []
    assert not [path for path in (PACKAGE / "semantics").glob("*.py") if path.name != "__init__.py"], "a module outside the rooms"
