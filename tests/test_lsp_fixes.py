"""Every rule example: the language server's quick fixes, applied, give what ``ms-lint --diff`` shows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Dict, Optional

import pytest

pytest.importorskip("pygls", reason="the language server needs the lsp extra: pip install -e '.[lsp]'")

from lint import REPO, rule_dirs, rule_rcfile  # noqa: E402
from lsp_client import Editor, apply_edits, edits_of  # noqa: E402

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@")
RULE_DIRS = rule_dirs()


@pytest.fixture(scope="module")
def editors():
    """One server for the repository, per rcfile the examples need (set through the settings' args)."""
    started: Dict[Optional[str], Editor] = {}

    def editor(rcfile: Optional[str]) -> Editor:
        if rcfile not in started:
            options = {"args": [f"--rcfile={rcfile}"]} if rcfile else None
            started[rcfile] = Editor(REPO, options=options)
        return started[rcfile]

    yield editor
    for opened in started.values():
        opened.stop()


def diff_applied(text: str, diff: str) -> str:
    """``text`` with a unified diff of it applied."""
    old = text.splitlines(keepends=True)
    new, position = [], 0
    lines = diff.splitlines(keepends=True)
    for index, line in enumerate(lines):
        match = HUNK.match(line)
        if match is None:
            continue
        start = int(match.group(1)) - (0 if match.group(2) == "0" else 1)
        new += old[position:start]
        position = start
        for body in lines[index + 1 :]:
            if body.startswith(("@@", "--- ", "+++ ")):
                break
            if body.startswith("\\"):  # "\ No newline at end of file": the line before had none
                new[-1] = new[-1].rstrip("\r\n")
            elif body.startswith("+"):
                new.append(body[1:])
            else:
                position += 1
                if body.startswith(" "):
                    new.append(body[1:])
    return "".join(new + old[position:])


@pytest.mark.parametrize("rule_dir", RULE_DIRS, ids=[rule_dir.name for rule_dir in RULE_DIRS])
def test_the_quick_fixes_of_an_example_are_the_command_lines_fixes(editors, rule_dir):
    path = rule_dir / "bad.py"
    rcfile = rule_rcfile(rule_dir)
    relative = [f"--rcfile={rcfile.relative_to(REPO)}"] if rcfile else []
    diff = subprocess.run(
        [sys.executable, "-m", "ms_lint", "--diff", *relative, str(path.relative_to(REPO))],
        cwd=REPO, capture_output=True, text=True, check=False, env=dict(os.environ, PYTHONPATH=str(REPO)),
    ).stdout
    text = path.read_text(encoding="utf-8")
    editor = editors(str(rcfile.relative_to(REPO)) if rcfile else None)
    uri = editor.open(path)
    editor.diagnostics(uri)
    fixes = [action for action in editor.code_actions(uri, only=["quickfix"]) if action.is_preferred is not None]
    edits = {(repr(edit.range), edit.new_text): edit for action in fixes for edit in edits_of(action, uri)}
    editor.close_document(uri)
    assert apply_edits(text, list(edits.values())) == diff_applied(text, diff)
    assert bool(fixes) == bool(diff)
