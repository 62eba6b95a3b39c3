"""``python -m ms_lint.tools.lsp_check``: a project opened file by file through the language server."""

from __future__ import annotations

import shutil

import pytest

pytest.importorskip("pygls", reason="the language server needs the lsp extra: pip install -e '.[lsp]'")

from lsprotocol import types  # noqa: E402

from lint import REPO  # noqa: E402
from ms_lint.tools import lsp_check  # noqa: E402

URI = "file:///project/net.py"


def position(line, character):
    return types.Position(line=line, character=character)


def text_edit(start, end, new_text):
    return types.TextEdit(range=types.Range(start=position(*start), end=position(*end)), new_text=new_text)


def test_positions_count_utf16_code_units():
    text = "a = '𝒳'\nb = 1\n"  # the script letter is two UTF-16 units
    assert lsp_check.offset(text, position(0, 7)) == 6  # after the closing quote
    assert lsp_check.offset(text, position(1, 0)) == text.index("b")
    assert lsp_check.offset(text, position(5, 0)) == len(text)


def test_an_edit_given_both_ways_is_applied_once():
    edits = (text_edit((0, 4), (0, 5), "2"), text_edit((1, 0), (1, 0), "c = 3\n"))
    document = types.TextDocumentEdit(
        text_document=types.OptionalVersionedTextDocumentIdentifier(uri=URI, version=1), edits=edits
    )
    both = types.WorkspaceEdit(changes={URI: list(edits)}, document_changes=[document])
    assert lsp_check.applied("a = 1\nb = 2\n", URI, both) == "a = 2\nc = 3\nb = 2\n"
    assert lsp_check.applied("a = 1\nb = 2\n", URI, types.WorkspaceEdit(changes={URI: list(edits)})) == "a = 2\nc = 3\nb = 2\n"


def test_a_project_opened_file_by_file_matches_the_whole_run_and_its_fixes_hold(tmp_path, capsys):
    for symbol in ("dropout-positional-keep-prob", "cell-container-not-registered", "forward-without-construct"):
        shutil.copy(REPO / "rules" / symbol / "bad.py", tmp_path / f"{symbol.replace('-', '_')}.py")
    assert lsp_check.main([str(tmp_path), "--edits", "2"]) == 0
    said = capsys.readouterr().out
    assert "3 files opened" in said and "0 files differ from the whole-project run" in said
    assert ", 0 did not hold" in said and "quick fixes applied" in said and "0 quick fixes" not in said
