"""Fix for forward-without-construct: rename ``forward`` to ``construct``.

Only the name in ``def forward`` changes. The fix is left alone when something could still
reach the method by its old name, anywhere in the files linted with it: ``<x>.forward``
(``model.forward(x)``, ``super().forward(x)``, or ``self.forward(x)`` in the class, its
ancestors or its subclasses), a bare ``forward`` in the class body (``backward = forward``),
or the string ``"forward"`` (``getattr``). It is also left alone when a subclass among those
files defines its own ``forward()`` without ``construct()`` and is not fixed in the same run:
it would silently inherit the new ``construct``; or when a base class cannot be read (a
third-party mixin), whose code may call ``forward`` by name.
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint.fixes.base import Edit, Fix, Refusal, Source, self_class
from ms_lint.language import Text
from ms_lint.semantics.cells import cells

NOT_FORWARD = Text("not a forward() method", "不是 forward() 方法")
BOUND_TWICE = Text("the class binds '%s' or '%s' more than once", "该类多次绑定 '%s' 或 '%s'")
UNREADABLE_BASE = Text("a base class cannot be read: it may call %s() by name", "无法读取某个基类：它可能按名称调用 %s()")
NAME_POSITION_UNKNOWN = Text("the position of the method's name is unknown", "方法名的位置未知")
NAME_MISPLACED = Text("the method's name is not where astroid says", "方法名不在 astroid 给出的位置")
REACHED_BY_NAME = Text("%s:%s: %s reaches it by name", "%s:%s：%s 按名称访问它")
NAME_USED = Text("%s:%s: the name '%s' is used", "%s:%s：使用了名称 '%s'")
STRING_MAY_NAME = Text("%s:%s: the string '%s' may name it", "%s:%s：字符串 '%s' 可能指代它")
SUBCLASS_NOT_FIXED = Text("subclass %s defines %s() too and is not fixed with it", "子类 %s 也定义了 %s()，且不会随之修复")

SYMBOL = "forward-without-construct"
NODE_TYPES = (nodes.FunctionDef,)
UNSAFE = False  # calling the Cell fails today; construct is what MindSpore calls
OLD, NEW = "forward", "construct"


def fix(function: nodes.FunctionDef, source: Source, context) -> Union[Fix, Refusal]:
    classdef = function.parent
    if function.name != OLD or not isinstance(classdef, nodes.ClassDef):
        return Refusal(NOT_FORWARD)
    if len(classdef.locals.get(OLD, ())) != 1 or NEW in classdef.locals:
        return Refusal(BOUND_TWICE % (OLD, NEW))
    if not cells.ancestry(classdef).complete:
        return Refusal(UNREADABLE_BASE % (OLD,))
    for module in context.modules:
        refusal = _called_by_name(module, classdef)
        if refusal:
            return refusal
        refusal = _unfixed_subclass(module, classdef, context)
        if refusal:
            return refusal
    position = function.position
    if position is None:
        return Refusal(NAME_POSITION_UNKNOWN)
    name_start = (position.end_lineno, position.end_col_offset - len(OLD))
    if source.slice(name_start, (position.end_lineno, position.end_col_offset)) != OLD:
        return Refusal(NAME_MISPLACED)
    return Fix([Edit(name_start, (position.end_lineno, position.end_col_offset), NEW)], f"{classdef.name}.{OLD} -> {NEW}")


def _called_by_name(module: nodes.Module, classdef: nodes.ClassDef):
    where = module.file or module.name
    for node in module.nodes_of_class((nodes.Attribute, nodes.AssignAttr, nodes.Name, nodes.Const)):
        if isinstance(node, (nodes.Attribute, nodes.AssignAttr)) and node.attrname == OLD:
            owner = self_class(node)
            if owner is not None and not _related(owner, classdef):
                continue  # self.forward in an unrelated class is that class's own method
            return Refusal(REACHED_BY_NAME % (where, node.fromlineno, node.as_string()))
        if isinstance(node, nodes.Name) and node.name == OLD and _names_the_method(node, classdef):
            return Refusal(NAME_USED % (where, node.fromlineno, OLD))
        if isinstance(node, nodes.Const) and node.value == OLD:
            return Refusal(STRING_MAY_NAME % (where, node.fromlineno, OLD))
    return None


def _names_the_method(name: nodes.Name, classdef: nodes.ClassDef) -> bool:
    """A bare ``forward`` means the method only in the class body (``backward = forward``)."""
    try:
        _, assignments = name.lookup(OLD)
    except Exception:  # pylint: disable=broad-except
        return True
    return any(assigned in classdef.locals.get(OLD, ()) for assigned in assignments)


def _related(one: nodes.ClassDef, other: nodes.ClassDef) -> bool:
    """Whether one class is the other, or an ancestor or subclass of it (as far as can be seen)."""
    if one is other:
        return True
    one_lineage, other_lineage = cells.ancestry(one), cells.ancestry(other)
    if other in one_lineage.user or one in other_lineage.user:
        return True
    # A base that cannot be followed might be the other class.
    return not (one_lineage.complete and other_lineage.complete)


def _unfixed_subclass(module: nodes.Module, classdef: nodes.ClassDef, context):
    for other in module.nodes_of_class(nodes.ClassDef):
        if other is classdef or classdef not in cells.ancestry(other).user:
            continue
        if OLD in other.locals and NEW not in other.locals and not context.flagged(other.locals[OLD][0]):
            return Refusal(SUBCLASS_NOT_FIXED % (other.name, OLD))
    return None
