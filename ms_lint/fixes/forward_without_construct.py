"""Fix for forward-without-construct: rename ``forward`` to ``construct``.

Only the name in ``def forward`` changes. The fix is left alone when something could
still reach the method by its old name: any ``<x>.forward`` (``self.forward(x)``,
``super().forward(x)``, ``model.forward(x)``), a bare ``forward`` name in the class or
module, or the string ``"forward"`` (``getattr``), anywhere in the files linted with it; and
when a subclass among those files defines its own ``forward`` without ``construct`` and is not
fixed in the same run (it would silently inherit the new ``construct``).
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint.fixes.base import Edit, Fix, Refusal, Source
from ms_lint.semantics import cells

SYMBOL = "forward-without-construct"
NODE_TYPES = (nodes.FunctionDef,)
OLD, NEW = "forward", "construct"


def fix(function: nodes.FunctionDef, source: Source, context) -> Union[Fix, Refusal]:
    classdef = function.parent
    if function.name != OLD or not isinstance(classdef, nodes.ClassDef):
        return Refusal("not a forward() method")
    if len(classdef.locals.get(OLD, ())) != 1 or NEW in classdef.locals:
        return Refusal(f"the class binds '{OLD}' or '{NEW}' more than once")
    for module in context.modules:
        refusal = _called_by_name(module, function)
        if refusal:
            return refusal
        refusal = _unfixed_subclass(module, classdef, context)
        if refusal:
            return refusal
    position = function.position
    if position is None:
        return Refusal("the position of the method's name is unknown")
    name_start = (position.end_lineno, position.end_col_offset - len(OLD))
    if source.slice(name_start, (position.end_lineno, position.end_col_offset)) != OLD:
        return Refusal("the method's name is not where astroid says")
    return Fix([Edit(name_start, (position.end_lineno, position.end_col_offset), NEW)], f"{classdef.name}.{OLD} -> {NEW}")


def _called_by_name(module: nodes.Module, function: nodes.FunctionDef):
    where = module.file or module.name
    for node in module.nodes_of_class((nodes.Attribute, nodes.AssignAttr, nodes.Name, nodes.Const)):
        if isinstance(node, (nodes.Attribute, nodes.AssignAttr)) and node.attrname == OLD:
            return Refusal(f"{where}:{node.fromlineno}: {node.as_string()} reaches it by name")
        if isinstance(node, nodes.Name) and node.name == OLD:
            return Refusal(f"{where}:{node.fromlineno}: the name '{OLD}' is used")
        if isinstance(node, nodes.Const) and node.value == OLD:
            return Refusal(f"{where}:{node.fromlineno}: the string '{OLD}' may name it")
    return None


def _unfixed_subclass(module: nodes.Module, classdef: nodes.ClassDef, context):
    for other in module.nodes_of_class(nodes.ClassDef):
        if other is classdef or classdef not in cells.ancestry(other).user:
            continue
        if OLD in other.locals and NEW not in other.locals and not context.flagged(other.locals[OLD][0]):
            return Refusal(f"subclass {other.name} defines {OLD}() too and is not fixed with it")
    return None
