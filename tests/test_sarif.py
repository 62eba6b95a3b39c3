"""The SARIF reporter: valid SARIF 2.1.0, one result per finding, regions, rule help, probe evidence."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from pylint.interfaces import HIGH
from pylint.lint import PyLinter
from pylint.message import Message
from pylint.typing import MessageLocationTuple

from lint import REPO, rule_dirs
from ms_lint import runner
from ms_lint.checkers import CHECKERS
from ms_lint.reporters.sarif import SarifReporter, split_probe

jsonschema = pytest.importorskip("jsonschema")

SCHEMA = json.loads((Path(__file__).parent / "sarif" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
MS_LINT_SYMBOLS = {definition[1] for checker in CHECKERS for definition in checker.msgs.values()}
EXTRA = textwrap.dedent(
    """\
    import os
    import mindspore.nn as nn


    class Tête(nn.Cell):
        def __init__(self):
            super().__init__()
            é = 1; self.blocks = [nn.Dense(4, 4), nn.Dense(4, 4)]  # [cell-container-not-registered]

        def construct(self, x):
            return x
    """
)


def test_uri_formats_are_checked():
    # The schema's "format": "uri" is only enforced with a URI validator installed (the test extra has one).
    checker = jsonschema.FormatChecker()
    assert not checker.conforms("docs/rules/x.md", "uri")


def validate(log: dict) -> None:
    validator = jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(log), key=lambda error: list(error.path))
    assert not errors, "\n".join(f"{list(error.path)}: {error.message}" for error in errors)


def lint_both(tmp_path: Path, paths, *args: str):
    """(SARIF log, json2 messages) of one ms-lint run."""
    sarif, json2 = tmp_path / "out.sarif", tmp_path / "out.json"
    run = runner.run([f"--output-format=ms-sarif:{sarif},json2:{json2}", *args, *map(str, paths)], exit=False)
    run.linter.reporter.close_output_files()
    return json.loads(sarif.read_text(encoding="utf-8")), json.loads(json2.read_text(encoding="utf-8"))["messages"]


@pytest.fixture
def extra_file(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "extra.py"
    path.write_text(EXTRA, encoding="utf-8")
    return path


def test_rule_examples_give_valid_sarif_with_one_result_per_finding(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    paths = [path for rule_dir in rule_dirs() for path in (rule_dir / "bad.py", rule_dir / "good.py")]
    log, messages = lint_both(tmp_path, paths)
    validate(log)
    run = log["runs"][0]
    results = run["results"]
    assert len(results) == len(messages) > 0
    rules = run["tool"]["driver"]["rules"]
    assert {rule["name"] for rule in rules} == MS_LINT_SYMBOLS  # every ms_lint rule, reported or not
    for result, message in zip(results, messages):
        rule = rules[result["ruleIndex"]]
        assert result["ruleId"] == rule["id"] == message["messageId"]
        assert result["properties"]["symbol"] == rule["name"] == message["symbol"]
        assert result["level"] == {"E": "error", "W": "warning"}.get(message["messageId"][0], "note")
        assert result["message"]["text"] == message["message"]
        assert result["properties"]["confidence"] == message["confidence"]
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"] == {"uri": message["path"], "uriBaseId": "%SRCROOT%"}
        assert location["region"] == {  # ASCII lines: SARIF's 1-based columns are pylint's + 1
            "startLine": message["line"],
            "startColumn": message["column"] + 1,
            "endLine": message["endLine"],
            "endColumn": message["endColumn"] + 1,
        }
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == REPO.as_uri() + "/"


def test_rule_help_links_to_the_rule_page(tmp_path, extra_file):
    log, _ = lint_both(tmp_path, [extra_file])
    rule = next(rule for rule in log["runs"][0]["tool"]["driver"]["rules"] if rule["name"] == "cell-container-not-registered")
    assert "helpUri" not in rule  # a relative link is no absolute URI: it stays in the help text
    assert rule["help"]["markdown"].endswith("(docs/rules/cell-container-not-registered.md)")

    base = "https://example.org/ms_lint/blob/main/docs/rules/"
    log, _ = lint_both(tmp_path, [extra_file], f"--mindspore-docs-url={base}")
    validate(log)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    for rule in rules:
        assert rule["helpUri"] == f"{base}{rule['name']}.md"
        assert rule["help"]["markdown"].endswith(f"({base}{rule['name']}.md)")


def test_columns_count_code_points_not_bytes(tmp_path, extra_file):
    log, messages = lint_both(tmp_path, [extra_file])
    (result,) = log["runs"][0]["results"]
    (message,) = messages
    line = EXTRA.splitlines()[7]
    start = line.index("self.blocks")
    assert message["column"] == start + 1  # pylint counts the two bytes of "é"
    assert result["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 8,
        "startColumn": start + 1,
        "endLine": 8,
        "endColumn": start + len("self.blocks") + 1,
    }
    assert result["locations"][0]["logicalLocations"] == [{"fullyQualifiedName": "extra.Tête.__init__"}]


def test_pylint_messages_and_files_that_do_not_parse(tmp_path, extra_file):
    broken = extra_file.with_name("broken.py")
    broken.write_text("def f(:\n", encoding="utf-8")
    log, messages = lint_both(tmp_path, [extra_file, broken], "--enable=unused-import,missing-module-docstring")
    validate(log)
    run = log["runs"][0]
    by_symbol = {result["properties"]["symbol"]: result for result in run["results"]}
    assert set(by_symbol) == {message["symbol"] for message in messages} == {
        "cell-container-not-registered",
        "unused-import",
        "missing-module-docstring",
        "syntax-error",
    }
    rules = run["tool"]["driver"]["rules"]
    unused = rules[by_symbol["unused-import"]["ruleIndex"]]
    assert unused["id"] == "W0611" and unused["properties"]["tags"] == ["pylint"]
    assert unused["helpUri"] == "https://pylint.readthedocs.io/en/stable/user_guide/messages/warning/unused-import.html"
    assert by_symbol["syntax-error"]["level"] == "error"
    # A module-level message has a line but no end: its region has no end either.
    docstring = by_symbol["missing-module-docstring"]["locations"][0]["physicalLocation"]["region"]
    assert docstring["startLine"] == 1 and "endLine" not in docstring


def test_class_path_works_without_the_plugin(tmp_path, extra_file):
    from pylint.lint import Run  # pylint: disable=import-outside-toplevel

    out = tmp_path / "plain.sarif"
    run = Run(
        ["--disable=all", "--enable=unused-import", "--persistent=n", f"--output-format=ms_lint.reporters.sarif.SarifReporter:{out}", str(extra_file)],
        exit=False,
    )
    run.linter.reporter.close_output_files()
    log = json.loads(out.read_text(encoding="utf-8"))
    validate(log)
    assert [rule["name"] for rule in log["runs"][0]["tool"]["driver"]["rules"]] == ["unused-import"]


def test_probe_evidence_goes_to_properties():
    text = "Plain list 'self.layers' holds Cells. Store them in nn.CellList."
    evidence = "RuntimeError: The parameter ... its name 'weight' already exists (compiled in GRAPH_MODE on CPU)"
    assert split_probe(f"{text} [probe confirmed: {evidence}]") == (text, {"status": "confirmed", "evidence": evidence})
    assert split_probe(f"{text} [probe not reproduced: ran fine]")[1]["status"] == "not reproduced"
    assert split_probe(text) == (text, None)

    linter = PyLinter()
    linter.load_plugin_modules(["ms_lint"])
    reporter = SarifReporter()
    linter.set_reporter(reporter)
    location = MessageLocationTuple("/nonexistent/model.py", "model.py", "model", "Net.__init__", 3, 8, 3, 19)
    for status in ("confirmed", "unconfirmable"):
        reporter.handle_message(
            Message("W7300", "cell-container-not-registered", location, f"{text} [probe {status}: {evidence}]", HIGH)
        )
    log = reporter.sarif()
    validate(log)
    results = log["runs"][0]["results"]
    assert [result["message"]["text"] for result in results] == [text, text]
    assert [result["properties"]["probe"] for result in results] == [
        {"status": "confirmed", "evidence": evidence},
        {"status": "unconfirmable", "evidence": evidence},
    ]
    assert "locations" not in results[0]  # the file does not exist here
