"""A SARIF 2.1.0 reporter, for GitHub code scanning and other SARIF consumers.

``pylint --load-plugins=ms_lint --output-format=ms-sarif:ms_lint.sarif src/`` (or
``ms-lint --output-format=ms-sarif:ms_lint.sarif src/``) writes one SARIF log with one
run: the tool's rules (every ms_lint rule, plus the pylint messages that were reported)
and one result per finding, with its rule, level, message, location and region.

- Regions are 1-based, end column exclusive, counted in Unicode code points
  (``columnKind``); pylint's columns count UTF-8 bytes, so they are converted from the
  source line.
- An ms_lint rule's help links to its page: ``--mindspore-docs-url`` + ``<symbol>.md``
  (default: ``docs/rules/<symbol>.md`` of the ms_lint repository). A pylint message links
  to pylint's documentation.
- Runtime-probe evidence, which the probe appends to a message as
  `` [probe <status>: <evidence>]``, goes to the result's ``properties.probe`` and is cut
  from the message text.
"""

from __future__ import annotations

import functools
import json
import os
import re
import tokenize
from pathlib import Path
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple
from urllib.parse import quote, urlparse

from pylint.message import Message
from pylint.reporters.base_reporter import BaseReporter

from ms_lint.files import LINE_END
from ms_lint.version import __version__

if TYPE_CHECKING:
    from ms_lint import notebook

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
TOOL_NAME = "ms_lint"
CHECKER = "mindspore"
DEFAULT_DOCS_URL = "docs/rules/"
PYLINT_DOCS_URL = "https://pylint.readthedocs.io/en/stable/user_guide/messages/{category}/{symbol}.html"
SRCROOT = "%SRCROOT%"
LEVELS = {"F": "error", "E": "error", "W": "warning", "R": "note", "C": "note", "I": "note"}
CATEGORIES = {"F": "fatal", "E": "error", "W": "warning", "R": "refactor", "C": "convention", "I": "info"}
# Every pylint run imports this module to register the reporter: what only a report reads (the
# probe's words, notebooks) is imported when one is written.


@functools.lru_cache(maxsize=None)
def _probe_words():
    """The probe's status by the word a message says it with (English or Chinese), and the pattern
    of a probed message."""
    from ms_lint.probe.verdict import STATUS_WORDS  # pylint: disable=import-outside-toplevel

    statuses = {word: status for status, text in STATUS_WORDS.items() for word in (text.en, text.zh)}
    pattern = re.compile(
        r"^(?P<message>.*?) \[probe (?P<status>%s)(?:: |：)(?P<evidence>.*)\]$" % "|".join(statuses), re.DOTALL
    )
    return statuses, pattern


def _notebook():
    from ms_lint import notebook  # pylint: disable=import-outside-toplevel,redefined-outer-name

    return notebook


def docs_url(config) -> str:
    """Where the rule pages are, ending with '/': ``--mindspore-docs-url``, else their path in the
    ms_lint repository."""
    url = getattr(config, "mindspore_docs_url", "") or DEFAULT_DOCS_URL
    return url if url.endswith("/") else url + "/"


def rule_url(docs: str, symbol: str) -> str:
    """The page of the rule ``symbol`` under the pages' location ``docs``."""
    return f"{docs}{symbol}.md"


def is_absolute(url: str) -> bool:
    """Whether ``url`` names its scheme (a link any reader can follow), not a path in the repository."""
    return bool(urlparse(url).scheme)


def split_probe(text: str):
    """``(message, {"status": ..., "evidence": ...})`` or ``(text, None)`` when not probed."""
    statuses, pattern = _probe_words()
    match = pattern.match(text)
    if match is None:
        return text, None
    status = statuses[match.group("status")]
    return match.group("message"), {"status": status, "evidence": match.group("evidence")}


class SarifReporter(BaseReporter):
    """Write the messages as one SARIF 2.1.0 log (``--output-format=ms-sarif``)."""

    name = "ms-sarif"
    extension = "sarif"
    notebook_module_lines = True  # it places a notebook's findings in their cells itself
    baselined: Optional[List[Message]] = None  # findings a baseline accepts, when a baseline is in use

    def use_baseline(self) -> None:
        """Mark results ``new`` or ``unchanged`` against the baseline (``ms-lint --baseline``)."""
        self.baselined = []

    def handle_baselined(self, message: Message) -> None:
        self.baselined.append(message)

    def display_messages(self, layout) -> None:
        print(json.dumps(self.sarif(), indent=2, ensure_ascii=False), file=self.out)

    def display_reports(self, layout) -> None:
        """The SARIF log holds the messages only."""

    def _display(self, layout) -> None:
        """Nothing else is written."""

    # -- the log -----------------------------------------------------------------

    def sarif(self) -> dict:
        rules = _Rules(self.linter, self._docs_url())
        sources = _Sources()
        results = [self._result(message, rules, sources) for message in self.messages]
        if self.baselined is not None:
            for result in results:
                result["baselineState"] = "new"
            for message in self.baselined:
                results.append(dict(self._result(message, rules, sources), baselineState="unchanged"))
        driver = {
            "name": TOOL_NAME,
            "version": __version__,
            "rules": rules.descriptors,
        }
        if is_absolute(rules.docs_url):
            driver["informationUri"] = rules.docs_url
        return {
            "$schema": SARIF_SCHEMA,
            "version": SARIF_VERSION,
            "runs": [
                {
                    "tool": {"driver": driver},
                    "invocations": [{"executionSuccessful": True}],
                    "originalUriBaseIds": {SRCROOT: {"uri": Path.cwd().resolve().as_uri() + "/"}},
                    "columnKind": "unicodeCodePoints",
                    "results": results,
                }
            ],
        }

    def _docs_url(self) -> str:
        return docs_url(getattr(getattr(self, "linter", None), "config", None))

    def _result(self, message: Message, rules: "_Rules", sources: "_Sources") -> dict:
        text, probe = split_probe(message.msg or "")
        index = rules.index(message)
        result = {
            "ruleId": message.msg_id,
            "ruleIndex": index,
            "level": LEVELS.get(message.msg_id[:1], "warning"),
            "message": {"text": text or message.symbol},
            "properties": {"symbol": message.symbol, "confidence": message.confidence.name},
        }
        location = _location(message, sources)
        if location is not None:
            result["locations"] = [location]
        if probe is not None:
            result["properties"]["probe"] = probe
        return result


class _Rules:
    """The run's rule descriptors: every ms_lint rule, then each other message reported."""

    def __init__(self, linter, docs_url: str):
        self.linter, self.docs_url = linter, docs_url
        self.descriptors: List[dict] = []
        self._indexes: Dict[str, int] = {}
        checker_names = _checker_names(linter)
        self._core = checker_names["core"]
        if CHECKER in checker_names["all"]:
            for definition in _ms_lint_definitions():
                self._add(definition.msgid, definition.symbol, definition.description, ms_lint=True)

    def index(self, message: Message) -> int:
        if message.msg_id not in self._indexes:
            description = ""
            definition = self._definition(message.msg_id)
            if definition is not None:
                description = definition.description
            checker = getattr(definition, "checker_name", "")
            self._add(message.msg_id, message.symbol, description, ms_lint=checker == CHECKER, core=checker in self._core)
        return self._indexes[message.msg_id]

    def _definition(self, msgid: str):
        try:
            return self.linter.msgs_store.get_message_definitions(msgid)[0]
        except Exception:  # pylint: disable=broad-except
            return None

    def _add(self, msgid: str, symbol: str, description: str, ms_lint: bool, core: bool = False) -> None:
        description = " ".join(description.split()) or symbol
        level = LEVELS.get(msgid[:1], "warning")
        descriptor = {
            "id": msgid,
            "name": symbol,
            "shortDescription": {"text": _first_sentence(description)},
            "fullDescription": {"text": description},
            "defaultConfiguration": {"level": level},
            "properties": {"tags": ["mindspore"] if ms_lint else ["pylint"]},
        }
        url = None
        if ms_lint:
            url = rule_url(self.docs_url, symbol)
        elif core:
            url = PYLINT_DOCS_URL.format(category=CATEGORIES.get(msgid[:1], "warning"), symbol=symbol)
        if url:
            descriptor["help"] = {"text": f"{description} Documentation: {url}", "markdown": f"{description}\n\n[{symbol}]({url})"}
            if is_absolute(url):
                descriptor["helpUri"] = url
        else:
            descriptor["help"] = {"text": description}
        self._indexes[msgid] = len(self.descriptors)
        self.descriptors.append(descriptor)


def _ms_lint_definitions():
    from ms_lint.checkers import CHECKERS  # pylint: disable=import-outside-toplevel

    found = []
    for checker in CHECKERS:
        for msgid, definition in checker.msgs.items():
            found.append(_Definition(msgid, definition[1], definition[2]))
    return sorted(found, key=lambda d: d.msgid[1:])


class _Definition:
    def __init__(self, msgid: str, symbol: str, description: str):
        self.msgid, self.symbol, self.description = msgid, symbol, description


def _checker_names(linter) -> dict:
    """Names of the linter's checkers: ``all``, and ``core`` for pylint's own."""
    try:
        checkers = list(linter.get_checkers())
    except Exception:  # pylint: disable=broad-except
        checkers = []
    return {
        "all": frozenset(checker.name for checker in checkers),
        "core": frozenset(checker.name for checker in checkers if type(checker).__module__.startswith("pylint.")),
    }


def _first_sentence(text: str) -> str:
    head = text.split(". ", 1)[0]
    return head if head.endswith(".") else head + "."


def _location(message: Message, sources: "_Sources") -> Optional[dict]:
    path = message.abspath or message.path
    if not path or not os.path.isfile(path):
        return None
    physical = {"artifactLocation": _artifact(path)}
    cell = None
    if _notebook().is_notebook(path):
        message, cell = sources.in_cell(path, message)
    region = _region(sources.lines(path, cell), message)
    if region:
        physical["region"] = region
    location = {"physicalLocation": physical}
    if cell is not None:
        # The region's lines count from the cell's first line.
        location["properties"] = {"cell": cell.number}
    name = ".".join(part for part in (message.module, message.obj) if part)
    if name:
        location["logicalLocations"] = [{"fullyQualifiedName": name}]
    return location


def _artifact(path: str) -> dict:
    absolute = Path(path).resolve()
    try:
        relative = absolute.relative_to(Path.cwd().resolve())
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(relative.as_posix()), "uriBaseId": SRCROOT}


def _region(lines: tuple, message: Message) -> Optional[dict]:
    if not message.line or message.line < 1:
        return None
    region = {"startLine": message.line}
    if message.column is not None and message.column >= 0:
        region["startColumn"] = _column(lines, message.line, message.column) + 1
    end_line, end_column = message.end_line, message.end_column
    if end_line is not None and end_line >= message.line and end_column is not None and end_column >= 0:
        end = _column(lines, end_line, end_column) + 1
        if end_line > message.line or end >= region.get("startColumn", 1):
            region["endLine"] = end_line
            region["endColumn"] = end
    return region


def _column(lines: tuple, line: int, byte_offset: int) -> int:
    """pylint's UTF-8 byte offset on ``line`` as a count of code points."""
    if not 0 < line <= len(lines):
        return byte_offset
    text = lines[line - 1]
    if text.isascii():
        return byte_offset
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


class _Sources:
    """Source lines of the reported files, read once per report."""

    def __init__(self):
        self._lines: Dict[str, tuple] = {}
        self._notebooks = _notebook().Notebooks()

    def lines(self, path: str, cell: Optional[notebook.Cell] = None) -> tuple:
        if cell is not None:
            return tuple(LINE_END.split(cell.text))
        path = os.path.abspath(path)
        if path not in self._lines:
            self._lines[path] = _read_lines(path)
        return self._lines[path]

    def in_cell(self, path: str, message: Message) -> Tuple[Message, Optional[notebook.Cell]]:
        """The message with its lines counted in its notebook cell, and that cell (None if not found)."""
        found = self._notebooks.get(path)
        placed = _notebook().in_cell(message, found) if found is not None else None
        return placed if placed is not None else (message, None)


def _read_lines(path: str) -> tuple:
    try:
        with tokenize.open(path) as stream:
            return tuple(LINE_END.split(stream.read()))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return ()
