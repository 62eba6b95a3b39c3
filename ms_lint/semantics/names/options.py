"""The options a program reads its settings from: argparse options and config-class attributes.

``parser.add_argument("--sink_size", type=int, default=2)`` and ``class Config: sink_size = 2``
both name an option ``sink_size`` whose default the code shows. Rules that meet ``args.sink_size``,
``config.sink_size`` or ``self.cfg.sink_size`` (:func:`read`) weigh the defaults the program gives
that name (:func:`integer_defaults` feeds them to the program's facts); the mode rules read the mode
options the same way (:func:`ms_lint.semantics.graph.modes.option_defaults`).
"""

from __future__ import annotations

from typing import FrozenSet, Iterator, Optional, Tuple

from astroid import nodes

from ms_lint.semantics.names import arguments, constants, index, names

UNKNOWN = "?"  # an option whose default the code does not show


def declared(module: nodes.Module) -> Iterator[Tuple[str, Optional[nodes.NodeNG]]]:
    """``(name, default)`` of each argparse option and config-class attribute of the module (the
    default None when the code gives none)."""
    indexed = index.of(module)
    for call in indexed.calls:
        if names.basename(call.func) == "add_argument":
            dest = option_dest(call)
            if dest:
                yield dest, arguments.bound(call, ()).get("default")
    for classdef in indexed.classes:
        for statement in classdef.body:
            target = class_attribute(statement)
            if target:
                yield target, statement.value


def integer_defaults(module: nodes.Module) -> FrozenSet[str]:
    """``name=value`` for each option of the module whose default is an int, ``name=?`` for one
    whose default the code does not show."""
    found = set()
    for name, default in declared(module):
        value = constants.fold(default)
        if isinstance(value, int):
            found.add(f"{name}={value}")
        elif value is None:
            found.add(f"{name}={UNKNOWN}")
    return frozenset(found)


def defaults_of(name: str, facts: FrozenSet[str]) -> FrozenSet[str]:
    """The defaults :func:`integer_defaults` facts give option ``name`` (``"2"``, ``"?"``)."""
    prefix = name + "="
    return frozenset(item[len(prefix):] for item in facts if item.startswith(prefix))


def read(expr: Optional[nodes.NodeNG]) -> Optional[str]:
    """The option an attribute read names: ``args.sink_size``, ``Config.sink_size``,
    ``config.train.sink_size`` and ``self.cfg.sink_size`` read option ``sink_size``; None for an
    object's own attribute (``self.sink_size``), anything not rooted at a name, and MindSpore's names."""
    if not isinstance(expr, nodes.Attribute):
        return None
    root = expr.expr
    while isinstance(root, nodes.Attribute):
        root = root.expr
    if not isinstance(root, nodes.Name) or (root.name == "self" and root is expr.expr):
        return None
    return expr.attrname if names.mindspore_name(expr) is None else None


def option_dest(call: nodes.Call) -> Optional[str]:
    """The attribute ``add_argument("--ms-mode", ...)`` stores into: ``ms_mode`` (or its ``dest=``)."""
    dest = arguments.bound(call, ()).get("dest")
    if dest is not None:
        return dest.value if isinstance(dest, nodes.Const) and isinstance(dest.value, str) else None
    flags = [arg.value for arg in call.args if isinstance(arg, nodes.Const) and isinstance(arg.value, str)]
    long_flags = [flag for flag in flags if flag.startswith("--")]
    if long_flags:
        return long_flags[0][2:].replace("-", "_")
    return None


def class_attribute(statement: nodes.NodeNG) -> Optional[str]:
    """The name a class-body statement binds (``mode = 0``, ``mode: int = 0``), or None."""
    if isinstance(statement, nodes.AnnAssign) and isinstance(statement.target, nodes.AssignName):
        return statement.target.name
    if isinstance(statement, nodes.Assign) and len(statement.targets) == 1:
        if isinstance(statement.targets[0], nodes.AssignName):
            return statement.targets[0].name
    return None
