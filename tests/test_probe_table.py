"""Every rule declares what can confirm it, in one table; the table's experiments load without MindSpore."""

import subprocess
import sys
from pathlib import Path

from ms_lint.checkers import CHECKERS
from ms_lint.probe.experiments import EXPERIMENTS, Declared

DOC = Path(__file__).resolve().parent.parent / "docs" / "probe.md"


def test_every_rule_has_an_entry_in_the_experiments_table():
    symbols = {definition[1] for checker in CHECKERS for definition in checker.msgs.values()}
    assert symbols - set(EXPERIMENTS) == set(), "add the rule to EXPERIMENTS in ms_lint/probe/experiments/__init__.py"


def test_every_entry_is_documented_with_a_summary():
    text = DOC.read_text(encoding="utf-8")
    for symbol, experiment in EXPERIMENTS.items():
        assert f"`{symbol}`" in text, symbol
        assert experiment.summary, symbol
        if isinstance(experiment, Declared):
            assert experiment.reason


def test_the_table_and_the_probe_s_pylint_side_load_without_mindspore():
    code = (
        "import sys; sys.modules['mindspore'] = None\n"
        "import ms_lint.probe.checker, ms_lint.probe.experiments\n"
        "for experiment in ms_lint.probe.experiments.EXPERIMENTS.values(): experiment.reference\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_the_probe_s_message_id_is_taken_by_no_rule():
    from ms_lint.probe.checker import ProbeChecker  # pylint: disable=import-outside-toplevel

    (probe_id,) = ProbeChecker.msgs
    rule_numbers = {msgid[1:] for checker in CHECKERS for msgid in checker.msgs}
    assert probe_id[1:] not in rule_numbers
