"""names.is_builtin on names bound in scopes without a name (comprehensions, lambdas)."""

import astroid

from ms_lint.semantics import names


def test_a_comprehension_variable_is_not_a_builtin():
    comprehension = astroid.extract_node("[len(x) for x in items]")
    assert names.is_builtin(comprehension.elt.func)
    assert not names.is_builtin(comprehension.elt.args[0])


def test_a_lambda_argument_is_not_a_builtin():
    function = astroid.extract_node("lambda len: len")
    assert not names.is_builtin(function.body)
