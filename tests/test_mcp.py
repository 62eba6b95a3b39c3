"""ms-lint mcp: the MCP server, driven by the SDK's own client, answers as the command line does."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "mcp.server.mcpserver", reason="the MCP server needs the mcp package 2.x, which needs Python 3.10 or later"
)

# pylint: disable=wrong-import-position
import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

import ms_lint
from lint import REPO, RULES
from ms_lint import cli, files
from ms_lint.data.known_errors import KNOWN_ERRORS
from ms_lint.servers import mcp as server

AGENT_CONFIG = re.compile(r"<!-- agent config: ([\w-]+) -->\n```(json|toml)\n(.*?)```", re.DOTALL)
# Rule examples with safe fixes, unsafe fixes and findings no fix can take.
EXAMPLES = {
    "forward.py": "forward-without-construct", "cells.py": "cell-container-not-registered", "removed.py": "api-removed"
}


@pytest.fixture
def examples(tmp_path, monkeypatch):
    """The examples' bad.py files, copied to the working directory."""
    monkeypatch.chdir(tmp_path)
    for name, symbol in EXAMPLES.items():
        shutil.copy(RULES / symbol / "bad.py", tmp_path / name)
    return sorted(EXAMPLES)


def call(tool: str, arguments: dict, client_server=None):
    """The result of one tool call over an in-memory connection."""

    async def calling():
        async with Client(client_server or server.server()) as client:
            return await client.call_tool(tool, arguments)

    return anyio.run(calling)


def answer(tool: str, arguments: dict) -> dict:
    result = call(tool, arguments)
    assert not result.is_error, result.content
    return result.structured_content


def test_the_tools_are_listed_with_their_inputs_and_outputs():
    async def listing():
        async with Client(server.server()) as client:
            return (await client.list_tools()).tools

    tools = {tool.name: tool for tool in anyio.run(listing)}
    assert sorted(tools) == ["describe_rule", "explain", "fix", "lint"]
    for tool in tools.values():
        assert tool.title and tool.output_schema and "\n" not in tool.description
    assert tools["lint"].input_schema["required"] == ["paths"]
    assert tools["fix"].input_schema["properties"]["write"]["default"] is False
    assert tools["describe_rule"].input_schema["properties"]["language"]["enum"] == ["en", "zh"]
    assert tools["lint"].annotations.read_only_hint and not tools["fix"].annotations.read_only_hint


def _command_line_findings(capsys, args):
    capsys.readouterr()
    cli.main(["--output-format=json2", *args])
    return sorted(
        (m["path"], m["line"], m["column"], m["endLine"], m["endColumn"], m["symbol"], m["messageId"], m["message"],
         m["confidence"])
        for m in json.loads(capsys.readouterr().out)["messages"]
    )


@pytest.mark.parametrize("speaking", ["en", "zh"])
def test_lint_finds_what_the_command_line_reports(examples, capsys, speaking):
    found = answer("lint", {"paths": examples, "options": {"mindspore_language": speaking}})
    ours = sorted(
        (f["path"], f["line"], f["column"], f["end_line"], f["end_column"], f["symbol"], f["msgid"], f["message"],
         f["confidence"])
        for f in found["findings"]
    )
    assert ours == _command_line_findings(capsys, [f"--mindspore-language={speaking}", *examples])
    assert sorted(found["files"]) == examples and found["not_linted"] == []
    fixes = {(f["symbol"], f["fix"]) for f in found["findings"]}
    assert {("forward-without-construct", "safe"), ("cell-container-not-registered", "unsafe")} <= fixes
    assert ("cell-container-not-registered", None) in fixes  # a dict keyed by a variable: no fix


def test_lint_takes_the_command_line_options(examples, capsys):
    options = {"mindspore_version": "2.10.0", "args": ["--disable=forward-without-construct"]}
    found = answer("lint", {"paths": examples, "options": options})
    assert "forward-without-construct" not in {f["symbol"] for f in found["findings"]}
    args = ["--mindspore-version=2.10.0", "--disable=forward-without-construct", *examples]
    assert len(found["findings"]) == len(_command_line_findings(capsys, args))


def test_a_file_that_cannot_be_linted_is_named_and_the_others_are_linted(examples):
    Path("broken.py").write_text("def f(:\n", encoding="utf-8")
    found = answer("lint", {"paths": ["broken.py", "forward.py"]})
    assert [(item["path"], item["line"]) for item in found["not_linted"]] == [("broken.py", 1)]
    assert {f["path"] for f in found["findings"]} == {"forward.py"}


def test_lint_reads_the_files_as_they_are_now(examples):
    assert answer("lint", {"paths": ["forward.py"]})["findings"]
    text = Path("forward.py").read_text(encoding="utf-8")
    Path("forward.py").write_text(text.replace("def forward(", "def construct("), encoding="utf-8")
    assert answer("lint", {"paths": ["forward.py"]})["findings"] == []


def _notes(outcomes):
    notes = []
    for o in outcomes:
        done = "would fix" if o["status"] == "would_fix" else "left alone"
        label = f"{o['symbol']}, unsafe" if o["unsafe"] and o["status"] == "would_fix" else o["symbol"]
        notes.append(f"{o['path']}:{o['line']}: {done} ({label}): {o['note']}")
    return sorted(notes)


def test_a_dry_run_is_what_diff_shows_and_changes_nothing(examples, capsys):
    before = {name: Path(name).read_bytes() for name in examples}
    found = answer("fix", {"paths": examples, "unsafe": True})
    assert {name: Path(name).read_bytes() for name in examples} == before
    capsys.readouterr()
    assert cli.main(["--diff", *examples]) == 1
    out, err = capsys.readouterr()
    assert found["diff"] == out and found["diff"].startswith("--- a/")
    notes = sorted(line for line in err.splitlines() if ": would fix (" in line or ": left alone (" in line)
    assert notes and _notes(found["outcomes"]) == notes
    assert not found["written"] and sorted(Path(path).name for path in found["changed_files"]) == examples


def test_a_dry_run_without_unsafe_leaves_the_unsafe_fixes_out(examples):
    found = answer("fix", {"paths": ["cells.py", "forward.py"]})
    unsafe = [o for o in found["outcomes"] if o["unsafe"]]
    assert unsafe and all(o["status"] == "left_alone" for o in unsafe)
    assert any("unsafe=true applies it" in o["note"] for o in unsafe)
    assert "+++ b/forward.py" in found["diff"] and "cells.py" not in found["diff"]


@pytest.mark.parametrize("unsafe", [False, True])
def test_write_fixes_the_files_as_fix_does(examples, capsys, tmp_path, monkeypatch, unsafe):
    found = answer("fix", {"paths": examples, "write": True, "unsafe": unsafe})
    ours = {name: Path(name).read_bytes() for name in examples}
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    monkeypatch.chdir(theirs)
    for name, symbol in EXAMPLES.items():
        shutil.copy(RULES / symbol / "bad.py", name)
    cli.main(["--fix", *(["--unsafe-fixes"] if unsafe else []), *examples])
    capsys.readouterr()
    assert ours == {name: Path(name).read_bytes() for name in examples}
    assert ours["forward.py"] != (RULES / EXAMPLES["forward.py"] / "bad.py").read_bytes()
    assert (ours["cells.py"] != (RULES / EXAMPLES["cells.py"] / "bad.py").read_bytes()) == unsafe
    assert found["written"] and "fixed" in {o["status"] for o in found["outcomes"]}


def test_explain_names_the_rule_and_the_findings_near_the_lines_the_log_names(examples):
    log = (
        'Traceback (most recent call last):\n  File "forward.py", line 13, in forward\n'
        "AttributeError: For 'Cell', the method 'construct' is not defined.\n"
    )
    found = answer("explain", {"text": log})
    assert [rule["symbol"] for rule in found["rules"]] == ["forward-without-construct"]
    rule = found["rules"][0]
    assert (rule["msgid"], rule["url"]) == ("E7301", "docs/rules/forward-without-construct.md")
    assert "construct" in rule["fix"] and rule["said"].startswith("AttributeError: For 'Cell'")
    assert [(f["path"], f["line"]) for f in found["findings_near"]] == [("forward.py", 13)]
    assert found["linted_files"] == ["forward.py"]


@pytest.mark.parametrize("speaking", ["en", "zh"])
def test_explain_gives_a_known_errors_cause_and_fix(speaking):
    known = KNOWN_ERRORS[0]
    found = answer("explain", {"text": known.texts[0].sample, "options": {"mindspore_language": speaking}})
    assert [error["name"] for error in found["known_errors"]] == [known.name]
    assert found["known_errors"][0]["cause"] == (known.cause.zh if speaking == "zh" else known.cause.en)


def test_describe_rule_gives_its_page_in_english_and_chinese():
    english = answer("describe_rule", {"symbol_or_id": "E7301"})
    chinese = answer("describe_rule", {"symbol_or_id": "forward-without-construct", "language": "zh"})
    for page in (english, chinese):
        assert (page["msgid"], page["symbol"]) == ("E7301", "forward-without-construct")
        assert page["bad"] == (RULES / "forward-without-construct" / "bad.py").read_text(encoding="utf-8")
        assert page["good"] == (RULES / "forward-without-construct" / "good.py").read_text(encoding="utf-8")
        assert page["url"] == "docs/rules/forward-without-construct.md"
    assert english["title"].startswith("Finds a Cell class") and "forward" in english["fix"]
    assert "Cell 类" in chinese["title"] and "重命名" in chinese["fix"] and chinese["why"] != english["why"]
    assert answer("describe_rule", {"symbol_or_id": "api-default-changed"})["pylintrc"]


@pytest.mark.parametrize(
    "tool, arguments, said",
    [
        ("lint", {"paths": ["nowhere.py"]}, "no such file or folder: nowhere.py (paths are files, packages or folders"),
        ("lint", {"paths": ["--disable=all"]}, "--disable=all is an option, not a path: give options in options.args"),
        ("lint", {"paths": []}, "paths: List should have at least 1 item"),
        ("fix", {}, "paths: Field required"),
        ("lint", {"paths": ["."], "colour": "red"}, "lint takes no argument colour; it takes: paths, options"),
        ("lint", {"paths": ["."], "options": {"colour": "red"}},
         "options.colour: no such option; the options are: mindspore_version, mindspore_code_version"),
        ("lint", {"paths": ["."], "options": {"mindspore_mode": "fast"}},
         "options.mindspore_mode: Input should be 'auto', 'graph' or 'pynative'"),
        ("lint", {"paths": ["."], "options": {"args": ["--no-such-option"]}},
         "options refused: Unrecognized option found: no-such-option; give ms-lint's options"),
        ("fix", {"paths": ["."], "options": {"mindspore_version": "two"}},
         "options refused: argument --mindspore-version: 'two' is no MindSpore version (2.3, 2.3.1, 2.3.0rc1...);"),
        ("lint", {"paths": ["."], "options": {"args": ["--list-msgs"]}},
         "options.args: --list-msgs answers without linting"),
        ("describe_rule", {"symbol_or_id": "forward-without-constuct"},
         "no ms_lint rule is named 'forward-without-constuct' (did you mean forward-without-construct?); give a rule's "
         "symbol or message id: api-context-option-deprecated, "),
        ("describe_rule", {"symbol_or_id": "W7300", "language": "fr"}, "language: Input should be 'en' or 'zh'"),
        ("lint", {"paths": ["nowhere.py"], "options": {"mindspore_language": "zh"}},
         "没有这个文件或文件夹：nowhere.py"),
    ],
)
def test_wrong_input_is_told_in_one_plain_line(tmp_path, monkeypatch, tool, arguments, said):
    monkeypatch.chdir(tmp_path)
    result = call(tool, arguments)
    assert result.is_error and len(result.content) == 1
    text = result.content[0].text
    assert text.startswith(said) and "\n" not in text and "Traceback" not in text


def test_a_broken_configuration_is_told_rather_than_ignored(examples):
    Path("pyproject.toml").write_text("[tool.pylint.mindspore\n", encoding="utf-8")
    result = call("lint", {"paths": examples})
    assert result.is_error and result.content[0].text.startswith("cannot read pyproject.toml, which is not valid TOML")


def test_the_server_speaks_over_stdio(examples):
    """One real server process, as an agent host starts it."""
    here = str(Path(ms_lint.__file__).resolve().parent.parent)  # the ms_lint under test
    # The client passes the server a few variables of its own: the session's cache directory goes too.
    env = {"PYTHONPATH": here, "XDG_CACHE_HOME": os.environ["XDG_CACHE_HOME"]}
    command = StdioServerParameters(command=sys.executable, args=["-m", "ms_lint.cli", "mcp"], cwd=os.getcwd(), env=env)

    async def session():
        async with Client(command) as client:
            names = sorted(tool.name for tool in (await client.list_tools()).tools)
            linted = await client.call_tool("lint", {"paths": ["forward.py"]})
            wrong = await client.call_tool("describe_rule", {"symbol_or_id": "nothing"})
            return names, linted, wrong

    names, linted, wrong = anyio.run(session)
    assert names == ["describe_rule", "explain", "fix", "lint"]
    assert not linted.is_error
    assert linted.structured_content == call("lint", {"paths": ["forward.py"]}).structured_content
    assert wrong.is_error and wrong.content[0].text.startswith("no ms_lint rule is named 'nothing'")


def test_every_agent_configuration_in_the_docs_starts_ms_lint_mcp():
    page = (REPO / "docs" / "agents.md").read_text(encoding="utf-8")
    configs = AGENT_CONFIG.findall(page)
    assert [name for name, _, _ in configs] == ["claude-code", "cursor", "vscode", "codex", "generic"]
    for name, kind, text in configs:
        data = json.loads(text) if kind == "json" else files.tomllib.loads(text)
        servers = data.get("mcpServers") or data.get("servers") or data.get("mcp_servers")
        assert list(servers) == ["ms-lint"], name
        entry = servers["ms-lint"]
        assert [entry["command"], *entry["args"]] == ["ms-lint", "mcp"] and entry.get("type", "stdio") == "stdio", name
    assert page.count("-- ms-lint mcp`") + page.count("-- ms-lint mcp\n") == 2  # claude mcp add, codex mcp add
