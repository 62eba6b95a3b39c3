"""Functional edge cases in tests/functional/<symbol>/<case>.py.

Each case annotates its expected findings with ``# [symbol]``; the full output
(columns, end positions, message, confidence) is compared with ``<case>.txt``,
written by ``pytest tests/test_functional.py --update-functional`` and reviewed
in the diff, never edited by hand. A sibling ``<case>.rc`` sets pylint options.
"""

from pathlib import Path

import pytest

from lint import annotated, found, run_pylint

FUNCTIONAL = Path(__file__).resolve().parent / "functional"
CASES = sorted(FUNCTIONAL.glob("*/*.py"))


def render(messages, source_lines=()) -> str:
    rows = sorted(
        (m.line, m.column, m.end_line or 0, m.end_column or 0, m.symbol, _obj(m, source_lines), m.msg, m.confidence.name)
        for m in messages
    )
    return "".join(":".join(str(part) for part in row) + "\n" for row in rows)


def _obj(message, source_lines) -> str:
    """pylint's ``obj``, except on a decorator line, where it depends on astroid's version (3 names the decorated
    function; 4 evaluates decorators in the enclosing scope and names that)."""
    line = source_lines[message.line - 1] if 0 < message.line <= len(source_lines) else ""
    return "" if line.lstrip().startswith("@") else message.obj


@pytest.mark.parametrize("case", CASES, ids=[f"{path.parent.name}/{path.stem}" for path in CASES])
def test_functional_case(case, request):
    rcfile = case.with_suffix(".rc")
    messages = run_pylint([case], rcfile=rcfile if rcfile.exists() else None)
    assert found(messages) == annotated(case)
    expected_file = case.with_suffix(".txt")
    output = render(messages, case.read_text(encoding="utf-8").splitlines())
    if request.config.getoption("--update-functional"):
        expected_file.write_text(output, encoding="utf-8")
    assert expected_file.exists(), f"run pytest --update-functional to create {expected_file.name}"
    assert output == expected_file.read_text(encoding="utf-8")
