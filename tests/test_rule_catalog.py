"""The rule catalog is consistent: modules = CHECKERS = rule folders = messages = docs."""

import importlib
import re
from pathlib import Path

import pytest

from ms_lint import checkers
from ms_lint.checkers import CHECKERS
from ms_lint.tools import docs

CHECKER_DIR = Path(checkers.__file__).parent
SUPPORT_MODULES = {"__init__", "base", "calls"}
RULE_SECTIONS = ("## What it does", "## Why is this bad?", "## How to fix it", "## Known limitations", "## Options", "## References")
MSGID = re.compile(r"^[EWRCI]73\d\d$")


def rule_modules():
    return sorted(path.stem for path in CHECKER_DIR.glob("*.py") if path.stem not in SUPPORT_MODULES)


def all_messages():
    return [(msgid, definition[1], checker) for checker in CHECKERS for msgid, definition in checker.msgs.items()]


def test_each_rule_module_is_one_checker_with_one_symbol():
    listed = {checker.__module__.rpartition(".")[2]: checker for checker in CHECKERS}
    assert sorted(listed) == rule_modules()
    for module_name, checker in listed.items():
        module = importlib.import_module(f"ms_lint.checkers.{module_name}")
        assert module.SYMBOL == module_name.replace("_", "-")
        assert [definition[1] for definition in checker.msgs.values()] == [module.SYMBOL]
        assert checker.name == "mindspore"


def test_message_ids_are_unique_and_in_the_plugin_range():
    numbers = [msgid[1:] for msgid, _, _ in all_messages()]
    assert len(numbers) == len(set(numbers))
    for msgid, symbol, _ in all_messages():
        assert MSGID.match(msgid), msgid
        assert re.match(r"^[a-z0-9]+(-[a-z0-9]+)+$", symbol), symbol


def test_rule_folders_match_the_checkers():
    symbols = sorted(symbol for _, symbol, _ in all_messages())
    folders = sorted(path.name for path in docs.RULES.iterdir() if path.is_dir())
    assert folders == symbols
    for symbol in symbols:
        folder = docs.RULES / symbol
        for name in ("rule.md", "bad.py", "good.py"):
            assert (folder / name).is_file(), f"{folder / name} is missing"


@pytest.mark.parametrize("symbol", sorted(symbol for _, symbol, _ in all_messages()))
def test_rule_prose_has_every_section(symbol):
    text = (docs.RULES / symbol / "rule.md").read_text(encoding="utf-8")
    positions = [text.find(section) for section in RULE_SECTIONS]
    assert -1 not in positions, [s for s, p in zip(RULE_SECTIONS, positions) if p == -1]
    assert positions == sorted(positions)


def section_headings(path):
    """The "## " headings of a rule's prose, outside code blocks."""
    headings, in_code = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif line.startswith("## ") and not in_code:
            headings.append(line.rstrip())
    return headings


@pytest.mark.parametrize("symbol", sorted(symbol for _, symbol, _ in all_messages()))
def test_rule_prose_has_a_chinese_translation_with_the_same_sections(symbol):
    folder = docs.RULES / symbol
    assert (folder / "rule.zh.md").is_file(), f"{folder / 'rule.zh.md'} is missing"
    english = section_headings(folder / "rule.md")
    assert set(english) <= set(docs.SECTIONS_ZH), "a heading of rule.md has no Chinese in docs.SECTIONS_ZH"
    assert section_headings(folder / "rule.zh.md") == [docs.SECTIONS_ZH[heading] for heading in english]


def test_functional_cases_belong_to_known_rules():
    symbols = {symbol for _, symbol, _ in all_messages()}
    functional = Path(__file__).parent / "functional"
    assert {path.name for path in functional.iterdir() if path.is_dir()} <= symbols


def test_generated_docs_are_current():
    stale = [str(path.relative_to(docs.REPO)) for path in docs.stale_files()]
    assert stale == [], "run: python -m ms_lint.tools.docs"


def test_every_data_table_on_a_rule_page_has_its_headings_in_chinese():
    for checker in CHECKERS:
        render = getattr(checker, "doc_appendix", None)
        if render is None:
            continue
        appendix = render()
        heading = appendix.splitlines()[0]
        assert appendix.zh.splitlines()[0] != heading, f"{checker.__name__}: {heading!r} has no Chinese"


def test_a_data_table_without_chinese_stops_the_generator():
    class Plain:
        pass

    with pytest.raises(SystemExit, match="Plain.doc_appendix gives no Chinese"):
        docs._appendix(Plain, lambda: "### Table\n")  # pylint: disable=protected-access
