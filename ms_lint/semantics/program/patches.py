"""The methods a program adds to MindSpore's own classes.

Code converted from PyTorch by MindSpore's migration tool imports its adapter (``x2ms_adapter``,
often copied into the project), which gives ``mindspore.nn.Cell`` and ``mindspore.Tensor``
PyTorch's methods at import: ``mindspore.nn.Cell.add_module = add_module``. A method the program
adds that way exists at run time, whatever the catalog says.

Each is recorded as ``"<kind>:<name>"``, the kind of receiver it reaches
(:mod:`ms_lint.semantics.graph.receivers`: a patch of ``Cell`` reaches every Cell and optimizer, one
of ``Tensor`` or ``Parameter`` every Tensor, one of another class, ms_lint cannot tell which: all),
and :data:`ANY` as the name when the program computes it (``setattr(Tensor, name, f)`` in a loop).
"""

from __future__ import annotations

from typing import FrozenSet, Optional, Set

from astroid import nodes

from ms_lint.semantics.graph import receivers
from ms_lint.semantics.names import catalog, constants, index, names

ANY = "*"
ALL_KINDS = frozenset({receivers.CELL, receivers.OPTIMIZER, receivers.TENSOR})
KINDS_REACHED = {
    catalog.CELL: frozenset({receivers.CELL, receivers.OPTIMIZER}),
    catalog.TENSOR: frozenset({receivers.TENSOR}),
    catalog.PARAMETER: frozenset({receivers.TENSOR}),
    **{base: frozenset({receivers.OPTIMIZER}) for base in receivers.OPTIMIZER_BASES},
}


def patched_methods(module: nodes.Module) -> Set[str]:
    """``"<kind>:<name>"`` for each attribute the module assigns to a MindSpore class, anywhere in
    its code: ``mindspore.nn.Cell.add_module = ...`` or ``setattr(Cell, "add_module", ...)``."""
    indexed = index.of(module)
    found: Set[str] = set()
    for assigned in indexed.attribute_assignments:
        found.update(_entries(assigned.expr, assigned.attrname))
    for call in indexed.calls:
        func = call.func
        if isinstance(func, nodes.Name) and func.name == "setattr" and len(call.args) >= 2 and names.is_builtin(func):
            name = constants.fold(call.args[1])
            found.update(_entries(call.args[0], name if isinstance(name, str) else ANY))
    return found


def is_patched(patched: FrozenSet[str], kind: str, name: str) -> bool:
    """Whether the program adds method ``name`` to the receivers of ``kind``."""
    return f"{kind}:{name}" in patched or f"{kind}:{ANY}" in patched


def _entries(expr: nodes.NodeNG, name: str) -> Set[str]:
    kinds = _kinds_reached(expr)
    return {f"{kind}:{name}" for kind in kinds} if kinds else set()


def _kinds_reached(expr: nodes.NodeNG) -> Optional[FrozenSet[str]]:
    # Classes are named in CapWords: a cheap test before resolving (``self.x = ...`` is most of a
    # module's attribute assignments).
    if not (names.basename(expr) or "a")[0].isupper():
        return None
    qualified = names.mindspore_name(expr)
    if qualified is None:
        return None
    return KINDS_REACHED.get(catalog.canonical(qualified), ALL_KINDS)
