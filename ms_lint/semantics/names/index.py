"""One walk over a module, shared by every analysis that scans it whole.

Several rules and facts look at all calls, functions, classes or imports of a module;
walking the tree once and keeping what they need is much cheaper than a walk each.
"""

from __future__ import annotations

from dataclasses import dataclass

from astroid import nodes
from astroid.nodes import _base_nodes

from ms_lint.semantics.names import memo

# The list of the index each kind goes to (exact types: a dict lookup is cheaper than isinstance).
_SLOTS = {
    nodes.Call: 0,
    nodes.FunctionDef: 1,
    nodes.AsyncFunctionDef: 1,
    nodes.ClassDef: 2,
    nodes.Import: 3,
    nodes.ImportFrom: 3,
    nodes.Global: 4,
    nodes.Nonlocal: 4,
    nodes.Name: 5,
    nodes.Attribute: 5,
    nodes.AssignAttr: 6,
}
# Nodes that never have children: half of a module's nodes, not worth a call each.
_LEAVES = frozenset({nodes.Name, nodes.Const, nodes.AssignName, nodes.DelName, nodes.Pass, nodes.Break, nodes.Continue})


@dataclass(frozen=True)
class ModuleIndex:
    calls: tuple
    functions: tuple
    classes: tuple
    imports: tuple  # Import and ImportFrom statements, at any depth
    declarations: tuple  # Global and Nonlocal statements
    reads: tuple  # Name and Attribute nodes that read a name (``f``, ``self.f``), called or not
    attribute_assignments: tuple  # AssignAttr nodes (``self.x`` in ``self.x = ...``)


@memo.per_run_node  # lookups follow names into other modules: each module is walked once per run
def of(module: nodes.Module) -> ModuleIndex:
    """The calls, functions, classes, imports, global/nonlocal statements, reads and attribute
    assignments of a module, in source order."""
    found: tuple = ([], [], [], [], [], [], [])
    _collect(module, found)
    return ModuleIndex(*map(tuple, found))


def _collect(node: nodes.NodeNG, found: tuple) -> None:
    for child in node.get_children():
        kind = type(child)
        slot = _SLOTS.get(kind)
        if slot is not None:
            found[slot].append(child)
        if kind not in _LEAVES:
            _collect(child, found)


def nodes_of(root: nodes.NodeNG, kinds) -> list:
    """``root.nodes_of_class(kinds)`` as a list, built without a generator per level (it is faster)."""
    found = [root] if isinstance(root, kinds) else []
    _descend(root, kinds, found)
    return found


def _descend(node: nodes.NodeNG, kinds, found: list) -> None:
    for child in node.get_children():
        if isinstance(child, kinds):
            found.append(child)
        if type(child) not in _LEAVES:
            _descend(child, kinds, found)


def earlier_siblings(node: nodes.NodeNG) -> list:
    """The statements before ``node`` in its block, nearest first: the chain of ``previous_sibling()``,
    read in one pass (each ``previous_sibling()`` looks its node up in the block again)."""
    while not isinstance(node, (_base_nodes.Statement, nodes.Module)):
        node = node.parent  # as astroid's previous_sibling of a node that is no statement: its parent's
    if isinstance(node, nodes.Module):
        return []
    block = node.parent.child_sequence(node)
    position = block.index(node)
    earlier = block[position - 1 :: -1] if position else []
    if all(isinstance(item, _base_nodes.Statement) for item in earlier):
        return earlier
    found, sibling = [], node.previous_sibling()  # a block holding other nodes: astroid's own chain
    while sibling is not None:
        found.append(sibling)
        sibling = sibling.previous_sibling()
    return found
