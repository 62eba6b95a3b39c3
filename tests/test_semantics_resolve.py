"""resolve.definition stays in the user's code: builtins resolve to nothing."""

import astroid

from ms_lint.semantics.names import resolve


def test_a_builtin_has_no_user_definition():
    call = astroid.extract_node("len([])")
    assert resolve.definition(call.func) is None


def test_a_user_function_shadowing_a_builtin_is_found():
    call = astroid.extract_node("def len(x):\n    return 0\nlen([])  #@")
    assert resolve.definition(call.func).name == "len"


def test_return_values_are_the_functions_own_and_a_bare_return_is_none():
    function = astroid.extract_node(
        """
        def make(flag):  #@
            def inner():
                return 1
            class Local:
                def method(self):
                    return 2
            if flag:
                return
            return inner
        """
    )
    values = resolve.return_values(function)
    assert values[0] is None and values[1].as_string() == "inner" and len(values) == 2


def test_returned_is_nothing_when_a_return_has_no_value():
    call = astroid.extract_node("def make(flag):\n    if flag:\n        return\n    return 1\nmake(1)  #@")
    assert resolve.returned(call) == []
