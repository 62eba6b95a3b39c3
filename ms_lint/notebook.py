"""Jupyter notebooks: their code cells read as one Python module, findings placed back in their cells.

The code cells, in order, make the module; IPython lines that are not Python (``%matplotlib inline``,
``!pip install ...``, ``x = !ls``, ``obj?``) become ``pass`` at their indentation, and a cell run by a
cell magic other than the timing and capture ones (``%%bash``, ``%%writefile``) is left out: its lines
stay, empty, so that every line of the module is a line of one cell. Findings are then placed at
``notebook.ipynb:cell N:LINE`` (N counts every cell from 1, markdown ones too, as Jupyter lists them),
and fixes are written back into the cells' sources with everything else in the notebook unchanged.
"""

from __future__ import annotations

import bisect
import copy
import functools
import json
import os
import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from pylint.reporters import BaseReporter

from ms_lint.files import LINE_END
from ms_lint.language import Text

SUFFIX = ".ipynb"
# Cell magics whose body is Python that runs in the notebook.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
# A line of IPython syntax: a magic, a shell command, a help query, or an assignment of one of these.
IPYTHON_LINE = re.compile(r"\s*(?:[%!?]|[\w.]+\?{1,2}\s*$|[\w.,\s()\[\]]+=\s*[%!])")
# IPython's line magics run without their % ("automagic"): ``pip install x``, ``cd data``.
AUTOMAGIC = re.compile(
    r"\s*(?:pip|conda|mamba|cd|ls|ll|pwd|cat|cp|mv|rm|rmdir|mkdir|env|set_env|run|load|load_ext|reload_ext|"
    r"matplotlib|time|timeit|who|whos|history|pushd|popd|pinfo|pdb|alias|config|store|reset|xmode)(?:\s|$)"
)
# Line numbers in message texts (syntax errors, rules naming another line).
LINE_NUMBER = re.compile(r"\bline (\d+)|第 (\d+) 行")

NOT_JSON = Text("%s is not a Jupyter notebook (not JSON: %s)", "%s 不是 Jupyter notebook（不是 JSON：%s）")
NOT_V4 = Text(
    "%s is not a Jupyter notebook of format 4 (nbformat %s); convert it with `jupyter nbconvert --to notebook`",
    "%s 不是格式 4 的 Jupyter notebook（nbformat %s）；请用 `jupyter nbconvert --to notebook` 转换",
)
UNREADABLE = Text("cannot read %s: %s", "无法读取 %s：%s")


class NotebookError(Exception):
    """A notebook that cannot be read; ``args[0]`` is a Text saying why."""


@dataclass(frozen=True)
class Cell:
    """A code cell: its place in the notebook and in the module made of the code cells."""

    number: int  # 1-based, among all the notebook's cells
    first_line: int  # the module's line where the cell starts
    line_count: int  # the lines the cell takes in the module
    text: str  # the cell's source as the notebook has it


@dataclass(frozen=True)
class Notebook:
    path: str
    python: str  # the code cells as one module
    cells: Tuple[Cell, ...]
    data: dict  # the notebook's JSON

    def place(self, line: int) -> Optional[Tuple[Cell, int]]:
        """The cell holding a line of the module, and the line's number in that cell (past the module's
        end, as a parser reports an unexpected end: the last cell, counting on)."""
        for cell in reversed(self.cells):  # the cells' lines follow each other from line 1
            if line >= cell.first_line:
                return cell, line - cell.first_line + 1
        return None

    def shown(self, path: str, line: int) -> Tuple[str, int]:
        """``(path, line)`` as the user sees them: ``("tutorial.ipynb:cell 3", 5)`` for a line of the module."""
        placed = self.place(line)
        return (f"{path}:cell {placed[0].number}", placed[1]) if placed else (path, line)

    def with_sources(self, texts: Dict[int, str]) -> bytes:
        """The notebook's file with the sources of some cells (by number) replaced: only those
        values of its JSON text change, written as the notebook writes them."""
        original, spans = self._written
        pieces, done = [], 0
        for number in sorted(texts):
            start, end = spans[number - 1]
            pieces += [original[done:start], _source_json(texts[number], original[start:end])]
            done = end
        return ("".join(pieces) + original[done:]).encode("utf-8")

    def editable(self) -> bool:
        """Whether every cell's source can be found in the notebook's JSON text (a valid notebook's can)."""
        try:
            return len(self._written[1]) == len(self.data["cells"])
        except (OSError, UnicodeDecodeError, ValueError, IndexError, RecursionError):
            return False

    @functools.cached_property  # read once for every fix of the notebook
    def _written(self) -> Tuple[str, List[Tuple[int, int]]]:
        """The notebook's JSON text, and where each cell's source is written in it."""
        with open(self.path, "rb") as stream:
            original = stream.read().decode("utf-8")
        return original, _source_spans(original)


def is_notebook(path: str) -> bool:
    return path.endswith(SUFFIX)


def read(path: str) -> Notebook:
    """The notebook at ``path``; NotebookError says why it cannot be read."""
    try:
        with open(path, "rb") as stream:
            data = json.loads(stream.read().decode("utf-8"))
    except OSError as error:
        raise NotebookError(UNREADABLE % (path, error.strerror or error)) from None
    except (UnicodeDecodeError, ValueError, RecursionError) as error:  # RecursionError: JSON nested too deep
        raise NotebookError(NOT_JSON % (path, error)) from None
    if not isinstance(data, dict) or data.get("nbformat") != 4 or not isinstance(data.get("cells"), list):
        version = data.get("nbformat") if isinstance(data, dict) else None
        raise NotebookError(NOT_V4 % (path, version))
    return _module(path, data)


def _module(path: str, data: dict) -> Notebook:
    parts: List[str] = []
    cells: List[Cell] = []
    line = 1
    for number, raw in enumerate(data["cells"], start=1):
        if not isinstance(raw, dict) or raw.get("cell_type") != "code":
            continue
        text = _source(raw.get("source", ""))
        lines = LINE_END.split(text)
        if text.endswith(("\n", "\r")):
            lines.pop()
        if not lines:
            continue
        parts.extend(python + "\n" for python in _python_lines(lines))
        cells.append(Cell(number, line, len(lines), text))
        line += len(lines)
    return Notebook(path, "".join(parts), tuple(cells), data)


def _source(source) -> str:
    if isinstance(source, list):
        return "".join(item for item in source if isinstance(item, str))
    return source if isinstance(source, str) else ""


def _python_lines(lines: Sequence[str]) -> List[str]:
    """The cell's lines as Python: IPython lines become ``pass``, a non-Python cell magic empties the cell."""
    first = next((text.strip() for text in lines if text.strip()), "")
    if first.startswith("%%"):
        magic = first[2:].split(None, 1)[0] if len(first) > 2 else ""
        if magic not in PYTHON_CELL_MAGICS:
            return [""] * len(lines)
    if _is_python("\n".join(lines)):
        return list(lines)
    result: List[str] = []
    state = _Scan()
    for text in lines:
        ipython = IPYTHON_LINE.match(text) or AUTOMAGIC.match(text)
        if state.statement_starts() and ipython and not _is_python(text.strip()):
            indent = text[: len(text) - len(text.lstrip())]
            result.append(indent + "pass")
            state.continued, state.in_python = text.rstrip().endswith("\\"), False
        elif state.continued and not state.in_python:
            result.append("")  # the rest of an IPython line
            state.continued = text.rstrip().endswith("\\")
        else:
            result.append(text)
            state.read(text)
    return result


def _is_python(text: str) -> bool:
    try:
        compile(text, "<cell>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


class _Scan:
    """Where a line of Python leaves the next one: inside brackets, a string, or a backslash continuation."""

    def __init__(self):
        self.depth = 0
        self.quote = ""  # the open triple-quoted string's quotes
        self.continued = False
        self.in_python = True  # the continued line is Python (not the rest of an IPython line)

    def statement_starts(self) -> bool:
        return not (self.depth or self.quote or self.continued)

    def read(self, line: str) -> None:
        index, length = 0, len(line)
        while index < length:
            char = line[index]
            if self.quote:
                if char == "\\":
                    index += 2
                    continue
                if line.startswith(self.quote, index):
                    index += len(self.quote)
                    self.quote = ""
                    continue
            elif char == "#":
                break
            elif char in "\"'":
                triple = line[index : index + 3]
                if triple in ('"""', "'''"):
                    self.quote = triple
                    index += 3
                    continue
                index = _string_end(line, index)
                continue
            elif char in "([{":
                self.depth += 1
            elif char in ")]}":
                self.depth = max(self.depth - 1, 0)
            index += 1
        self.continued = line.rstrip().endswith("\\") and not self.quote
        self.in_python = True


def _string_end(line: str, start: int) -> int:
    """The index after the one-line string that starts at ``start``."""
    quote, index = line[start], start + 1
    while index < len(line):
        if line[index] == "\\":
            index += 2
        elif line[index] == quote:
            return index + 1
        else:
            index += 1
    return index


def _source_json(text: str, written: str) -> str:
    """A cell's new source as JSON, in the form its old one was written: a list of lines laid out
    like the old list (one per line, its indentation), or one string; non-ASCII escaped if it was."""
    escape = "\\u" in written and written.isascii()
    if not written.startswith("["):
        return json.dumps(text, ensure_ascii=escape)
    items = [json.dumps(line, ensure_ascii=escape) for line in text.splitlines(keepends=True)]
    layout = re.match(r"\[(\s*)", written).group(1)
    if not items:
        return "[]"
    if "\n" not in layout:
        return "[" + ", ".join(items) + "]"
    between = re.search(r'",(\s*)"', written)  # how the items are separated, when there were two
    closing = re.search(r"(\s*)\]$", written).group(1)
    return "[" + layout + ("," + (between.group(1) if between else layout)).join(items) + closing + "]"


def _source_spans(text: str) -> List[Tuple[int, int]]:
    """Where the value of each cell's "source" is written in the notebook's JSON text, by cell."""
    spans: List[Tuple[int, int]] = []
    decoder = json.JSONDecoder()
    index = text.index("{")
    cells_at = _member(text, index, "cells", decoder)
    position = _skip(text, cells_at + 1)
    while text[position] != "]":
        source_at = _member(text, position, "source", decoder)
        _, end = decoder.raw_decode(text, source_at)
        spans.append((source_at, end))
        _, position = decoder.raw_decode(text, position)  # past the cell
        position = _skip(text, position)
        if text[position] == ",":
            position = _skip(text, position + 1)
    return spans


def _member(text: str, index: int, name: str, decoder) -> int:
    """Where the value of member ``name`` starts in the JSON object that starts at ``index``."""
    position = _skip(text, index + 1)
    while text[position] != "}":
        key, position = decoder.raw_decode(text, position)
        position = _skip(text, _skip(text, position) + 1)  # past the colon
        if key == name:
            return position
        _, position = decoder.raw_decode(text, position)
        position = _skip(text, position)
        if text[position] == ",":
            position = _skip(text, position + 1)
    raise ValueError(f"no {name!r} member")


def _skip(text: str, index: int) -> int:
    while text[index] in " \t\r\n":
        index += 1
    return index


class Notebooks:
    """The notebooks a report places findings in, each read once (None: it cannot be read)."""

    def __init__(self):
        self._read: Dict[str, Optional[Notebook]] = {}

    def get(self, path: str) -> Optional[Notebook]:
        absolute = os.path.abspath(path)
        if absolute not in self._read:
            try:
                self._read[absolute] = read(absolute)
            except NotebookError:
                self._read[absolute] = None
        return self._read[absolute]

    def shown(self, msg):
        """The message as the user sees it: a notebook's finding placed at its cell (``x.ipynb:cell 3``)."""
        found = self.get(msg.abspath) if is_notebook(msg.abspath or "") else None
        placed = in_cell(msg, found) if found is not None else None
        if placed is None:
            return msg
        moved, cell = placed
        moved.path = f"{msg.path}:cell {cell.number}"
        moved.msg = LINE_NUMBER.sub(lambda match: _line_named(found, match), msg.msg)
        return moved


def in_cell(msg, notebook: Notebook):
    """``(a copy of the message with its lines counted in the cell that holds it, that cell)``, or None."""
    placed = notebook.place(msg.line)
    if placed is None:
        return None
    cell, line = placed
    moved = copy.copy(msg)
    moved.line = line
    end = notebook.place(msg.end_line) if msg.end_line is not None else None
    same_cell = end is not None and end[0] is cell
    moved.end_line = end[1] if same_cell else None
    moved.end_column = msg.end_column if same_cell else None
    return moved, cell


class CellPlaces(BaseReporter):
    """Passes messages on to a reporter with notebook findings placed at their cells (``x.ipynb:cell 3``)."""

    def __init__(self, reporter):  # pylint: disable=super-init-not-called
        # BaseReporter's would set ``out``, which is the wrapped reporter's.
        self.inner = reporter
        self.notebooks = Notebooks()
        self.section = 0
        self.messages: list = []
        self.path_strip_prefix = reporter.path_strip_prefix

    @property
    def out(self):
        return self.inner.out

    @out.setter
    def out(self, output) -> None:
        self.inner.out = output

    @property
    def linter(self):
        return self.inner.linter

    @linter.setter
    def linter(self, value) -> None:
        self.inner.linter = value

    def handle_message(self, msg) -> None:
        self.inner.handle_message(self.notebooks.shown(msg))

    def writeln(self, string: str = "") -> None:
        self.inner.writeln(string)

    def display_reports(self, layout) -> None:
        self.inner.display_reports(layout)

    def display_messages(self, layout) -> None:
        self.inner.display_messages(layout)

    def on_set_current_module(self, module: str, filepath: Optional[str]) -> None:
        self.inner.on_set_current_module(module, filepath)

    def on_close(self, stats, previous_stats) -> None:
        self.inner.on_close(stats, previous_stats)


def _line_named(notebook: Notebook, match) -> str:
    """A line number of a notebook's module named in a message, as its cell's line."""
    placed = notebook.place(int(match.group(1) or match.group(2)))
    if placed is None:
        return match.group(0)
    cell, line = placed
    return f"cell {cell.number}, line {line}" if match.group(1) else f"单元格 {cell.number} 第 {line} 行"


def cell_edits(notebook: Notebook, spans) -> Optional[Dict[int, list]]:
    """The edits ``(start, end, text)`` at offsets of the notebook's module, as edits of its cells'
    sources by cell number; None if one of them spans two cells. Text inserted between two cells
    goes at the end of the first (a statement added after another stays in its cell)."""
    from ms_lint.fixes.base import Source  # pylint: disable=import-outside-toplevel

    module = Source(notebook.python)
    by_cell: Dict[int, list] = {}
    for start, end, text in spans:
        first = _cell_offset(notebook, module, start, earlier=start == end)
        last = _cell_offset(notebook, module, end, earlier=True)
        if first is None or last is None or first[0] is not last[0]:
            return None
        cell = first[0]
        if first[1] == len(cell.text) and first[2] and not cell.text.endswith(("\n", "\r")):
            # After a last line that has no newline: the text goes on a line of its own, as the cell's last.
            text = "\n" + (text[:-1] if text.endswith("\n") else text)
        by_cell.setdefault(cell.number, []).append((first[1], last[1], text))
    return by_cell


def _cell_offset(notebook: Notebook, module, offset: int, earlier: bool) -> Optional[Tuple[Cell, int, bool]]:
    """(cell, offset in its source, whether the offset is past the cell's last line) of an offset of
    the module. ``earlier``: the start of a cell's first line is the end of the cell before it (where
    an edit ends, or text is inserted), if any; else it is the start of that cell (where an edit starts)."""
    line = bisect.bisect_right(module.line_starts, offset)
    column = offset - module.line_starts[line - 1]
    for cell in notebook.cells:
        after = cell.first_line + cell.line_count
        if line == after and column == 0 and (earlier or cell is notebook.cells[-1]):
            return cell, len(cell.text), True
        if cell.first_line <= line < after:
            starts = [0] + [match.end() for match in LINE_END.finditer(cell.text)]
            return cell, starts[line - cell.first_line] + column, False
    return None


def fixed_sources(notebook: Notebook, by_cell: Dict[int, list]) -> Dict[int, str]:
    """The cells' sources with their edits applied."""
    texts = {}
    for cell in notebook.cells:
        text = cell.text
        for start, end, replacement in sorted(by_cell.get(cell.number, ()), reverse=True):
            text = text[:start] + replacement + text[end:]
        if cell.number in by_cell:
            texts[cell.number] = text
    return texts
