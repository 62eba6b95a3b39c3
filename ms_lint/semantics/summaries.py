"""What a module's top-level names are, told without parsing the modules it imports.

Each linted module leaves this summary in its facts; a name another module imports from it is then
resolved from the summary, across the whole program, without parsing it again. With ``-j N`` the
module that uses a name and the one that defines it are linted in different processes: this keeps
each process from parsing the other's modules (see :func:`ms_lint.semantics.resolve.follow` for the
same resolution over parsed modules, used for modules that were not linted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, FrozenSet, Iterator, Optional, Tuple

from astroid import nodes

from ms_lint.semantics import evaluation, resolve

MAX_DEPTH = resolve.MAX_DEPTH


@dataclass(frozen=True)
class NameSummary:
    """A module's top-level names: which resolve to anything, which lead into other user modules, and
    which name a ``mindspore.train.Metric`` subclass missing methods (with the path of a nested
    class: ``Outer.Inner``)."""

    bound: FrozenSet[str] = frozenset()
    elsewhere: Tuple[Tuple[str, resolve.Elsewhere], ...] = ()
    metric_gaps: Tuple[Tuple[str, Tuple[Tuple[str, ...], str]], ...] = ()  # path -> (missing methods, class name)


def of(module: nodes.Module) -> NameSummary:
    bound, elsewhere, gaps = set(), [], []
    for name in module.locals:
        found = resolve.local_lookup(module, name)
        if found is None:
            continue
        bound.add(name)
        if isinstance(found, resolve.Elsewhere):
            elsewhere.append((name, found))
        elif isinstance(found, nodes.ClassDef):
            gaps.extend(_metric_gaps(found, name))
    return NameSummary(frozenset(bound), tuple(elsewhere), tuple(gaps))


def _metric_gaps(classdef: nodes.ClassDef, path: str, depth: int = 0) -> Iterator[Tuple[str, Tuple[Tuple[str, ...], str]]]:
    """The Metric classes missing methods at ``path`` and below it (class members named once)."""
    missing = evaluation.metric_gaps(classdef)
    if missing:
        yield path, (missing, classdef.name)
    if depth >= MAX_DEPTH:
        return
    for name, members in classdef.locals.items():
        if len(members) == 1 and isinstance(members[0], nodes.ClassDef):
            yield from _metric_gaps(members[0], f"{path}.{name}", depth + 1)


def metric_gaps(elsewhere: resolve.Elsewhere, importer, summary_of, depth: int = 0) -> Optional[Tuple[Tuple[str, ...], str]]:
    """``(missing methods, class name)`` of the Metric class ``elsewhere`` (found in module ``importer``)
    leads to, or None if it leads to no Metric missing methods.

    ``summary_of(module, importer)`` gives ``(summary, module)`` for a linted module, or None when it
    was not linted: the module is then parsed and resolution followed there.
    """
    if depth > MAX_DEPTH or not elsewhere.names:
        return None
    linted = summary_of(elsewhere.module, importer)
    if linted is None:
        found = resolve.follow(elsewhere)
        missing = evaluation.metric_gaps(found) if isinstance(found, nodes.ClassDef) else None
        return (missing, found.name) if missing else None
    summary, module = linted
    first, rest = elsewhere.names[0], elsewhere.names[1:]
    onward: Dict[str, resolve.Elsewhere] = dict(summary.elsewhere)
    # ``from . import metrics`` in package/__init__.py names the module's own ``metrics``: resolution then
    # ends at its submodule.
    looping = onward.get(first) == resolve.Elsewhere(elsewhere.module, (first,), True)
    if first in onward and not looping:
        target = onward[first]
        step = resolve.Elsewhere(target.module, (*target.names, *rest), target.submodule)
        return metric_gaps(step, module, summary_of, depth + 1)
    if first in summary.bound and not looping:
        return dict(summary.metric_gaps).get(".".join(elsewhere.names))
    if elsewhere.submodule or looping:  # ``from package import submodule``
        return metric_gaps(resolve.Elsewhere(f"{elsewhere.module}.{first}", rest), module, summary_of, depth + 1)
    return None
