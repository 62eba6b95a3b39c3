"""Graph-compiled scope: which functions MindSpore compiles into a graph.

* ``construct`` and ``bprop`` of Cells are compiled when the program runs in
  GRAPH_MODE (the default up to MindSpore 1.10; PyNative is the default from 2.0);
* functions and methods decorated with ``@jit`` (``@ms_function`` before 2.6), or
  wrapped by a call ``jit(fn)``, are compiled in either mode, except
  ``@jit(capture_mode="bytecode")`` (``mode="PIJit"`` before 2.6), which falls back
  to Python for what it cannot compile;
* what those functions call (methods of the same class, functions of the same
  module, functions nested in them, and the functions differentiated by
  ``value_and_grad``/``grad`` whose results they call) is compiled with them.

``@constexpr``/``@_primexpr`` helpers run in Python at compile time: never graph.

:func:`compiled` weighs a function's kind against the program's execution mode.
"""

from __future__ import annotations

from typing import Dict, Iterator, List, Optional

from astroid import nodes

from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import modes
from ms_lint.semantics.names import index, memo, names, resolve

ALWAYS = "jit"  # compiled whatever the execution mode
IN_GRAPH_MODE = "graph-mode"  # compiled only when the program runs in GRAPH_MODE

PYTHON = "python"  # run by the Python interpreter, even when called from graph code

JIT_DECORATORS = frozenset({"jit", "ms_function"})
PYTHON_DECORATORS = frozenset({"constexpr", "_primexpr"})
GRAPH_METHODS = frozenset({"construct", "bprop"})
# Functions whose first argument MindSpore differentiates, compiling it with the caller.
GRAD_FUNCTIONS = frozenset({"value_and_grad", "grad", "jvp", "vjp"})
# ``@jit`` arguments that select bytecode capture (PIJit), which runs unsupported code in Python.
BYTECODE_MODES = (("capture_mode", "bytecode"), ("mode", "PIJit"))


def _mindspore_basename(target: nodes.NodeNG) -> Optional[str]:
    """``jit`` for ``ms.jit``, ``mindspore.jit``, ``jit`` imported from MindSpore under any alias.

    A name imported in alternatives (``try: from mindspore import jit`` / ``except ImportError:
    from mindspore import ms_function as jit``) counts when every import is MindSpore's.
    """
    name = names.mindspore_name(target)
    if name:
        return name.rpartition(".")[2]
    bindings = names.bindings(target)
    found = {names.imported_name(binding, target.name) for binding in bindings}
    if not bindings or not all(isinstance(binding, (nodes.Import, nodes.ImportFrom)) for binding in bindings):
        return None
    if any(not item or not item.startswith("mindspore.") for item in found):
        return None
    last = {item.rpartition(".")[2] for item in found}
    if last <= JIT_DECORATORS:
        return "jit"
    return last.pop() if len(last) == 1 else None


def _decorator_name(decorator: nodes.NodeNG) -> Optional[str]:
    target = decorator.func if isinstance(decorator, nodes.Call) else decorator
    return _mindspore_basename(target)


def _is_bytecode_jit(decorator: nodes.NodeNG) -> bool:
    if not isinstance(decorator, nodes.Call):
        return False
    return any(
        (keyword.arg, getattr(keyword.value, "value", None)) in BYTECODE_MODES for keyword in decorator.keywords or ()
    )


def decorated_kind(function: nodes.FunctionDef) -> Optional[str]:
    """ALWAYS for ``@jit`` functions, PYTHON for ``@constexpr`` helpers and bytecode ``@jit``, else None."""
    if not function.decorators:
        return None
    for decorator in function.decorators.nodes:
        name = _decorator_name(decorator)
        if name in PYTHON_DECORATORS:
            return PYTHON
        if name in JIT_DECORATORS:
            return PYTHON if _is_bytecode_jit(decorator) else ALWAYS
    return None


def jit_decorator(function: nodes.FunctionDef) -> Optional[nodes.NodeNG]:
    """The ``@jit``/``@ms_function`` decorator of a function (bare or called), if it has one."""
    for decorator in function.decorators.nodes if function.decorators else ():
        if _decorator_name(decorator) in JIT_DECORATORS:
            return decorator
    return None


def bytecode_capture(function: nodes.FunctionDef) -> bool:
    """A function decorated ``@jit(capture_mode="bytecode")``: MindSpore runs what it cannot compile in Python."""
    decorator = jit_decorator(function)
    return decorator is not None and _is_bytecode_jit(decorator)


def _entry_kind(function: nodes.FunctionDef) -> Optional[str]:
    decorated = decorated_kind(function)
    if decorated is not None:
        return decorated
    classdef = function.parent
    if function.name in GRAPH_METHODS and isinstance(classdef, nodes.ClassDef):
        if cells.is_cell_class(classdef):
            return IN_GRAPH_MODE
    return None


def _jit_wrapped(module: nodes.Module) -> Iterator[nodes.FunctionDef]:
    """Functions of the module compiled by a call ``jit(fn)`` (not as a decorator)."""
    callable_names = names.call_names(module, JIT_DECORATORS)
    for call in index.of(module).calls:
        if not call.args or isinstance(call.parent, nodes.Decorators):
            continue
        if names.basename(call.func) not in callable_names:
            continue
        if _mindspore_basename(call.func) not in JIT_DECORATORS or _is_bytecode_jit(call):
            continue
        target = _local_function(call.args[0])
        if target is not None:
            yield target


def _local_function(expr: nodes.NodeNG) -> Optional[nodes.FunctionDef]:
    """The function of the same module a name refers to (nested functions included)."""
    if not isinstance(expr, nodes.Name):
        return None
    binding = names.single_binding(expr)
    if isinstance(binding, nodes.FunctionDef):
        return binding
    target = resolve.definition(expr)
    if isinstance(target, nodes.FunctionDef) and target.root() is expr.root():
        return target
    return None


def _differentiated(func: nodes.NodeNG) -> Optional[nodes.FunctionDef]:
    """For ``grad_fn = value_and_grad(forward_fn, ...)``, a call ``grad_fn(...)`` runs ``forward_fn``."""
    call = names.assigned_value(func)
    if not isinstance(call, nodes.Call) or not call.args or _mindspore_basename(call.func) not in GRAD_FUNCTIONS:
        return None
    return _local_function(call.args[0])


def _contents(module: nodes.Module) -> Dict[nodes.FunctionDef, List[nodes.NodeNG]]:
    """The calls and functions under each function of a module, those of nested functions included
    (read from the module's index: one pass, not a walk of each function)."""
    indexed = index.of(module)
    found: Dict[nodes.FunctionDef, List[nodes.NodeNG]] = {}
    for node in (*indexed.calls, *indexed.functions):
        parent = node.parent
        while parent is not None:
            if isinstance(parent, nodes.FunctionDef):
                found.setdefault(parent, []).append(node)
            parent = parent.parent
    return found


def _reached(function: nodes.FunctionDef, contents: Dict[nodes.FunctionDef, List[nodes.NodeNG]]):
    """Functions nested in ``function``, and user functions and methods of the same module it calls."""
    classdef = function.parent if isinstance(function.parent, nodes.ClassDef) else None
    self_name = function.args.args[0].name if classdef is not None and function.args.args else None
    root = function.root()
    for node in contents.get(function, ()):
        if isinstance(node, nodes.FunctionDef):
            yield node
            continue
        func = node.func
        if self_name and isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name):
            if func.expr.name == self_name:
                method = cells.method(classdef, func.attrname)
                if method is not None:
                    yield method
                continue
        if isinstance(func, nodes.Name):
            target = _local_function(func) or _differentiated(func)
            if target is not None and target.root() is root:
                yield target


@memo.per_node
def graph_functions(module: nodes.Module) -> Dict[nodes.FunctionDef, str]:
    """Every function of a module that MindSpore compiles, with ALWAYS or IN_GRAPH_MODE."""
    compiled: Dict[nodes.FunctionDef, str] = {}
    pending = []
    for function in index.of(module).functions:
        kind = _entry_kind(function)
        if kind in (ALWAYS, IN_GRAPH_MODE):
            compiled[function] = kind
            pending.append(function)
    for function in _jit_wrapped(module):
        if decorated_kind(function) != PYTHON and compiled.get(function) != ALWAYS:
            compiled[function] = ALWAYS
            pending.append(function)
    contents = _contents(module) if pending else {}
    while pending:
        function = pending.pop()
        for callee in _reached(function, contents):
            if decorated_kind(callee) == PYTHON or callee.name == "__init__":
                continue
            current = compiled.get(callee)
            upgraded = ALWAYS if ALWAYS in (compiled[function], current) else compiled[function]
            if upgraded != current:
                compiled[callee] = upgraded
                pending.append(callee)
    return compiled


@memo.per_node
def enclosing_function(node: nodes.NodeNG) -> Optional[nodes.FunctionDef]:
    """The function whose code ``node`` is (lambdas belong to the function around them)."""
    function = node if isinstance(node, nodes.FunctionDef) else node.frame()
    while isinstance(function, nodes.Lambda) and not isinstance(function, nodes.FunctionDef):
        function = function.parent.frame()
    return function if isinstance(function, nodes.FunctionDef) else None


def graph_kind(node: nodes.NodeNG) -> Optional[str]:
    """How the function containing ``node`` is compiled: ALWAYS, IN_GRAPH_MODE, or None (Python)."""
    function = enclosing_function(node)
    return None if function is None else _function_kind(function)


@memo.per_node
def _function_kind(function: nodes.FunctionDef) -> Optional[str]:
    return graph_functions(function.root()).get(function)


def compiled(kind: Optional[str], mode: Optional[str]) -> Optional[bool]:
    """Whether a function of graph kind ``kind`` is compiled in a program running in ``mode``.

    ``mode`` is ``modes.GRAPH``, ``modes.PYNATIVE`` or None when the program does not show
    it; the answer is then None for ``construct``/``bprop`` (unknown), True for ``@jit``.
    """
    if kind == ALWAYS or (kind == IN_GRAPH_MODE and mode == modes.GRAPH):
        return True
    if kind == IN_GRAPH_MODE and mode is None:
        return None
    return False


def display_name(function: nodes.FunctionDef) -> str:
    """``Net.construct`` for a method, ``train_step`` for a function, as messages name them."""
    parts = [function.name]
    parent = function.parent
    while parent is not None and not isinstance(parent, nodes.Module):
        if isinstance(parent, nodes.ClassDef):
            parts.append(parent.name)
            break
        parent = parent.parent
    return ".".join(reversed(parts))


def snippet(node: nodes.NodeNG, limit: int = 40, first_line: bool = False) -> str:
    """The source text of a node for a message, shortened to ``limit`` characters.

    ``first_line``: only the statement's first line (``try:``, ``class Box:``).
    """
    text = node.as_string().strip()
    text = " ".join((text.splitlines()[0] if first_line and text else text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
