"""What an ``ms-lint`` run found: one closing line on stderr, and ``--statistics``.

The closing line counts the findings reported (a baseline's accepted ones are not), the
files they are in, the rules with the most of them, and how many are of rules with an
automatic fix, with the commands that show and apply those fixes. A clean run says so.
When stderr is a terminal and the run is long, a line there counts the files linted so far.
``--statistics`` prints, instead of the findings, how many each rule has, most first, ``[*]``
marking the rules with an automatic fix; reports written to files are still written.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Callable, List, Optional, Sequence, Set, TextIO, Tuple

from pylint.reporters import BaseReporter

from ms_lint import language
from ms_lint.checkers.base import GRAPH_NOTICE
from ms_lint.language import Text

SHOWN_RULES = 3  # the closing line names this many rules; --statistics lists them all
PROGRESS_AFTER = 2.0  # seconds: a shorter run shows no progress line
PROGRESS_EVERY = 0.25  # seconds between two updates of the line

FOUND = Text("%s finding%s in %s of %s file%s: %s.", "%s 个检查结果%s，分布在 %s 个文件中（共检查 %s 个文件%s）：%s。")
CLEAN = Text("no findings in %s file%s.", "%s 个文件%s中没有发现问题。")
MORE_RULES = Text("%s more rule%s (--statistics lists them)", "另有 %s 条规则%s（--statistics 会全部列出）")
FIXABLE = Text(
    " %s of them %s of rules with an automatic fix: `ms-lint --fix %s` applies the fixes (--diff shows them first).",
    "其中 %s 个%s属于有自动修复的规则：`ms-lint --fix %s` 会应用修复（--diff 先显示修改）。",
)
IS = Text("is", "")
ARE = Text("are", "")
LIST_SEPARATOR = Text(", ", "，")


class Progress:
    """How many files are linted, on a line of a terminal rewritten in place, once the run is long."""

    def __init__(self, stream: TextIO, after: float = PROGRESS_AFTER, clock: Callable[[], float] = time.monotonic):
        self._stream = stream
        self._clock = clock
        self._start = clock()
        self._after = after
        self._shown_at: Optional[float] = None

    def update(self, linted: int) -> None:
        now = self._clock()
        if now - self._start < self._after:
            return
        if self._shown_at is not None and now - self._shown_at < PROGRESS_EVERY:
            return
        self._shown_at = now
        self._stream.write(f"\rms-lint: {linted} file{'' if linted == 1 else 's'} linted...")
        self._stream.flush()

    def clear(self) -> None:
        if self._shown_at is not None:
            self._stream.write("\r\x1b[K")  # back to the line's start, and erase it
            self._stream.flush()


def progress_on_terminal() -> Optional[Progress]:
    """A progress line on stderr, when stderr is a terminal."""
    isatty = getattr(sys.stderr, "isatty", None)
    return Progress(sys.stderr) if isatty is not None and isatty() else None


class Tally(BaseReporter):
    """A reporter that prints nothing: it counts the findings the run reports and the files it lints."""

    name = "ms-lint-tally"

    def __init__(self, progress: Optional[Progress] = None) -> None:
        super().__init__()
        self.rules: Counter = Counter()  # (message id, symbol) -> findings
        self.flagged: Set[str] = set()
        self.linted: Set[str] = set()
        self.progress = progress

    def on_set_current_module(self, module: str, filepath) -> None:
        if filepath:
            self.linted.add(filepath)
            if self.progress is not None:
                self.progress.update(len(self.linted))

    def handle_message(self, msg) -> None:
        if msg.symbol == GRAPH_NOTICE:
            return  # a notice of the run, not a finding
        self.rules[(msg.msg_id, msg.symbol)] += 1
        self.flagged.add(msg.abspath or msg.path)

    def display_messages(self, layout) -> None:
        pass

    def display_reports(self, layout) -> None:
        pass

    def _display(self, layout) -> None:
        pass


def closing_line(tally: Tally, paths: Sequence[str], fixable_symbols, speaking: str) -> str:
    """The closing line of a run, in the language ``speaking``."""
    linted = len(tally.linted)
    total = sum(tally.rules.values())
    if not total:
        return language.pick(CLEAN % (linted, language.plural(linted)), speaking)
    ranked = _ranked(tally)
    named = [f"{count} {symbol}" for _, symbol, count in ranked[:SHOWN_RULES]]
    if len(ranked) > SHOWN_RULES:
        more = len(ranked) - SHOWN_RULES
        named.append(language.pick(MORE_RULES % (more, language.plural(more)), speaking))
    listed = language.pick(LIST_SEPARATOR, speaking).join(named)
    text = language.pick(FOUND % (total, language.plural(total), len(tally.flagged), linted, language.plural(linted), listed), speaking)
    fixable = sum(count for _, symbol, count in ranked if symbol in fixable_symbols)
    if fixable:
        where = " ".join(paths)
        verb = IS if fixable == 1 else ARE
        text += language.pick(FIXABLE % (fixable, verb, where), speaking)
    return text


def statistics(tally: Tally, fixable_symbols) -> List[str]:
    """``--statistics``: a line per rule, ``count  id  symbol  [*]``, most findings first."""
    ranked = _ranked(tally)
    width = max((len(str(count)) for _, _, count in ranked), default=1)
    symbol_width = max((len(symbol) for _, symbol, _ in ranked), default=1)
    return [
        f"{count:>{width}}  {msg_id}  {symbol:<{symbol_width}}  {'[*]' if symbol in fixable_symbols else ''}".rstrip()
        for msg_id, symbol, count in ranked
    ]


def _ranked(tally: Tally) -> List[Tuple[str, str, int]]:
    return sorted(((msg_id, symbol, count) for (msg_id, symbol), count in tally.rules.items()), key=_rank)


def _rank(item: Tuple[str, str, int]):
    msg_id, _, count = item
    return (-count, msg_id)
