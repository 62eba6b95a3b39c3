"""Qualified names from a file's own imports, without importing or inferring anything.

``from mindspore import nn`` then ``nn.Dense`` gives ``mindspore.nn.Dense``;
``import mindspore as ms`` then ``ms.nn.Dense`` gives the same. The catalog then
says what that name is.
"""

from __future__ import annotations

from typing import Optional

from astroid import nodes

from ms_lint.semantics import catalog

# Simple aliases (``Dense = nn.Dense``) are followed this many times at most.
MAX_ALIAS_DEPTH = 4


def absolute_module(importfrom: nodes.ImportFrom) -> Optional[str]:
    """The absolute module name of a ``from ... import`` (relative levels resolved)."""
    if not importfrom.level:
        return importfrom.modname
    root = importfrom.root()
    package = root.name if root.package else root.name.rpartition(".")[0]
    parts = package.split(".") if package else []
    up = importfrom.level - 1
    if up > len(parts):
        return None
    base = parts[: len(parts) - up]
    if importfrom.modname:
        base.append(importfrom.modname)
    return ".".join(base) or None


def imported_name(import_node: nodes.NodeNG, local: str) -> Optional[str]:
    """The dotted name that an import statement binds to ``local``."""
    if isinstance(import_node, nodes.Import):
        for name, alias in import_node.names:
            if alias == local:
                return name
            if alias is None and name.split(".")[0] == local:
                return local
        return None
    if isinstance(import_node, nodes.ImportFrom):
        module = absolute_module(import_node)
        if module is None:
            return None
        for name, alias in import_node.names:
            if name == "*" or (alias or name) == local:
                return f"{module}.{local if name == '*' else name}"
    return None


def _star_imported(node: nodes.Name) -> Optional[str]:
    """A name that only a ``from mindspore... import *`` can explain, checked against the catalog.

    astroid fills star-imported names only when it can import the module, which
    depends on whether MindSpore is installed: the catalog answers the same either way.
    """
    for importfrom in node.root().nodes_of_class(nodes.ImportFrom):
        if importfrom.names[0][0] != "*":
            continue
        module = absolute_module(importfrom)
        if module and module.startswith("mindspore") and catalog.lookup(f"{module}.{node.name}"):
            return f"{module}.{node.name}"
    return None


def _name_of_assignment(assigned: nodes.NodeNG, local: str, depth: int) -> Optional[str]:
    if isinstance(assigned, (nodes.Import, nodes.ImportFrom)):
        return imported_name(assigned, local)
    if isinstance(assigned, nodes.AssignName) and isinstance(assigned.parent, nodes.Assign):
        value = assigned.parent.value
        if len(assigned.parent.targets) == 1 and isinstance(value, (nodes.Name, nodes.Attribute)):
            return qualified_name(value, depth + 1)
    return None


def qualified_name(node: nodes.NodeNG, depth: int = 0) -> Optional[str]:
    """The fully qualified name an expression refers to through imports, or None.

    Only names bound by imports (or simple aliases of them) are resolved; local
    variables, arguments, and anything ambiguous give None.
    """
    if depth > MAX_ALIAS_DEPTH:
        return None
    if isinstance(node, nodes.Attribute):
        base = qualified_name(node.expr, depth)
        return f"{base}.{node.attrname}" if base else None
    if not isinstance(node, nodes.Name):
        return None
    assignments = bindings(node)
    if not assignments:
        return _star_imported(node)
    names = {_name_of_assignment(assigned, node.name, depth) for assigned in assignments}
    if len(names) != 1:
        return None
    return names.pop()


def mindspore_name(node: nodes.NodeNG) -> Optional[str]:
    """The qualified name if it is a MindSpore name, else None."""
    name = qualified_name(node)
    if name and (name == "mindspore" or name.startswith("mindspore.")):
        return name
    return None


def entity(node: nodes.NodeNG) -> Optional[catalog.Entity]:
    """The catalog entity an expression names (``nn.Dense`` -> the Dense Cell class)."""
    return catalog.lookup(mindspore_name(node))


def bindings(node: nodes.NodeNG) -> list:
    """The statements that may bind a name where it is used; [] when astroid cannot tell."""
    if not isinstance(node, (nodes.Name, nodes.AssignName)):
        return []
    try:
        return list(node.lookup(node.name)[1])
    except Exception:  # pylint: disable=broad-except
        return []


def single_binding(node: nodes.NodeNG) -> Optional[nodes.NodeNG]:
    """The one statement that binds a Name, or None when there are none or several."""
    found = bindings(node)
    return found[0] if len(found) == 1 else None


def assigned_value(node: nodes.NodeNG) -> Optional[nodes.NodeNG]:
    """The value of a Name bound once, by a plain ``name = value``."""
    binding = single_binding(node)
    statement = binding.parent if isinstance(binding, nodes.AssignName) else None
    if isinstance(statement, nodes.Assign) and statement.targets == [binding]:
        return statement.value
    return None


def is_builtin(node: nodes.NodeNG) -> bool:
    """True if a Name refers to a Python builtin (``len``, ``tuple``), not to a user binding."""
    if not isinstance(node, nodes.Name):
        return False
    try:
        scope, found = node.lookup(node.name)
    except Exception:  # pylint: disable=broad-except
        return False
    return not found or (isinstance(scope, nodes.Module) and scope.name == "builtins")


def basename(node: nodes.NodeNG) -> Optional[str]:
    """The last component of a name or attribute chain (``set_context`` in ``ms.set_context``)."""
    if isinstance(node, nodes.Attribute):
        return node.attrname
    if isinstance(node, nodes.Name):
        return node.name
    return None


def call_names(module: nodes.Module, basenames: frozenset) -> frozenset:
    """Names under which a module may call functions with these basenames.

    ``basenames`` plus the aliases of ``from ... import set_device as use_device``; a cheap
    filter to run before resolving each call's qualified name.
    """
    aliases = {
        alias
        for importfrom in module.nodes_of_class(nodes.ImportFrom)
        for name, alias in importfrom.names
        if alias and name in basenames
    }
    return frozenset(basenames) | frozenset(aliases)


def called_entity(call: nodes.NodeNG) -> Optional[catalog.Entity]:
    """The catalog entity a call expression calls, e.g. ``ops.relu`` in ``ops.relu(x)``."""
    if isinstance(call, nodes.Call):
        return entity(call.func)
    return None
