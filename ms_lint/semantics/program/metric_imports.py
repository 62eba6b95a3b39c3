"""Whether a call may build a class of the user's code that derives from MindSpore's ``Metric``, read
from the text of the modules its import reaches (:mod:`ms_lint.semantics.names.text_imports`).

metric-missing-method resolves the callee of every call of a CapWords name; one imported from a
module whose tree is not built asks here first. A class may be a Metric when one of its bases is
named ``...Metric``, is a class that may be one (in its file, or imported and followed to its
module), or is an expression the text cannot follow (``make_base()``): the classes and their bases
are read from the text, without a parse. A base of a library (``nn.Cell``) is no user Metric.
"""

from __future__ import annotations

import re
from typing import Dict, Optional, Tuple

from astroid import nodes

from ms_lint.semantics.names import import_text, memo, names, text_imports

METRIC = "Metric"
_OPAQUE = ""  # a base the text cannot follow: an expression other than a dotted name


class _Metric(text_imports.Question):
    def defines(self, path: str, modname: str, name: str, hops: int) -> bool:
        return any(self._base_may_be(path, modname, base, hops) for base in _classes(path).get(name, ()))

    def module_defines(self, path: str, modname: str, hops: int) -> bool:
        return False  # a module is no class: the members of one are asked by name

    def library_name_may_be(self, module: str, name: str) -> bool:
        return name.endswith(METRIC)

    def _base_may_be(self, path: str, modname: str, base: str, hops: int) -> bool:
        if base == _OPAQUE or base.endswith(METRIC):
            return True
        parts = base.split(".")
        if len(parts) == 1:
            return text_imports.name_may_be(path, modname, base, hops + 1, self)
        if len(parts) > 2 or parts[0] in _classes(path):
            return True  # ``a.b.Base`` or ``Outer.Inner``: not followed
        return text_imports.member_may_be(path, modname, parts[0], parts[1], hops + 1, self)


METRIC_CLASSES = _Metric()


def may_build_a_metric(call: nodes.Call) -> bool:
    """False when the callee (``Name()`` or ``module.Name()``) is imported and the text of the
    modules its import reaches shows no class that may derive from Metric; True otherwise."""
    func = call.func
    head = func.expr if isinstance(func, nodes.Attribute) else func
    if not isinstance(head, nodes.Name):
        return True
    binding = names.single_binding(head)
    if not isinstance(binding, (nodes.Import, nodes.ImportFrom)):
        return True
    if head is func:
        return text_imports.may_bind(binding, head.name, call.root(), METRIC_CLASSES)
    return text_imports.may_bind_member(binding, head.name, func.attrname, call.root(), METRIC_CLASSES)


# ``class Name`` at a line's start, and what follows it up to the first ``)``; a base as written: a
# dotted name, or a keyword (``metaclass=ABCMeta``), which is no base.
_CLASS = re.compile(r"^[ \t]*class[ \t]+(\w+)[ \t]*(?:(:)|\(([^)]*)\)[ \t]*(:)?)?", re.MULTILINE)
_DOTTED = re.compile(r"\w+(?:\s*\.\s*\w+)*")
_KEYWORD = re.compile(r"\w+\s*=")


@memo.per_run
def _classes(path: str) -> Dict[str, Tuple[str, ...]]:
    """The bases of every class statement the file's text may hold, at any depth, by class name: each
    a dotted name as written, or :data:`_OPAQUE` for what the text cannot follow (a call, a
    subscript, a comment, a line continuation)."""
    found: Dict[str, Tuple[str, ...]] = {}
    for match in _CLASS.finditer(import_text.read(path)):
        name, bare, listed, closed = match.groups()
        if bare:
            bases: Tuple[str, ...] = ()
        elif listed is not None and closed:
            bases = tuple(_base(part.strip()) for part in listed.split(",") if part.strip())
            bases = tuple(base for base in bases if base is not None)
        else:
            bases = (_OPAQUE,)
        found[name] = found.get(name, ()) + bases
    return found


def _base(written: str) -> Optional[str]:
    """A base as :func:`_classes` keeps it: a dotted name without spaces, None for a keyword."""
    if _DOTTED.fullmatch(written):
        return "".join(written.split())
    return None if _KEYWORD.match(written) and _DOTTED.fullmatch(written.partition("=")[2].strip()) else _OPAQUE
