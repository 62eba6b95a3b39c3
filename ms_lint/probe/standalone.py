"""Expressions the probe can evaluate without importing the user's module (pylint's side).

``nn.Conv2d(3, 64, 3, padding=1)`` means the same thing in the user's module and in a
namespace that holds only the module's ``import mindspore.nn as nn``, when every name the
expression reads is bound by such an import, or by a module-level constant assigned once
to a literal, alone. An experiment that builds such an
expression does not need the user's module: it still runs when that module cannot be
imported here (a missing package, a broken import of the project, arguments parsed at
import time), and it runs none of the user's code.
"""

from __future__ import annotations

import ast
from typing import Dict, Iterable, List, Optional

from astroid import nodes

# Top-level packages whose names an expression may read: what the experiments build with.
PACKAGES = frozenset({"mindspore", "numpy", "math"})


def imports_for(expressions: Iterable[nodes.NodeNG]) -> Optional[List[str]]:
    """The statements that bind every name ``expressions`` read, one per name: imports, and
    module-level constants assigned once to a literal (``BN_MOMENTUM = 0.1``).

    None when a name is bound by anything else (a computed assignment, a parameter, a class of
    the module, an import of another package, a relative import) or by more than one statement.
    """
    found: Dict[str, str] = {}
    for expression in expressions:
        for name in expression.nodes_of_class(nodes.Name):
            statement = _binding(name)
            if statement is None:
                return None
            found[name.name] = statement
    return sorted(found.values())


def _binding(name: nodes.Name) -> Optional[str]:
    """``import mindspore.nn as nn``, ``from mindspore import nn`` or ``WIDTH = 8``: the one module-level
    statement that binds the name."""
    try:
        scope, bindings = name.lookup(name.name)
    except Exception:  # pylint: disable=broad-except  # astroid on odd code: not standalone
        return None
    if not isinstance(scope, nodes.Module) or len(bindings) != 1:
        return None
    binding = bindings[0]
    if isinstance(binding, nodes.AssignName):
        return _constant(binding)
    if isinstance(binding, nodes.Import):
        for module, alias in binding.names:
            if (alias or module.partition(".")[0]) == name.name and _allowed(module):
                return f"import {module} as {alias}" if alias else f"import {module}"
    elif isinstance(binding, nodes.ImportFrom) and not binding.level and _allowed(binding.modname):
        for original, alias in binding.names:
            if (alias or original) == name.name and original != "*":
                return f"from {binding.modname} import {original}" + (f" as {alias}" if alias else "")
    return None


def _constant(target: nodes.AssignName) -> Optional[str]:
    """``NAME = <literal>`` for a plain module-level assignment of a literal; None otherwise."""
    statement = target.parent
    if not (isinstance(statement, nodes.Assign) and statement.parent is target.root() and statement.targets == [target]):
        return None
    try:
        ast.literal_eval(statement.value.as_string())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return f"{target.name} = {statement.value.as_string()}"


def _allowed(module: str) -> bool:
    return module.partition(".")[0] in PACKAGES
