"""The folders a script adds to ``sys.path`` from its own place: where its imports are then found.

``sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))`` in ``scripts/train.py``
makes ``from src.trainer import train`` load ``src/trainer.py``, and the trainer part of the
script's program. Only the script's folder and the folders above it count, each worked out from
``__file__`` (``os.path``'s ``dirname``, ``abspath``, ``realpath``, ``normpath`` and ``join``;
``pathlib.Path(...)``, ``.parent``, ``.parents[n]``, ``.resolve()``, ``/``; ``str``; names bound
once).
A path relative to the working directory (``sys.path.append("..")``) depends on where the script
is started from, and is left out.

The import scan of a file the run does not lint (:mod:`workspace`) and the questions asked of a
file's text (:mod:`text_imports`) look for its imports in every folder above it when its text adds
to ``sys.path`` (:func:`folders_text_may_add`): a superset of what its parse finds, so that a file
linted alone joins the same programs.
"""

from __future__ import annotations

import os
import re
from typing import List, Optional, Tuple

from astroid import nodes

from ms_lint.files import normalized
from ms_lint.semantics.names import index, memo, names

ADDS_TO_SYS_PATH = re.compile(r"\bpath[\s\\]*\.[\s\\]*(?:insert|append)[\s\\]*\(")
SYS_PATH_METHODS = frozenset({"insert", "append"})
FOLDER_FUNCTIONS = frozenset({"os.path.dirname"})
SAME_PATH_FUNCTIONS = frozenset(
    {"os.path.abspath", "os.path.realpath", "os.path.normpath", "os.fspath", "str", "pathlib.Path", "pathlib.PurePath"}
)
SAME_PATH_METHODS = frozenset({"resolve", "absolute"})
MAX_DEPTH = 8


def folders_above(file: str) -> Tuple[str, ...]:
    """The folder of ``file`` and every folder above it."""
    folder = os.path.dirname(normalized(file))
    found = [folder]
    while os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
        found.append(folder)
    return tuple(found)


def folders_text_may_add(path: str, text: str) -> Tuple[str, ...]:
    """The folders a file's text may add to ``sys.path``, read without its tree: every folder above
    it when the text adds to ``sys.path`` at all (a superset of :func:`inserted_folders`)."""
    return folders_above(path) if ADDS_TO_SYS_PATH.search(text) else ()


@memo.per_run_node
def inserted_folders(module: nodes.Module) -> Tuple[str, ...]:
    """The folders at or above the module's own that it adds to ``sys.path``, in the order it adds them."""
    if not module.file or not _imports_sys(module):
        return ()
    found: List[str] = []
    for call in index.of(module).calls:
        func = call.func
        if not (isinstance(func, nodes.Attribute) and func.attrname in SYS_PATH_METHODS and call.args):
            continue
        if names.qualified_name(func.expr) != "sys.path":
            continue
        folder = _path(call.args[-1], module.file, 0)
        folder = normalized(folder) if folder is not None else None
        if folder is not None and folder not in found and folder in folders_above(module.file):
            found.append(folder)
    return tuple(found)


def _imports_sys(module: nodes.Module) -> bool:
    """Whether an import of the module binds ``sys`` or a name from it: only then can a name of
    the module be ``sys.path`` (:func:`names.qualified_name` follows the module's imports)."""
    for statement in index.of(module).imports:
        if isinstance(statement, nodes.ImportFrom):
            if (names.absolute_module(statement) or "").partition(".")[0] == "sys":
                return True
        elif any(name.partition(".")[0] == "sys" for name, _ in statement.names):
            return True
    return False


def _path(expr: nodes.NodeNG, file: str, depth: int) -> Optional[str]:
    """The absolute path ``expr`` computes from ``__file__``, or None."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(expr, nodes.Name):
        value = names.assigned_value(expr)
        if value is not None:
            return _path(value, file, depth + 1)
        return file if expr.name == "__file__" and not _assigned_by_the_code(expr) else None
    if isinstance(expr, nodes.Attribute) and expr.attrname == "parent":
        found = _path(expr.expr, file, depth + 1)
        return os.path.dirname(found) if found else None
    if isinstance(expr, nodes.Subscript) and isinstance(expr.value, nodes.Attribute) and expr.value.attrname == "parents":
        found = _path(expr.value.expr, file, depth + 1)
        up = expr.slice.value if isinstance(expr.slice, nodes.Const) else None
        if not found or not isinstance(up, int) or isinstance(up, bool) or up < 0:
            return None
        for _ in range(up + 1):
            found = os.path.dirname(found)
        return found
    if isinstance(expr, nodes.BinOp) and expr.op == "/":
        return _joined(expr.left, [expr.right], file, depth)
    if isinstance(expr, nodes.Call):
        return _called(expr, file, depth)
    return None


def _assigned_by_the_code(name: nodes.Name) -> bool:
    """Whether the code binds the name itself (a module's ``__file__`` is otherwise astroid's own constant)."""
    return any(not isinstance(binding, nodes.Const) for binding in name.lookup(name.name)[1])


def _called(call: nodes.Call, file: str, depth: int) -> Optional[str]:
    func = call.func
    if isinstance(func, nodes.Attribute) and func.attrname in SAME_PATH_METHODS and not call.args:
        return _path(func.expr, file, depth + 1)
    if isinstance(func, nodes.Attribute) and func.attrname == "joinpath":
        return _joined(func.expr, call.args, file, depth)
    if call.keywords or not call.args:
        return None
    qualified = names.qualified_name(func) if isinstance(func, (nodes.Name, nodes.Attribute)) else None
    if qualified == "os.path.join":
        return _joined(call.args[0], call.args[1:], file, depth)
    if len(call.args) != 1:
        return None
    if qualified in FOLDER_FUNCTIONS:
        found = _path(call.args[0], file, depth + 1)
        return os.path.dirname(found) if found else None
    if qualified in SAME_PATH_FUNCTIONS or (isinstance(func, nodes.Name) and func.name == "str" and names.is_builtin(func)):
        return _path(call.args[0], file, depth + 1)
    return None


def _joined(base: nodes.NodeNG, parts: list, file: str, depth: int) -> Optional[str]:
    """``base`` joined with string literals (``".."``, ``"src"``), normalized."""
    found = _path(base, file, depth + 1)
    if found is None or not all(isinstance(part, nodes.Const) and isinstance(part.value, str) for part in parts):
        return None
    return os.path.normpath(os.path.join(found, *(part.value for part in parts)))
