"""Evaluation facts of ms_lint.semantics.program.evaluation."""

import astroid
import pytest

from ms_lint.semantics.program import evaluation

FACTORY = "def make(path, is_train=True, usage='train', has_bias=True, name='net'):\n    pass\n"


@pytest.mark.parametrize(
    "call, asks",
    [
        ("make('d', False)", True),
        ("make('d', is_train=False)", True),
        ("make('d', usage='test')", True),
        ("make('d', True, 'eval')", True),
        ("make('d', has_bias=False)", False),
        ("make('d', name='test')", False),
        ("make('d', is_train=True, usage='train')", False),
    ],
)
def test_the_cheap_filter_passes_every_call_that_asks_for_the_evaluation_split(call, asks):
    module = astroid.parse(f"{FACTORY}{call}\n")
    definition, node = module.body[0], module.body[1].value
    assert (evaluation.evaluation_split(node, definition) is not None) is asks
    assert evaluation.may_ask_for_evaluation_split(node) is asks
