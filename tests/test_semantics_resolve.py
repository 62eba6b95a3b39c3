"""resolve.definition stays in the user's code: builtins resolve to nothing."""

import astroid

from ms_lint.semantics.names import resolve


def test_a_builtin_has_no_user_definition():
    call = astroid.extract_node("len([])")
    assert resolve.definition(call.func) is None


def test_a_user_function_shadowing_a_builtin_is_found():
    call = astroid.extract_node("def len(x):\n    return 0\nlen([])  #@")
    assert resolve.definition(call.func).name == "len"
