"""The attributes a program adds to MindSpore's own classes and modules.

Code converted from PyTorch by MindSpore's migration tool imports its adapter (``x2ms_adapter``,
often copied into the project), which gives ``mindspore.nn.Cell`` PyTorch's methods at import:
``mindspore.nn.Cell.add_module = add_module``. A method the program adds that way exists at run
time, whatever the catalog says.
"""

from __future__ import annotations

from typing import Set

from astroid import nodes

from ms_lint.semantics.names import constants, index, names

ANY = "*"  # a name ms_lint cannot read (``setattr(Tensor, name, ...)`` in a loop): any attribute may exist


def patched_attributes(module: nodes.Module) -> Set[str]:
    """The attribute names the module assigns to a MindSpore object, anywhere in its code:
    ``mindspore.nn.Cell.add_module = ...`` or ``setattr(Cell, "add_module", ...)`` (:data:`ANY` for a
    name it computes)."""
    indexed = index.of(module)
    found = {
        read.parent.attrname
        for read in indexed.reads
        if type(read.parent) is nodes.AssignAttr and read.parent.expr is read and _class_name(read)
    }
    for call in indexed.calls:
        if (
            isinstance(call.func, nodes.Name)
            and call.func.name == "setattr"
            and len(call.args) >= 2
            and names.is_builtin(call.func)
            and _class_name(call.args[0])
        ):
            name = constants.fold(call.args[1])
            found.add(name if isinstance(name, str) else ANY)
    return found


def _class_name(expr: nodes.NodeNG) -> bool:
    """A MindSpore class (``Cell``, ``nn.Cell``, ``ms.Tensor``): CapWords first, a cheap test before
    resolving the name (``self.x = ...`` is most of a module's attribute assignments)."""
    return (names.basename(expr) or "a")[0].isupper() and bool(names.mindspore_name(expr))
