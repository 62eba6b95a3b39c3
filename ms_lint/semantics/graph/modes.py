"""The execution mode a program sets, read from ``set_context(mode=...)`` and what feeds it.

Training scripts seldom pass a literal: ``set_context(mode=args.mode)`` with
``parser.add_argument("--mode", type=int, default=0)``, ``mode=MODE`` with a module
constant, or ``mode=cfg.mode`` with a config class whose default is 0. A mode is
graph or PyNative only when the code shows which:

* a literal (``0``, ``1``) or MindSpore's constant (``ms.GRAPH_MODE``);
* a name assigned once from one of those;
* ``<something>.<option>``, resolved per program against every argparse option and
  config-class attribute of that name in the program: all their defaults must agree;
* ``a if flag else b`` only when both sides give the same mode;
* ``{0: GRAPH_MODE, 1: PYNATIVE_MODE}[i]`` as ``i``.

Anything else (a function argument, a dict lookup, two disagreeing defaults) is
``DYNAMIC``: unknown.
"""

from __future__ import annotations

from typing import FrozenSet, Iterable, Optional, Set

from astroid import nodes

from ms_lint.semantics.names import index, names

GRAPH, PYNATIVE, DYNAMIC = "graph", "pynative", "dynamic"
# MindSpore's mode constants: GRAPH_MODE == 0, PYNATIVE_MODE == 1.
MODE_VALUES = {0: GRAPH, 1: PYNATIVE}
# ``set_context(mode=args.mode)`` is recorded as OPTION + "mode" until the program is known.
OPTION = "option:"
# Options and config attributes are recorded when their name says they hold a mode.
MODE_WORD = "mode"
MAX_DEPTH = 4


def constant_value(expr: Optional[nodes.NodeNG]):
    """A literal's value, or the value of a MindSpore constant such as ``ms.GRAPH_MODE``."""
    if isinstance(expr, nodes.Const):
        return expr.value
    entity = names.entity(expr) if expr is not None else None
    if entity is not None and entity.kind == "constant":
        return entity.value
    return None


def _literal_mode(expr: nodes.NodeNG, depth: int = 0) -> str:
    """GRAPH or PYNATIVE for a value the code fixes, else DYNAMIC (no option references)."""
    value = constant_value(expr)
    if isinstance(value, int) and not isinstance(value, bool) and value in MODE_VALUES:
        return MODE_VALUES[value]
    if isinstance(expr, nodes.IfExp):
        both = {_literal_mode(expr.body, depth + 1), _literal_mode(expr.orelse, depth + 1)}
        return both.pop() if len(both) == 1 else DYNAMIC
    if isinstance(expr, nodes.Name) and depth < MAX_DEPTH:
        assigned = names.assigned_value(expr)
        if assigned is not None and not _in_loop_or_function_argument(expr):
            return _literal_mode(assigned, depth + 1)
    return DYNAMIC


def _in_loop_or_function_argument(expr: nodes.Name) -> bool:
    binding = names.single_binding(expr)
    return binding is None or isinstance(binding.parent, (nodes.Arguments, nodes.For, nodes.Comprehension))


def _is_mode_table(expr: nodes.NodeNG) -> bool:
    """``{0: GRAPH_MODE, 1: PYNATIVE_MODE}`` (or a name bound to it): ``table[k]`` is mode ``k``."""
    if isinstance(expr, nodes.Name):
        expr = names.assigned_value(expr)
    if not isinstance(expr, nodes.Dict) or not expr.items:
        return False
    return all(
        isinstance(key, nodes.Const) and key.value in MODE_VALUES and _literal_mode(value) == MODE_VALUES[key.value]
        for key, value in expr.items
    )


def mode_of(expr: nodes.NodeNG) -> str:
    """What ``set_context(mode=expr)`` sets: GRAPH, PYNATIVE, DYNAMIC, or OPTION + name."""
    mode = _literal_mode(expr)
    if mode != DYNAMIC:
        return mode
    if isinstance(expr, nodes.Subscript) and _is_mode_table(expr.value):
        return mode_of(expr.slice)
    if isinstance(expr, nodes.Attribute) and names.mindspore_name(expr) is None and MODE_WORD in expr.attrname.lower():
        return OPTION + expr.attrname
    return DYNAMIC


def _option_dest(call: nodes.Call) -> Optional[str]:
    """The attribute ``add_argument("--ms-mode", ...)`` stores into: ``ms_mode`` (or its ``dest=``)."""
    for keyword in call.keywords or ():
        if keyword.arg == "dest":
            return keyword.value.value if isinstance(keyword.value, nodes.Const) else None
    flags = [arg.value for arg in call.args if isinstance(arg, nodes.Const) and isinstance(arg.value, str)]
    long_flags = [flag for flag in flags if flag.startswith("--")]
    if long_flags:
        return long_flags[0][2:].replace("-", "_")
    return None


def _default(call: nodes.Call) -> Optional[nodes.NodeNG]:
    for keyword in call.keywords or ():
        if keyword.arg == "default":
            return keyword.value
    return None


def option_defaults(module: nodes.Module) -> FrozenSet[str]:
    """``name=mode`` for each argparse option and config-class attribute of the module that names a mode.

    ``add_argument("--mode", default=0)`` gives ``mode=graph``; a ``mode`` option with no
    default, or one that is no mode value, gives ``mode=dynamic``.
    """
    found: Set[str] = set()
    indexed = index.of(module)
    for call in indexed.calls:
        if names.basename(call.func) != "add_argument":
            continue
        dest = _option_dest(call)
        if dest and MODE_WORD in dest.lower():
            default = _default(call)
            found.add(f"{dest}={_literal_mode(default) if default is not None else DYNAMIC}")
    for classdef in indexed.classes:
        for statement in classdef.body:
            target = _class_attribute(statement)
            if target and MODE_WORD in target.lower():
                found.add(f"{target}={_literal_mode(statement.value) if statement.value is not None else DYNAMIC}")
    return frozenset(found)


def _class_attribute(statement: nodes.NodeNG) -> Optional[str]:
    if isinstance(statement, nodes.AnnAssign) and isinstance(statement.target, nodes.AssignName):
        return statement.target.name
    if isinstance(statement, nodes.Assign) and len(statement.targets) == 1:
        if isinstance(statement.targets[0], nodes.AssignName):
            return statement.targets[0].name
    return None


def resolve(modes: Iterable[str], defaults: Iterable[str]) -> FrozenSet[str]:
    """The program's modes with option references replaced by the options' agreed default."""
    by_name: dict = {}
    for item in defaults:
        name, _, mode = item.partition("=")
        by_name.setdefault(name, set()).add(mode)
    resolved = set()
    for mode in modes:
        if mode.startswith(OPTION):
            found = by_name.get(mode[len(OPTION) :], set())
            resolved.add(found.pop() if len(found) == 1 else DYNAMIC)
        else:
            resolved.add(mode)
    return frozenset(resolved)
