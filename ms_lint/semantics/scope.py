"""Graph-compiled scope: which functions MindSpore compiles into a graph.

* ``construct`` and ``bprop`` of Cells are compiled when the program runs in
  GRAPH_MODE (the default up to MindSpore 1.10; PyNative is the default from 2.0);
* functions and methods decorated with ``@jit`` (``@ms_function`` before 2.6) are
  compiled in either mode, except ``@jit(capture_mode="bytecode")``, which falls
  back to Python for what it cannot compile;
* what those functions call (methods of the same class, functions of the same
  module) is compiled with them.

``@constexpr``/``@_primexpr`` helpers run in Python at compile time: never graph.
"""

from __future__ import annotations

import functools
from typing import Dict, Optional

from astroid import nodes

from ms_lint.semantics import cells, names, resolve

ALWAYS = "jit"  # compiled whatever the execution mode
IN_GRAPH_MODE = "graph-mode"  # compiled only when the program runs in GRAPH_MODE

JIT_DECORATORS = frozenset({"jit", "ms_function"})
PYTHON_DECORATORS = frozenset({"constexpr", "_primexpr"})
GRAPH_METHODS = frozenset({"construct", "bprop"})


def _decorator_name(decorator: nodes.NodeNG) -> Optional[str]:
    target = decorator.func if isinstance(decorator, nodes.Call) else decorator
    name = names.mindspore_name(target)
    return name.rpartition(".")[2] if name else None


def _is_bytecode_jit(decorator: nodes.NodeNG) -> bool:
    if not isinstance(decorator, nodes.Call):
        return False
    return any(
        keyword.arg == "capture_mode" and isinstance(keyword.value, nodes.Const) and keyword.value.value == "bytecode"
        for keyword in decorator.keywords or ()
    )


def decorated_kind(function: nodes.FunctionDef) -> Optional[str]:
    """ALWAYS for ``@jit`` functions, "python" for ``@constexpr`` helpers, else None."""
    if not function.decorators:
        return None
    for decorator in function.decorators.nodes:
        name = _decorator_name(decorator)
        if name in PYTHON_DECORATORS:
            return "python"
        if name in JIT_DECORATORS:
            return None if _is_bytecode_jit(decorator) else ALWAYS
    return None


def _entry_kind(function: nodes.FunctionDef) -> Optional[str]:
    decorated = decorated_kind(function)
    if decorated is not None:
        return decorated
    classdef = function.parent
    if function.name in GRAPH_METHODS and isinstance(classdef, nodes.ClassDef):
        if cells.is_cell_class(classdef):
            return IN_GRAPH_MODE
    return None


def _callees(function: nodes.FunctionDef):
    """User functions and methods of the same module that ``function`` calls."""
    classdef = function.parent if isinstance(function.parent, nodes.ClassDef) else None
    self_name = function.args.args[0].name if classdef is not None and function.args.args else None
    root = function.root()
    for call in function.nodes_of_class(nodes.Call):
        func = call.func
        if self_name and isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name):
            if func.expr.name == self_name:
                method = _method_of(classdef, func.attrname)
                if method is not None:
                    yield method
                continue
        if isinstance(func, nodes.Name):
            target = resolve.definition(func)
            if isinstance(target, nodes.FunctionDef) and target.root() is root:
                yield target


def _method_of(classdef: nodes.ClassDef, name: str) -> Optional[nodes.FunctionDef]:
    for candidate in [classdef, *cells.ancestry(classdef).user]:
        member = candidate.locals.get(name, [])
        if len(member) == 1 and isinstance(member[0], nodes.FunctionDef):
            return member[0]
    return None


@functools.lru_cache(maxsize=256)
def graph_functions(module: nodes.Module) -> Dict[nodes.FunctionDef, str]:
    """Every function of a module that MindSpore compiles, with ALWAYS or IN_GRAPH_MODE."""
    compiled: Dict[nodes.FunctionDef, str] = {}
    pending = []
    for function in module.nodes_of_class(nodes.FunctionDef):
        kind = _entry_kind(function)
        if kind in (ALWAYS, IN_GRAPH_MODE):
            compiled[function] = kind
            pending.append(function)
    while pending:
        function = pending.pop()
        for callee in _callees(function):
            if decorated_kind(callee) == "python" or callee.name == "__init__":
                continue
            current = compiled.get(callee)
            upgraded = ALWAYS if ALWAYS in (compiled[function], current) else compiled[function]
            if upgraded != current:
                compiled[callee] = upgraded
                pending.append(callee)
    return compiled


def graph_kind(node: nodes.NodeNG) -> Optional[str]:
    """How the function containing ``node`` is compiled: ALWAYS, IN_GRAPH_MODE, or None (Python)."""
    function = node if isinstance(node, nodes.FunctionDef) else node.frame()
    while isinstance(function, nodes.Lambda) and not isinstance(function, nodes.FunctionDef):
        function = function.parent.frame()
    if not isinstance(function, nodes.FunctionDef):
        return None
    return graph_functions(function.root()).get(function)
