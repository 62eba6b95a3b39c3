"""One walk over a module, shared by every analysis that scans it whole.

Several rules and facts look at all calls, functions, classes or imports of a module;
walking the tree once and keeping what they need is much cheaper than a walk each.
"""

from __future__ import annotations

from dataclasses import dataclass

from astroid import nodes

from ms_lint.semantics import memo

KINDS = (nodes.Call, nodes.FunctionDef, nodes.ClassDef, nodes.Import, nodes.ImportFrom, nodes.Global, nodes.Nonlocal)


@dataclass(frozen=True)
class ModuleIndex:
    calls: tuple
    functions: tuple
    classes: tuple
    imports: tuple  # Import and ImportFrom statements, at any depth
    declarations: tuple  # Global and Nonlocal statements


@memo.per_node
def of(module: nodes.Module) -> ModuleIndex:
    """The calls, functions, classes, imports and global/nonlocal statements of a module, in source order."""
    calls, functions, classes, imports, declarations = [], [], [], [], []
    for node in module.nodes_of_class(KINDS):
        if isinstance(node, nodes.Call):
            calls.append(node)
        elif isinstance(node, nodes.FunctionDef):
            functions.append(node)
        elif isinstance(node, nodes.ClassDef):
            classes.append(node)
        elif isinstance(node, (nodes.Global, nodes.Nonlocal)):
            declarations.append(node)
        else:
            imports.append(node)
    return ModuleIndex(tuple(calls), tuple(functions), tuple(classes), tuple(imports), tuple(declarations))
