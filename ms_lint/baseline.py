"""A baseline: the findings a code base accepts for now, so that only new ones are reported.

``ms-lint --baseline FILE`` writes FILE with today's findings when it does not exist, and
from then on reports only findings that are not in it. A finding matches a baseline entry
on its file (relative to the baseline's directory), its rule's symbol and the text of the
flagged line with whitespace collapsed, never on line numbers: edits elsewhere in a file
keep the baseline valid. A line flagged several times for one rule is counted, so a new
copy of a baselined line is still reported. ``--baseline-update`` rewrites the file with
today's findings, dropping the fixed ones (entries of files not linted in that run are
kept, so a run over a few files, as pre-commit does, loses nothing; so are the entries of
graph-mode findings the run withheld because the script that sets the mode was left out).

Only ms_lint's own findings are baselined; anything else pylint reports passes through.
The SARIF reporter marks results ``baselineState`` ``new`` or ``unchanged``.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from copy import copy
from typing import Dict, Optional, Sequence, Set, Tuple

from pylint.constants import MSG_TYPES_STATUS
from pylint.reporters import MultiReporter

from ms_lint import files, notebook
from ms_lint.checkers.base import GRAPH_NOTICE
from ms_lint.language import Text

FORMAT = 1
PLUGIN_PREFIX = "73"  # ms_lint's message ids are ?73nn

Key = Tuple[str, str, str]  # (path relative to the baseline's directory, symbol, normalised line text)


class BaselineError(Exception):
    """A baseline file that cannot be read or is not one ms-lint wrote; the text says which and why."""


def load(path: str) -> Counter:
    """The accepted findings of the baseline at ``path``, counted by key."""
    try:
        with open(path, encoding="utf-8") as stream:
            data = json.load(stream)
    except OSError as error:
        raise BaselineError(CANNOT_READ % (path, error.strerror or error)) from None
    except (UnicodeDecodeError, ValueError) as error:
        raise BaselineError(NOT_JSON % (path, error, _EXPECTED)) from None
    entries = data.get("findings") if isinstance(data, dict) and data.get("ms_lint_baseline") == FORMAT else None
    if not isinstance(entries, list):
        raise BaselineError(NO_FINDINGS % (path, FORMAT, _EXPECTED))
    accepted: Counter = Counter()
    for number, entry in enumerate(entries, 1):
        if not _well_formed(entry):
            raise BaselineError(
                BAD_ENTRY % (number, path, '{"path": str, "symbol": str, "line": str, "count": int >= 1}', _EXPECTED)
            )
        accepted[(entry["path"], entry["symbol"], entry["line"])] += entry["count"]
    return accepted


_EXPECTED = Text(
    "expected a file written by `ms-lint --baseline`; delete it to write a new one",
    "应为 `ms-lint --baseline` 写出的文件；删除它即可写入新的基线",
)
CANNOT_READ = Text("cannot read the baseline %s: %s", "无法读取基线 %s：%s")
NOT_JSON = Text("the baseline %s is not JSON (%s); %s", "基线 %s 不是 JSON（%s）；%s")
NO_FINDINGS = Text("the baseline %s has no 'findings' list of format %s; %s", "基线 %s 没有格式为 %s 的 'findings' 列表；%s")
BAD_ENTRY = Text("entry %s of the baseline %s is not %s; %s", "第 %s 项（基线 %s）不是 %s；%s")


def _well_formed(entry) -> bool:
    return (
        isinstance(entry, dict)
        and all(isinstance(entry.get(name), str) for name in ("path", "symbol", "line"))
        and isinstance(entry.get("count"), int)
        and not isinstance(entry.get("count"), bool)
        and entry["count"] >= 1
    )


def dump(findings: Counter) -> bytes:
    """The baseline file's text for ``findings``, sorted so that it diffs well under version control."""
    entries = [
        {"path": path, "symbol": symbol, "line": line, "count": count}
        for (path, symbol, line), count in sorted(findings.items())
        if count > 0
    ]
    # One entry per line: small, and a fixed finding is a one-line change under version control.
    lines = [json.dumps(entry, ensure_ascii=False) for entry in entries]
    text = (
        f'{{"ms_lint_baseline": {FORMAT},\n'
        ' "about": "Findings accepted for now: ms-lint --baseline reports only findings not listed here.",\n'
        ' "findings": [\n  ' + ",\n  ".join(lines) + "\n ]}\n"
    )
    return text.encode("utf-8")


def write(path: str, findings: Counter) -> None:
    files.write_whole(path, dump(findings))


def relative_path(path: str, directory: str) -> str:
    """``path`` relative to the baseline's directory, with ``/`` separators on every platform."""
    try:
        path = os.path.relpath(os.path.abspath(path), directory)
    except ValueError:  # another drive on Windows
        path = os.path.abspath(path)
    return path.replace(os.sep, "/")


class BaselineReporter(MultiReporter):
    """Pass on the messages a baseline does not accept; remember every ms_lint finding seen.

    It wraps the reporters the run already has. ``accepted`` None records every ms_lint
    finding as accepted (writing or updating the baseline).
    """

    def __init__(self, reporter, accepted: Optional[Counter], directory: str):
        wrapped = getattr(reporter, "_sub_reporters", None)
        super().__init__(list(wrapped) if wrapped is not None else [reporter], lambda: None)
        self.wrapped = reporter  # kept alive: a MultiReporter closes its output files when collected
        self.accepted = accepted
        self.directory = directory
        self.seen: Counter = Counter()
        self.linted: Set[str] = set()
        self.status = 0  # pylint's exit status bits of the messages passed on
        self._lines: Dict[str, Tuple[str, ...]] = {}
        for sub_reporter in self._sub_reporters:
            if hasattr(sub_reporter, "use_baseline"):
                sub_reporter.use_baseline()

    def on_set_current_module(self, module: str, filepath: Optional[str]) -> None:
        if filepath:
            self.linted.add(relative_path(filepath, self.directory))
        super().on_set_current_module(module, filepath)

    def handle_message(self, msg) -> None:
        # Findings only: the graph-findings-withheld notice is said again in every run.
        if msg.msg_id[1:3] == PLUGIN_PREFIX and msg.symbol != GRAPH_NOTICE and msg.abspath:
            key = self.key(msg)
            self.seen[key] += 1
            if self.accepted is None or self.seen[key] <= self.accepted[key]:
                for sub_reporter in self._sub_reporters:
                    if hasattr(sub_reporter, "handle_baselined"):
                        sub_reporter.handle_baselined(copy(msg))
                return
        self.status |= MSG_TYPES_STATUS.get(msg.C, 0)
        super().handle_message(msg)

    def key(self, msg) -> Key:
        return (relative_path(msg.abspath, self.directory), msg.symbol, self._line_text(msg.abspath, msg.line))

    def _line_text(self, path: str, line: int) -> str:
        if path not in self._lines:
            try:
                if notebook.is_notebook(path):  # the findings' lines are those of its code cells' module
                    self._lines[path] = tuple(notebook.read(path).python.splitlines())
                else:
                    with open(path, encoding="utf-8", errors="replace") as stream:
                        self._lines[path] = tuple(stream.read().splitlines())
            except (OSError, notebook.NotebookError):
                self._lines[path] = ()
        lines = self._lines[path]
        return " ".join(lines[line - 1].split()) if 0 < line <= len(lines) else ""

    def withheld(self, findings: Sequence[Tuple[str, str, int]]) -> Counter:
        """The keys of findings the run withheld (``(symbol, path, line)``: the program's mode was
        unknown without files left out of the run), counted like findings."""
        return Counter(
            (relative_path(path, self.directory), symbol, self._line_text(path, line)) for symbol, path, line in findings
        )

    def gone(self, previous: Counter, withheld: Counter) -> Counter:
        """Previous entries of the linted files that this run neither reported nor withheld."""
        return Counter(
            {key: count for key, count in (previous - self.seen - withheld).items() if key[0] in self.linted}
        )

    def updated(self, previous: Counter, withheld: Counter) -> Counter:
        """Today's findings, plus the previous entries of files this run did not lint and those it withheld."""
        kept = Counter({key: count for key, count in previous.items() if key[0] not in self.linted})
        return kept + self.seen + (previous & withheld)
