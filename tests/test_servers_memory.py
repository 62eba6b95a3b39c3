"""A server lints the same files again and again: nothing of an earlier lint may stay alive.

Counted, never timed: the linters, the module trees and pylint's message stores alive after each
lint of the same file, which an editor's every edit repeats.
"""

from __future__ import annotations

import gc

from astroid import nodes
from pylint.lint import PyLinter
from pylint.message import MessageDefinitionStore

from lint import REPO
from ms_lint.servers import session

EXAMPLE = REPO / "rules" / "cell-container-not-registered" / "bad.py"


def alive(kind, where=lambda found: True) -> int:
    gc.collect()
    # type(), not isinstance(): a weak proxy whose object is gone raises on isinstance().
    return sum(1 for found in gc.get_objects() if issubclass(type(found), kind) and where(found))


def test_lints_of_one_file_leave_nothing_of_the_earlier_ones(tmp_path):
    path = tmp_path / "net.py"
    text = EXAMPLE.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    counts = []
    for version in range(8):
        edited = text + "\n" * (version % 2)  # an edit, then its undo, as an editor sends them
        linted = session.lint_file(str(tmp_path), str(path), version, edited, [], {})
        assert linted.messages  # the example's findings: the lint ran
        del linted
        counts.append(
            (
                alive(PyLinter),
                alive(nodes.Module, lambda module: module.file and module.file.endswith("net.py")),
                alive(MessageDefinitionStore),
            )
        )
    # What the last lints keep (their memos live until the next one starts), and no more, however many ran:
    # the runner empties astroid's lookup cache too, whose 128 entries would hold the trees of earlier lints.
    assert len(set(counts[3:])) == 1, counts
