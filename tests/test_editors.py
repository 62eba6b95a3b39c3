"""Editor integrations: the json2 positions of every rule's findings, and the documented settings.

Each setting in docs/editors.md marked ``<!-- tested: NAME -->`` is run here the way the
editor runs pylint (command lines read from the VS Code Pylint extension's
``bundled/tool/lsp_server.py`` and the PyCharm Pylint plugin's ``pylintParamListBuilders.kt``).
"""

from __future__ import annotations

import ast
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from lint import REPO, annotated, rule_dirs, rule_rcfile

GUIDE = REPO / "docs" / "editors.md"
# Examples that need their own options (rules/<symbol>/pylintrc) are linted with them by test_examples.
RULE_DIRS = [rule_dir for rule_dir in rule_dirs() if rule_rcfile(rule_dir) is None]
BIN = Path(sys.executable).parent
MS_LINT = shutil.which("ms-lint", path=str(BIN)) or shutil.which("ms-lint")


def guide_block(name: str) -> str:
    """The fenced block that follows ``<!-- tested: name -->`` in the guide."""
    text = GUIDE.read_text(encoding="utf-8")
    match = re.search(rf"<!-- tested: {re.escape(name)} -->\s*```[a-z]*\n(.*?)\n\s*```", text, re.DOTALL)
    assert match, f"docs/editors.md has no block marked {name}"
    return "\n".join(line.strip() for line in match.group(1).splitlines())


def json2(argv, cwd: Path, stdin: str = None) -> list:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    result = subprocess.run(argv, cwd=cwd, input=stdin, capture_output=True, text=True, env=env, timeout=300, check=False)
    assert result.stdout.strip().startswith("{"), result.stdout + result.stderr
    return json.loads(result.stdout)["messages"]


def header_ranges(tree: ast.AST, lines) -> set:
    """``def name`` / ``class name`` ranges: where pylint puts findings on functions and classes."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            text = lines[node.lineno - 1]
            match = re.compile(r"(async\s+)?(def|class)\s+" + re.escape(node.name)).match(text, node.col_offset)
            if match:
                found.add((node.lineno, node.col_offset, node.lineno, match.end()))
    return found


def node_ranges(path: Path) -> set:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    ranges = {
        (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
        for node in ast.walk(tree)
        if getattr(node, "end_lineno", None) is not None
    }
    return ranges | header_ranges(tree, source.splitlines())


@pytest.mark.parametrize("rule_dir", RULE_DIRS, ids=[path.name for path in RULE_DIRS])
def test_json2_positions_cover_the_flagged_code(rule_dir, tmp_path):
    """line/column/endLine/endColumn of each finding span exactly one piece of syntax on its annotated line."""
    bad = rule_dir / "bad.py"
    out = tmp_path / "out.json"
    from ms_lint import runner  # pylint: disable=import-outside-toplevel

    run = runner.run([f"--output-format=json2:{out}", str(bad)], exit=False)
    run.linter.reporter.close_output_files()
    messages = json.loads(out.read_text(encoding="utf-8"))["messages"]
    assert {(m["line"], m["symbol"]) for m in messages} == annotated(bad)
    ranges = node_ranges(bad)
    lines = bad.read_text(encoding="utf-8").splitlines()
    for message in messages:
        span = (message["line"], message["column"], message["endLine"], message["endColumn"])
        assert None not in span, message
        assert span in ranges, f"{bad.name}:{message['line']}: {span} is no node or def/class header"
        start, end = lines[span[0] - 1][span[1] :], lines[span[2] - 1][: span[3]]
        assert start[:1].strip() and end[-1:].strip(), f"range starts or ends on a blank: {span}"


def vscode_diagnostics(messages) -> list:
    """What the VS Code Pylint extension's ``_parse_output`` makes of json2 (0-based LSP ranges)."""
    diagnostics = []
    for data in messages:
        start = (int(data["line"]) - 1, int(data["column"]))
        end = (int(data["endLine"]) - 1, int(data.get("endColumn", 0))) if data.get("endLine") is not None else start
        diagnostics.append((data["symbol"], start, end))
    return sorted(diagnostics)


def expected_diagnostics(rule_dir) -> list:
    from ms_lint import runner  # pylint: disable=import-outside-toplevel

    bad = rule_dir / "bad.py"
    # The report goes to a folder of its own: nothing is written into the checkout, which another
    # run of the suite may be reading.
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "expected.json"
        run = runner.run([f"--output-format=json2:{out}", str(bad)], exit=False)
        run.linter.reporter.close_output_files()
        return vscode_diagnostics(json.loads(out.read_text(encoding="utf-8"))["messages"])


@pytest.fixture
def workspace(tmp_path) -> Path:
    """A project folder holding every rule's bad.py, as a user's workspace would."""
    for rule_dir in RULE_DIRS:
        target = tmp_path / rule_dir.name.replace("-", "_")
        target.mkdir()
        shutil.copy(rule_dir / "bad.py", target / "bad.py")
    return tmp_path


def vscode_run(workspace: Path, args, path: Path) -> list:
    argv = [sys.executable, "-m", "pylint", "--reports=n", "--output-format=json2", *args, "--clear-cache-post-run=y"]
    argv += ["--from-stdin", str(path.resolve())]
    return [m for m in json2(argv, workspace, stdin=path.read_text(encoding="utf-8")) if m["symbol"] in _ms_symbols()]


def _ms_symbols() -> set:
    from ms_lint.checkers import CHECKERS  # pylint: disable=import-outside-toplevel

    return {definition[1] for checker in CHECKERS for definition in checker.msgs.values()}


@pytest.mark.parametrize("setting", ["vscode-settings", "vscode-settings-ms-only"])
def test_vscode_settings(setting, workspace):
    settings = json.loads(guide_block(setting))
    assert settings["pylint.importStrategy"] == "fromEnvironment"
    for rule_dir in RULE_DIRS:
        path = workspace / rule_dir.name.replace("-", "_") / "bad.py"
        messages = vscode_run(workspace, settings["pylint.args"], path)
        assert vscode_diagnostics(messages) == expected_diagnostics(rule_dir)


def test_vscode_with_pyproject(workspace):
    (workspace / "pyproject.toml").write_text(guide_block("pyproject") + "\n", encoding="utf-8")
    for rule_dir in RULE_DIRS:
        path = workspace / rule_dir.name.replace("-", "_") / "bad.py"
        assert vscode_diagnostics(vscode_run(workspace, [], path)) == expected_diagnostics(rule_dir)


@pytest.mark.parametrize("setting", ["pycharm-arguments", "pycharm-arguments-ms-only"])
def test_pycharm_plugin_arguments(setting, workspace):
    pylint = shutil.which("pylint", path=str(BIN))
    assert pylint, "pylint is not installed next to this interpreter"
    arguments = shlex.split(guide_block(setting))
    paths = [str((workspace / d.name.replace("-", "_") / "bad.py").resolve()) for d in RULE_DIRS]
    messages = json2([pylint, *arguments, "--exit-zero", "--output-format", "json2", *paths], workspace)
    found = {(Path(m["absolutePath"]).parent.name, m["line"], m["symbol"]) for m in messages if m["symbol"] in _ms_symbols()}
    expected = {(d.name.replace("-", "_"), line, symbol) for d in RULE_DIRS for line, symbol in annotated(d / "bad.py")}
    assert found == expected
    for message in messages:
        if message["symbol"] in _ms_symbols():
            assert message["endLine"] is not None and message["endColumn"] is not None


@pytest.mark.skipif(MS_LINT is None, reason="the ms-lint script is not installed")
def test_external_tool_output_links_each_finding(workspace):
    command = shlex.split(guide_block("external-tool"))
    assert command[0] == "ms-lint" and command[-1] == "$FilePath$"
    # The output filter $FILE_PATH$:$LINE$:.* as a regular expression.
    link = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):.*$")
    for rule_dir in RULE_DIRS:
        path = (workspace / rule_dir.name.replace("-", "_") / "bad.py").resolve()
        result = subprocess.run([MS_LINT, *command[1:-1], str(path)], cwd=workspace, capture_output=True, text=True, check=False)
        linked = set()
        for line in result.stdout.splitlines():
            match = link.match(line)
            if match and not line.startswith("*"):
                assert Path(match.group("path")) == path
                linked.add((int(match.group("line")), line.rsplit("(", 1)[-1].rstrip(")")))
        assert linked == annotated(rule_dir / "bad.py")
