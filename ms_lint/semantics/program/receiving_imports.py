"""Whether an import may bind a function of the user's code that calls a PyTorch method of one of its
parameters (``def predict(net): net.eval()``), or a module that has one, read from the text of the
modules it may reach (:mod:`ms_lint.semantics.names.text_imports`).

The receiver rules ask what the importers of such a function pass it
(:mod:`ms_lint.semantics.program.importer_calls`). A module-level ``def`` of that name where
``.eval`` (or another PyTorch method) follows may be one; the standard library's parser confirms it.
Most imports bind none, and their modules need no tree.
"""

from __future__ import annotations

import ast
import re
from typing import FrozenSet

from astroid import nodes

from ms_lint.data import pytorch
from ms_lint.semantics.names import import_text, memo, text_imports

# The attribute names a receiver rule asks what the receiver is for: the PyTorch methods.
ASKED = frozenset(entry.key for entry in pytorch.entries(pytorch.METHOD))

# ``.eval``, with what may stand between the two tokens (each character read one way only: linear).
_ASKED_ATTRIBUTE = re.compile(r"\.(?:\s|\\\r?\n|#[^\n]*\n)*(?:%s)\b" % "|".join(sorted(ASKED)))
_DEF = re.compile(r"^(?:async[ \t]+)?def[ \t]+(\w+)", re.MULTILINE)


class _Receiving(text_imports.Question):
    def defines(self, path: str, modname: str, name: str, hops: int) -> bool:
        return name in _defined(path) and name in _receiving(path)

    def module_defines(self, path: str, modname: str, hops: int) -> bool:
        return bool(_defined(path)) and bool(_receiving(path))


RECEIVING = _Receiving()


def may_bind(statement: nodes.NodeNG, local: str, module: nodes.Module) -> bool:
    """Whether the import statement may bind ``local`` to such a function or module."""
    return text_imports.may_bind(statement, local, module, RECEIVING)


@memo.per_run
def _defined(path: str) -> FrozenSet[str]:
    """The module-level functions of the file that a PyTorch method's name follows."""
    text = import_text.read(path)
    last = None
    for last in _ASKED_ATTRIBUTE.finditer(text):
        pass
    return frozenset(match.group(1) for match in _DEF.finditer(text, 0, last.start())) if last else frozenset()


@memo.per_run
def _receiving(path: str) -> FrozenSet[str]:
    """The module-level functions of the file that call a PyTorch method of a name among their
    parameters, read with the standard library's parser: a superset of those astroid's tree has."""
    tree = text_imports.parsed(path)
    if tree is None:
        return frozenset()
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
