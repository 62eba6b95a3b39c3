"""Every rule's own examples: bad.py emits exactly its annotated lines, good.py emits nothing."""

import pytest

from lint import annotated, found, rule_dirs, rule_rcfile, run_pylint

RULE_DIRS = rule_dirs()


@pytest.mark.parametrize("rule_dir", RULE_DIRS, ids=[path.name for path in RULE_DIRS])
def test_bad_example_emits_exactly_its_annotations(rule_dir):
    bad = rule_dir / "bad.py"
    expected = annotated(bad)
    assert expected, f"{bad} has no '# [{rule_dir.name}]' annotation"
    assert {symbol for _, symbol in expected} == {rule_dir.name}
    messages = run_pylint([bad], rcfile=rule_rcfile(rule_dir))
    assert found(messages) == expected


@pytest.mark.parametrize("rule_dir", RULE_DIRS, ids=[path.name for path in RULE_DIRS])
def test_good_example_is_clean(rule_dir):
    good = rule_dir / "good.py"
    messages = run_pylint([good], rcfile=rule_rcfile(rule_dir))
    assert [f"{m.line}: {m.symbol}: {m.msg}" for m in messages] == []
