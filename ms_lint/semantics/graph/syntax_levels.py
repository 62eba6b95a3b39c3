"""The JIT syntax level graph code is compiled at: STRICT, COMPATIBLE or LAX.

MindSpore 2.1 added ``set_context(jit_syntax_level=...)`` (``ms.STRICT`` == 0,
``ms.COMPATIBLE`` == 1, ``ms.LAX`` == 2, default LAX); ``JitConfig(jit_syntax_level="STRICT")``
sets it for the networks it is given to, and from 2.6 ``@jit(fullgraph=True)`` compiles a
function at STRICT. MindSpore 2.0 and 1.x compile every graph at what is STRICT today.

A level is known only when the code shows it:

* ``set_context(jit_syntax_level=...)``: a literal, MindSpore's constant, or a name bound once
  to one; the program's levels must agree;
* ``JitConfig(jit_syntax_level=...)`` applies to some networks only: it adds its level to the
  program's, so a STRICT JitConfig alone leaves the level unknown;
* a function decorated ``@jit(fullgraph=True)`` is STRICT whatever the program sets;
* a setting under a condition (``if use_backbone: set_context(jit_syntax_level=0)``) may not
  run: it leaves the level unknown.
"""

from __future__ import annotations

from typing import FrozenSet, Optional, Tuple

from astroid import nodes

from ms_lint.data.graph_syntax import ALL_LEVELS as LEVELS
from ms_lint.data.graph_syntax import COMPATIBLE, LAX, STRICT
from ms_lint.semantics.graph import scope
from ms_lint.semantics.names import names

DYNAMIC = "dynamic"
VALUES = {0: STRICT, 1: COMPATIBLE, 2: LAX}
# JitConfig's level applies to the networks it is given to: recorded with this prefix.
CONFIG = "config:"
JIT_CONFIG = frozenset({"mindspore.JitConfig", "mindspore.graph.jit_config.JitConfig", "mindspore.common.jit_config.JitConfig"})
FIRST_LEVELED_VERSION = (2, 1)  # jit_syntax_level, with LAX as its default
MAX_DEPTH = 4


def level_of(expr: Optional[nodes.NodeNG], depth: int = 0) -> str:
    """STRICT, COMPATIBLE or LAX for a value the code fixes, else DYNAMIC."""
    if isinstance(expr, nodes.Const):
        if isinstance(expr.value, str) and expr.value.upper() in LEVELS:
            return expr.value.upper()
        if isinstance(expr.value, int) and not isinstance(expr.value, bool):
            return VALUES.get(expr.value, DYNAMIC)
        return DYNAMIC
    name = names.mindspore_name(expr) if expr is not None else None
    if name is not None:
        last = name.rpartition(".")[2]
        return last if last in LEVELS else DYNAMIC
    if isinstance(expr, nodes.Name) and depth < MAX_DEPTH:
        binding = names.single_binding(expr)
        if binding is not None and not isinstance(binding.parent, (nodes.Arguments, nodes.For, nodes.Comprehension)):
            return level_of(names.assigned_value(expr), depth + 1)
    return DYNAMIC


CONDITIONAL = (nodes.If, nodes.IfExp, nodes.While, nodes.For, nodes.Try, nodes.BoolOp)


def set_level(call: nodes.Call, expr: nodes.NodeNG) -> str:
    """The level ``set_context(jit_syntax_level=expr)`` sets; DYNAMIC when the call may not run."""
    parent = call.parent
    while parent is not None and not isinstance(parent, (nodes.FunctionDef, nodes.Module)):
        if isinstance(parent, CONDITIONAL):
            return DYNAMIC
        parent = parent.parent
    return level_of(expr)


def config_level(call: nodes.Call) -> Optional[str]:
    """``CONFIG + level`` for ``JitConfig(jit_syntax_level=...)``, else None."""
    if names.mindspore_name(call.func) not in JIT_CONFIG:
        return None
    for keyword in call.keywords or ():
        if keyword.arg == "jit_syntax_level":
            return CONFIG + level_of(keyword.value)
    return None


def default_level(version: Tuple[int, ...]) -> str:
    return LAX if version >= FIRST_LEVELED_VERSION else STRICT


def program_level(found: FrozenSet[str], version: Tuple[int, ...]) -> Optional[str]:
    """The one level a program compiles at, from its recorded levels, or None when it is not certain."""
    context = {level for level in found if not level.startswith(CONFIG)}
    levels = (context or {default_level(version)}) | {level[len(CONFIG) :] for level in found if level.startswith(CONFIG)}
    return levels.pop() if len(levels) == 1 and DYNAMIC not in levels else None


def is_fullgraph(function: Optional[nodes.FunctionDef]) -> bool:
    """A function decorated ``@jit(fullgraph=True)``, or nested in one."""
    while function is not None:
        decorator = scope.jit_decorator(function)
        if decorator is not None and isinstance(decorator, nodes.Call):
            for keyword in decorator.keywords or ():
                if keyword.arg == "fullgraph" and isinstance(keyword.value, nodes.Const) and keyword.value.value is True:
                    return True
        parent = function.parent.frame() if function.parent is not None else None
        function = parent if isinstance(parent, nodes.FunctionDef) else None
    return False
