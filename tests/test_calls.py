"""One visitor hands each call to the call rules that look at its names."""

from __future__ import annotations

import textwrap

import astroid
from pylint.lint import PyLinter
from pylint.utils.ast_walker import ASTWalker

import ms_lint
from lint import found, run_pylint
from ms_lint.checkers import calls
from ms_lint.checkers.base import MindSporeChecker
from ms_lint.checkers.dropout_positional_keep_prob import DropoutPositionalKeepProbChecker

SOURCE = textwrap.dedent(
    """\
    import mindspore.nn as nn
    from mindspore.nn import Dropout as Drop, BatchNorm2d

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.drop = Drop(0.1)
            self.bn = BatchNorm2d(8, momentum=0.1)
            self.other = nn.Dropout(0.2)

        def construct(self, x):
            return self.other(self.bn(self.drop(x)))
    """
)
DROPOUT = "dropout-positional-keep-prob"
MOMENTUM = "batchnorm-torch-momentum"


def lint(tmp_path, *args: str):
    target = tmp_path / "net.py"
    target.write_text(SOURCE, encoding="utf-8")
    return found(run_pylint([target], *args))


def test_calls_by_an_imported_alias_reach_the_rule(tmp_path):
    assert lint(tmp_path) == {(7, DROPOUT), (8, MOMENTUM), (9, DROPOUT)}


def test_any_enabled_call_rule_leads_when_the_others_are_disabled(tmp_path):
    assert lint(tmp_path, "--disable=mindspore", f"--enable={DROPOUT}") == {(7, DROPOUT), (9, DROPOUT)}
    assert lint(tmp_path, "--disable=mindspore", f"--enable={MOMENTUM}") == {(8, MOMENTUM)}


def walked_call_visitors(enabled: str) -> list:
    linter = PyLinter()
    ms_lint.register(linter)
    linter.disable("all")
    linter.enable(enabled)
    walker = ASTWalker(linter)
    for checker in linter.prepare_checkers():
        checker.open()
        walker.add_checker(checker)
    return [
        callback for callback in walker.visit_events["call"] if isinstance(getattr(callback, "__self__", None), MindSporeChecker)
        or type(callback).__name__ == "CallVisitor"
    ]


def test_pylint_walks_one_visitor_for_all_call_rules():
    assert len(walked_call_visitors("mindspore")) == 1
    assert len(walked_call_visitors(DROPOUT)) == 1
    assert not walked_call_visitors("forward-without-construct")


def test_a_rule_that_fails_on_a_call_leaves_the_others_their_findings(tmp_path, monkeypatch):
    def broken(self, node):
        raise RuntimeError("a bug")

    monkeypatch.setattr(DropoutPositionalKeepProbChecker, "check_call", broken)
    monkeypatch.delenv("MS_LINT_STRICT", raising=False)
    assert lint(tmp_path) == {(8, MOMENTUM)}


def test_opening_the_checkers_again_keeps_the_call_dispatch():
    """pylint -j N opens every checker for each file: the dispatch is built once per set of rules."""
    linter = PyLinter()
    linter.load_plugin_modules(["ms_lint"])
    linter.enable("mindspore")
    rules = getattr(linter, calls.RULES_ATTRIBUTE)
    rules[0].open()
    first = rules[0].visit_call
    rules[0].open()
    assert rules[0].visit_call is first
    for message in rules[-1].msgs:  # another set of rules: another dispatch
        linter.disable(message)
    rules[0].open()
    assert rules[0].visit_call is not first


def test_the_walker_finds_every_visit_and_leave_method_of_every_rule():
    linter = PyLinter()
    ms_lint.register(linter)
    rules = [checker for checker in linter.get_checkers() if isinstance(checker, MindSporeChecker)]
    assert rules
    for checker in rules:
        declared = {name for klass in type(checker).__mro__ for name in vars(klass) if name.startswith(("visit_", "leave_"))}
        assert set(dir(checker)) == declared, type(checker).__name__


class _Rule:
    def __init__(self, callees):
        self._callees = callees

    def callees(self):
        return self._callees


def _handed(rules, source):
    """The rules each call of ``source`` (one statement per line) is handed to, by line."""
    module = astroid.parse(textwrap.dedent(source))
    dispatch = calls._Dispatch(rules)  # pylint: disable=protected-access
    return {
        call.lineno: [rules.index(rule) for rule in dispatch.handlers(calls._keys(call))]  # pylint: disable=protected-access
        for call in module.nodes_of_class(astroid.nodes.Call)
        if isinstance(call.parent, astroid.nodes.Expr)
    }


def test_a_rule_for_every_call_sees_calls_of_unnamed_callees_and_number_first_calls_reach_their_rules():
    every, less, numbers = _Rule(None), _Rule(frozenset({"less"})), _Rule(frozenset({calls.NUMBER_FIRST}))
    source = """\
        fns[0](x)
        make()(x)
        make()(0, x)
        self.is_positive(-1.5, x)
        self.is_positive(x, 0)
        less(True, x)
        less(0, x)
    """
    assert _handed([every, less, numbers], source) == {
        1: [0], 2: [0], 3: [0, 2], 4: [0, 2], 5: [0], 6: [0, 1], 7: [0, 1, 2],
    }
