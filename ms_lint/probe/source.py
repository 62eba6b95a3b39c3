"""Where a finding sits in its file, read with Python's ``ast`` (the probe's parent process side).

Experiments need the class or function around a finding's line, and sometimes the
attribute it assigns. Findings that pylint emits without a node (deferred,
whole-program rules) carry only a line, so this is read from the source.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import os
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple


@dataclass(frozen=True)
class Scope:
    """The definitions around a line, outermost first: ``(("class", "Net"), ("def", "construct"))``."""

    chain: Tuple[Tuple[str, str], ...]

    @property
    def class_qualname(self) -> Optional[str]:
        """Qualified name of the innermost class around the line, if only classes enclose it."""
        names: List[str] = []
        innermost = None
        for kind, name in self.chain:
            if kind != "class":
                if innermost is None:
                    innermost = len(names)
                continue
            if innermost is not None:
                return None  # a class inside a function cannot be reached from the module
            names.append(name)
        return ".".join(names) or None

    @property
    def function(self) -> Optional[Tuple[Optional[str], str]]:
        """(class qualname or None, function name) of the outermost function around the line."""
        classes: List[str] = []
        for kind, name in self.chain:
            if kind == "class":
                classes.append(name)
            elif kind == "def":
                return (".".join(classes) or None, name)
            else:
                return None  # a lambda at module level has no name to reach it by
        return None


@functools.lru_cache(maxsize=128)
def _parse(path: str, stamp: Tuple[int, int]) -> Optional[ast.Module]:  # pylint: disable=unused-argument
    try:
        with open(path, "rb") as stream:
            return ast.parse(stream.read(), filename=path)
    except (OSError, SyntaxError, ValueError):
        return None


def parse(path: str) -> Optional[ast.Module]:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return _parse(path, (info.st_mtime_ns, info.st_size))


def scope_at(path: str, line: int) -> Scope:
    """The classes, functions and lambdas that contain ``line``, outermost first."""
    tree = parse(path)
    chain: List[Tuple[str, str]] = []
    node = tree
    while node is not None:
        inner = None
        for child in ast.iter_child_nodes(node):
            start = getattr(child, "lineno", None)
            if start is None:
                continue
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and child.decorator_list:
                start = min(start, *(decorator.lineno for decorator in child.decorator_list))
            end = getattr(child, "end_lineno", start) or start
            if start <= line <= end:
                inner = child
                break
        if inner is None:
            break
        if isinstance(inner, ast.ClassDef):
            chain.append(("class", inner.name))
        elif isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
            chain.append(("def", inner.name))
        elif isinstance(inner, ast.Lambda):
            chain.append(("lambda", "<lambda>"))
        node = inner
    return Scope(tuple(chain))


def function_span(path: str, line: int) -> Optional[Tuple[int, int]]:
    """(first, last) line of the function whose ``def`` is at ``line``."""
    tree = parse(path)
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno == line:
            return node.lineno, node.end_lineno or node.lineno
    return None


def statement_span(path: str, line: int) -> Optional[Tuple[int, int]]:
    """(first, last) line of the innermost statement that starts at ``line``."""
    tree = parse(path)
    found = None
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.stmt) and node.lineno == line:
            span = (node.lineno, node.end_lineno or node.lineno)
            found = span if found is None or span[1] < found[1] else found
    return found


def enclosing_statement(path: str, line: int) -> Optional[Tuple[int, int]]:
    """(first, last) line of the innermost statement that holds ``line``."""
    tree = parse(path)
    found = None
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or node.lineno):
            span = (node.lineno, node.end_lineno or node.lineno)
            found = span if found is None or span[1] - span[0] < found[1] - found[0] else found
    return found


def self_attribute_at(path: str, line: int) -> Optional[str]:
    """``blocks`` for a statement ``self.blocks = ...`` (or ``self.blocks: T = ...``) starting at ``line``."""
    tree = parse(path)
    if tree is None:
        return None
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.lineno <= line <= (node.end_lineno or line):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    return target.attr
    return None


def file_digest(path: str) -> Optional[str]:
    try:
        with open(path, "rb") as stream:
            return hashlib.sha256(stream.read()).hexdigest()
    except OSError:
        return None


def import_root(path: str, module: str) -> str:
    """The ``sys.path`` entry from which ``module`` is imported as ``path`` (as pylint named it)."""
    parts = module.split(".") if module else []
    directory = os.path.dirname(os.path.abspath(path))
    up = len(parts) - 1
    if os.path.splitext(os.path.basename(path))[0] == "__init__":
        up = len(parts)
    for _ in range(max(up, 0)):
        directory = os.path.dirname(directory)
    return directory


def assignments(scope: ast.AST) -> Dict[str, List[ast.expr]]:
    """Names bound in ``scope`` itself (not in nested functions), with every value they get.

    A name bound by unpacking, a loop, a comprehension, a ``with``, an import or an ``except`` gets no
    single value (it is listed twice).
    ``obj.attr = v`` and ``obj[k] = v`` bind no name.
    """
    found: Dict[str, List[ast.expr]] = {}
    for node in own_nodes(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
                else:
                    _without_single_value(target, found)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name) and node.value:
            found.setdefault(node.target.id, []).append(node.value)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.NamedExpr, ast.comprehension)):
            _without_single_value(node.target, found)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                found.setdefault((alias.asname or alias.name).partition(".")[0], []).extend([node, node])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found.setdefault(node.name, []).extend([node, node])
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.optional_vars is not None:
                    _without_single_value(item.optional_vars, found)
    return found


def _without_single_value(target: ast.expr, found: Dict[str, List[ast.expr]]) -> None:
    """The names a target binds, with no single value."""
    if isinstance(target, ast.Name):
        found.setdefault(target.id, []).extend([target, target])
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            _without_single_value(element, found)
    elif isinstance(target, ast.Starred):
        _without_single_value(target.value, found)


def own_nodes(scope: ast.AST):
    """The nodes of ``scope``, without descending into nested functions and classes."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))
