"""Text edits at astroid positions, and what a fixer answers: a fix, or why it leaves the code alone.

Positions are ``(line, column)`` as astroid gives them: 1-based lines, 0-based columns
counted in UTF-8 bytes. Edits replace text between two positions, so everything else in
the file (formatting, comments, line endings) stays as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import List, Optional, Sequence, Tuple

from astroid import nodes

from ms_lint.files import LINE_END

Position = Tuple[int, int]


@dataclass(frozen=True)
class Edit:
    """Replace the text from ``start`` to ``end`` (exclusive) with ``text``."""

    start: Position
    end: Position
    text: str

    @classmethod
    def insert(cls, at: Position, text: str) -> "Edit":
        return cls(at, at, text)


@dataclass
class Fix:
    """A fix: the edits, and a one-line summary of what they do."""

    edits: List[Edit]
    summary: str


@dataclass
class Refusal:
    """Why a finding is left alone."""

    reason: str


@dataclass
class Outcome:
    """What became of one finding."""

    path: str
    line: int
    symbol: str
    result: object  # Fix or Refusal
    applied: bool = field(default=False)
    unsafe: bool = field(default=False)  # the rule's fixes change what the code does when it runs
    message: object = field(default=None, repr=False, compare=False)  # the finding (pylint Message) it answers


def start_of(node: nodes.NodeNG) -> Position:
    return (node.lineno, node.col_offset)


def end_of(node: nodes.NodeNG) -> Position:
    return (node.end_lineno, node.end_col_offset)


class Source:
    """A file's text with positions converted to string offsets."""

    def __init__(self, text: str):
        self.text = text
        self.line_starts = [0] + [match.end() for match in LINE_END.finditer(text)]
        self.newline = _dominant_newline(text)

    def line(self, number: int) -> str:
        start = self.line_starts[number - 1]
        end = self.line_starts[number] if number < len(self.line_starts) else len(self.text)
        return LINE_END.sub("", self.text[start:end])

    def offset(self, position: Position) -> int:
        line, byte_column = position
        if line > len(self.line_starts):
            return len(self.text)
        text = self.line(line)
        column = len(text.encode("utf-8")[:byte_column].decode("utf-8", errors="ignore"))
        return self.line_starts[line - 1] + column

    def slice(self, start: Position, end: Position) -> str:
        return self.text[self.offset(start) : self.offset(end)]

    def apply(self, edits: Sequence[Edit]) -> Optional[str]:
        """The text with every edit applied, or None if two of them overlap."""
        spans = sorted(self.spans(edits))
        previous_end = -1
        for start, end, _ in spans:
            if start < previous_end:
                return None
            previous_end = max(previous_end, end)
        text = self.text
        for start, end, replacement in reversed(spans):
            text = text[:start] + replacement + text[end:]
        return text

    def spans(self, edits: Sequence[Edit]) -> set:
        """``(start, end, text)`` string offsets of the edits; identical edits count once."""
        return {(self.offset(edit.start), self.offset(edit.end), edit.text) for edit in edits}


def _dominant_newline(text: str) -> str:
    counts = {ending: text.count(ending) for ending in ("\r\n", "\n", "\r")}
    counts["\n"] -= counts["\r\n"]
    counts["\r"] -= counts["\r\n"]
    return max(counts, key=lambda ending: (counts[ending], ending == "\n"))


def overlaps(first: Sequence[Edit], second: Sequence[Edit], source: Source) -> bool:
    """Whether two fixes' edits touch the same text (identical edits, e.g. one import, do not count)."""
    theirs = source.spans(second)
    for span in source.spans(first) - theirs:
        start, end, _ = span
        for other_start, other_end, _ in theirs - {span}:
            if start < other_end and other_start < end:
                return True
    return False


def self_class(node: nodes.NodeNG) -> Optional[nodes.ClassDef]:
    """The class whose ``self`` the attribute is taken on, if its receiver is a method's first argument."""
    receiver = node.expr
    if not isinstance(receiver, nodes.Name):
        return None
    method = node.frame()
    while isinstance(method, nodes.FunctionDef) and not isinstance(method.parent, nodes.ClassDef):
        method = method.parent.frame() if method.parent is not None else None
    if not isinstance(method, nodes.FunctionDef):
        return None
    positional = method.args.posonlyargs + method.args.args
    if positional and positional[0].name == receiver.name and not method.type == "staticmethod":
        return method.parent
    return None


def attribute_name_span(node: nodes.Attribute, source: Source) -> Optional[Tuple[Position, Position]]:
    """Where ``node``'s attribute name is written (``GatherV2`` in ``ops.GatherV2``), or None if the
    text there is not that name."""
    end = end_of(node)
    start = (end[0], end[1] - len(node.attrname.encode("utf-8")))
    return (start, end) if source.slice(start, end) == node.attrname else None


def complement(written: str) -> Optional[str]:
    """``1 - x`` of a number as written (``0.1`` -> ``0.9``, ``1e-2`` -> ``0.99``), computed in decimal
    so that no float rounding shows; None if ``written`` is no plain number."""
    try:
        number = Decimal(1) - Decimal(written.replace("_", ""))
    except InvalidOperation:
        return None
    text = format(number.normalize(), "f")
    return text if "." in text else f"{text}.0"
