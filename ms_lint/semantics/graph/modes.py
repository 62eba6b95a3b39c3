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

from ms_lint.semantics.names import names, options

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


def option_defaults(module: nodes.Module) -> FrozenSet[str]:
    """``name=mode`` for each argparse option and config-class attribute of the module that names a mode.

    ``add_argument("--mode", default=0)`` gives ``mode=graph``; a ``mode`` option with no
    default, or one that is no mode value, gives ``mode=dynamic``.
    """
    found: Set[str] = set()
    for name, default in options.declared(module):
        if MODE_WORD in name.lower():
            found.add(f"{name}={_literal_mode(default) if default is not None else DYNAMIC}")
    return frozenset(found)


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
