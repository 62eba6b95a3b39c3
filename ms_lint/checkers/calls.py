"""One visit of each call for all of ms_lint's call rules.

pylint calls every checker's ``visit_call`` on every call of the code base, and most of
ms_lint's rules look only at calls of a few names (``Dropout``, ``batch``, ``Model``...). A
call rule implements ``check_call(node)`` and ``callees()``: the names it looks at (and
:data:`NUMBER_FIRST` for calls whose first argument is a number), or None for every call; one
that looks only inside graph-compiled code says so (``in_graph_code_only``).
In each run the first enabled call rule visits the calls for all of them and hands each call to
the rules that look at one of its names, in the order pylint would have.
"""

from __future__ import annotations

from typing import Dict, Sequence, Tuple

from astroid import nodes

from ms_lint.semantics.graph import scope
from ms_lint.semantics.names import names

RULES_ATTRIBUTE = "_ms_lint_call_rules"
VISITOR_ATTRIBUTE = "_ms_lint_call_visitor"
# The key of a call whose first argument is a number literal: a rule about what a Primitive instance takes,
# held under any name (``self.less_op(0, x)``, ``P.Less()(0, x)``), lists it among its callees.
NUMBER_FIRST = "<number first>"


def not_walked(self, node: nodes.Call) -> None:  # pylint: disable=unused-argument
    """A call rule's own ``visit_call``: the run's :class:`CallVisitor` calls ``check_call`` instead."""


# pylint's walker skips a visit method none of whose messages is enabled: this one names none.
not_walked.checks_msgs = ()


class CallVisitor:
    """The ``visit_call`` of a run: each call to the enabled call rules that look at its names.

    A rule that fails on a call stays silent on it, as a guarded visit method would (unless
    ``strict``, as in the test suite); the others still see the call.
    """

    def __init__(self, rules: Sequence, strict: bool = False) -> None:
        self._strict = strict
        self._graph_only = any(rule.in_graph_code_only for rule in rules)
        # The rules for calls in graph-compiled code, and for the others.
        self._dispatch = {
            True: _Dispatch(rules),
            False: _Dispatch([rule for rule in rules if not rule.in_graph_code_only]),
        }

    def __call__(self, node: nodes.Call) -> None:
        in_graph = self._graph_only and scope.graph_kind(node) is not None
        for rule in self._dispatch[in_graph].handlers(_keys(node)):
            try:
                rule.check_call(node)
            except Exception:  # pylint: disable=broad-except
                if self._strict:
                    raise


def _keys(node: nodes.Call) -> Tuple[str, ...]:
    keys = names.callee_names(node)
    first = node.args[0] if node.args else None
    if isinstance(first, nodes.UnaryOp) and first.op in ("-", "+"):
        first = first.operand
    if isinstance(first, nodes.Const) and type(first.value) in (int, float):
        return (*keys, NUMBER_FIRST)
    return keys


class _Dispatch:
    """The rules, by the call names they look at."""

    def __init__(self, rules: Sequence) -> None:
        self._rules = tuple(rules)
        callees = [rule.callees() for rule in self._rules]
        self._every = tuple(rule for rule, names_ in zip(self._rules, callees) if names_ is None)
        # Each name's rules in the rules' order: those of the name, and those for every call.
        named: Dict[str, list] = {}
        every_so_far: list = []
        for rule, names_ in zip(self._rules, callees):
            if names_ is None:
                every_so_far.append(rule)
                for listed in named.values():
                    listed.append(rule)
                continue
            for name in names_:
                named.setdefault(name, list(every_so_far)).append(rule)
        self._by_name: Dict[str, Tuple] = {name: tuple(listed) for name, listed in named.items()}

    def handlers(self, keys: Tuple[str, ...]) -> Tuple:
        if not keys:  # a callee without a name (``fns[0](x)``)
            return self._every
        if len(keys) == 1:
            return self._by_name.get(keys[0], self._every)
        wanted = {id(rule) for key in keys for rule in self._by_name.get(key, self._every)}
        return tuple(rule for rule in self._rules if id(rule) in wanted)  # checkers compare by their messages: slow


def elect(checker, strict: bool = False) -> None:
    """Make ``checker`` the run's call visitor if it is the first enabled call rule.

    pylint opens each enabled checker, then collects its visit methods: the visitor is in place
    by then. The others keep :func:`not_walked`.
    """
    vars(checker).pop("visit_call", None)
    if not hasattr(checker, "check_call"):
        return
    linter = checker.linter
    registered = getattr(linter, RULES_ATTRIBUTE, ())
    # pylint -j N opens every checker again for each file: each call rule finds the first enabled
    # one before listing them all, and the dispatch is built once per set of rules.
    if next((rule for rule in registered if _enabled(linter, rule)), None) is checker:
        rules = [rule for rule in registered if _enabled(linter, rule)]
        key = (tuple(map(id, rules)), strict)
        built = getattr(linter, VISITOR_ATTRIBUTE, None)
        if built is None or built[0] != key:
            built = (key, CallVisitor(rules, strict))
            setattr(linter, VISITOR_ATTRIBUTE, built)
        checker.visit_call = built[1]


def _enabled(linter, rule) -> bool:
    return any(map(linter.is_message_enabled, rule.msgs))


def register(linter, checkers: Sequence) -> None:
    """Tell the run's call visitor which of ``checkers`` are call rules (in pylint's order of checkers)."""
    setattr(linter, RULES_ATTRIBUTE, sorted(checker for checker in checkers if hasattr(checker, "check_call")))
