"""``ms-lint explain TEXT``: from a MindSpore error text to the ms_lint rules that prevent it.

``ms-lint explain TEXT`` (or ``-``, to read a whole log from standard input) prints, for each
rule whose recorded error texts (:mod:`ms_lint.data.error_texts`) match: its id and symbol,
why (the message's description), how to fix it (the rule's "How to fix it" section, see
:mod:`ms_lint.rule_pages`) and its page. :func:`explanation` gives the same as data.

When the log names source locations (MindSpore's "The Traceback of Net Construct Code":
``In file /path/net.py:12, 8~20``; Python's ``File "/path/net.py", line 12, in construct``),
the files that exist are linted with ms_lint's checks, as ``ms-lint`` does, and the findings
*near* those locations are printed, the matched rules' first. Near: in the same top-level
class or function as the location (a method's whole class: a Cell's error in ``construct``
often comes from ``__init__``), or within 3 lines of it outside any. Library files
(site-packages) are not linted. The user modules those files import (beside them, as Python
finds a script's modules) are linted with them, and their findings of the rules the log
matched are printed too: a PyNative traceback may name only the script that built the Cell.
The text quoted for a matched rule is the error's own line, not a traceback's quote of the
library line that raised it. A log with MindSpore's construct traceback comes from a graph
compile, so those files are linted with ``--mindspore-mode=graph`` unless the options set a mode:
the lines it names were compiled, whatever mode the program sets elsewhere. An operator's error that
PyNative raised where a result was read (its asynchronous queue's "WorkerJoin failed", or a traceback
ending in the Tensor's own code) gets a notice: the log does not name the failing line, and
``mindspore.runtime.launch_blocking()`` makes the next run's traceback name it.

Every user-visible string is in :data:`TEXTS`, by language; the rule descriptions and fixes
come from the rules themselves.
"""

from __future__ import annotations

import ast
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from pylint.reporters import CollectingReporter

from ms_lint import language, rule_pages
from ms_lint.data.error_texts import ERROR_TEXTS
from ms_lint.data.known_errors import KNOWN_ERRORS, KnownError
from ms_lint.reporters.sarif import DEFAULT_DOCS_URL
from ms_lint.semantics.names import module_files

NEAR_LINES = 3
GRAPH_TRACEBACK = "The Traceback of Net Construct Code"  # MindSpore prints it for graph compiles only
# An operator's error that PyNative raised later, where a result was read: the queue that runs operators
# asynchronously reports it alone ("WorkerJoin failed: For 'MatMulExt' op ..."), or a traceback ends in
# the Tensor's own code (``print(out)``, ``out.asnumpy()``), not at the operator's line.
ASYNCHRONOUS_QUEUE = "WorkerJoin failed"
TENSOR_READS = ("mindspore/common/tensor.py", "mindspore/common/_stub_tensor.py")
LIBRARY_FOLDERS = ("site-packages", "dist-packages")
TEXTS: Dict[str, Dict[str, str]] = {
    "en": {
        "usage": (
            "usage: ms-lint explain TEXT [ms-lint options]\n"
            "       ms-lint explain - [ms-lint options]    (read a whole log from standard input)\n\n"
            "Find the ms_lint rules that prevent a MindSpore error: for each rule whose error texts match,\n"
            "print its id, why, how to fix it and its page. Source files the log points at (\"In file\n"
            "net.py:12\", 'File \"net.py\", line 12') are linted with ms_lint's checks, and the findings in\n"
            "the same class or function (or within 3 lines) are printed. A known MindSpore error no rule\n"
            "foresees (out of memory, a missing device, a shape the data gives...) gets its usual cause and\n"
            "fix. Exit status: 0 when a rule or a known error matched, 1 when none did."
        ),
        "no_text": "ms-lint explain: give the error text, or - to read it from standard input.",
        "matched": "This MindSpore output matches {count} ms_lint rule{s}:",
        "no_match": "No ms_lint rule matches this text.",
        "no_known": "Neither an ms_lint rule nor a known MindSpore error matches this text.",
        "known": "It is {count} known MindSpore error{s} no rule can foresee:",
        "known_only": "No ms_lint rule matches this text; it is {count} known MindSpore error{s} no rule can foresee:",
        "cause": "  Usual cause: {text}",
        "known_fix": "  What to do: {text}",
        "said": "  MindSpore said: {text}",
        "why": "  Why: {text}",
        "fix": "  How to fix it:",
        "fix_missing": "  How to fix it: see the rule page (ms_lint/data/rule_fixes.json is missing).",
        "page": "  Rule page: {url}",
        "findings": "ms_lint's findings near the lines the log points at (same class or function, or within "
        "{lines} lines):",
        "no_findings": "ms_lint finds nothing near the lines the log points at ({count} file{s} linted).",
        "imported_findings": "Findings of the matched rules in the modules those files import (the error may be "
        "raised while they run):",
        "finding": "  {path}:{line}: {msgid} {symbol}: {message}",
        "missing": "Skipped {path}: no such file.",
        "unreadable": "Skipped {path}: cannot read it ({reason}).",
        "libraries": "Not linted: {count} library file{s} the log points at (site-packages).",
        "lint_failed": "Could not lint the files the log points at (ms-lint exited with {status}).",
        "deferred": "MindSpore ran the failing operator asynchronously (PyNative): this log shows where a result "
        "was read (print, .asnumpy()), not the line that failed. Call mindspore.runtime.launch_blocking() at the "
        "start of the script (before MindSpore 2.7: set_context(pynative_synchronize=True)) and run it again: the "
        "traceback then goes through the Cell's construct to the failing line, which ms-lint explain lints.",
    },
    "zh": {
        "usage": (
            "用法：ms-lint explain TEXT [ms-lint 选项]\n"
            "      ms-lint explain - [ms-lint 选项]    （从标准输入读取整段日志）\n\n"
            "查找能预防某个 MindSpore 报错的 ms_lint 规则：对错误文本匹配的每条规则，打印其编号、原因、\n"
            "修复方法和规则页面。日志指向的源文件（\"In file net.py:12\"、'File \"net.py\", line 12'）\n"
            "会用 ms_lint 的检查进行检查，并打印同一类或函数中（或 3 行以内）的检查结果。规则无法预见的\n"
            "已知 MindSpore 报错（内存不足、设备缺失、由数据决定的 shape……）会给出常见原因和处理方法。\n"
            "退出状态：有规则或已知报错匹配时为 0，都没有时为 1。"
        ),
        "no_text": "ms-lint explain：请给出错误文本，或用 - 从标准输入读取。",
        "matched": "这段 MindSpore 输出匹配 {count} 条 ms_lint 规则{s}：",
        "no_match": "没有 ms_lint 规则匹配这段文本。",
        "no_known": "没有 ms_lint 规则或已知的 MindSpore 报错匹配这段文本。",
        "known": "它是 {count} 个规则无法预见的已知 MindSpore 报错{s}：",
        "known_only": "没有 ms_lint 规则匹配这段文本；它是 {count} 个规则无法预见的已知 MindSpore 报错{s}：",
        "cause": "  常见原因：{text}",
        "known_fix": "  处理方法：{text}",
        "said": "  MindSpore 的输出：{text}",
        "why": "  原因：{text}",
        "fix": "  如何修复：",
        "fix_missing": "  如何修复：见规则页面（缺少 ms_lint/data/rule_fixes.json）。",
        "page": "  规则页面：{url}",
        "findings": "日志所指行附近（同一类或函数中，或 {lines} 行以内）的 ms_lint 检查结果：",
        "no_findings": "日志所指行附近没有 ms_lint 检查结果（检查了 {count} 个文件{s}）。",
        "imported_findings": "这些文件导入的模块中，匹配规则的检查结果（错误可能在它们运行时抛出）：",
        "finding": "  {path}:{line}: {msgid} {symbol}: {message}",
        "missing": "已跳过 {path}：文件不存在。",
        "unreadable": "已跳过 {path}：无法读取（{reason}）。",
        "libraries": "未检查：日志指向的 {count} 个库文件{s}（site-packages）。",
        "lint_failed": "无法检查日志指向的文件（ms-lint 退出状态为 {status}）。",
        "deferred": "MindSpore 以异步方式运行了出错的算子（动态图模式）：这段日志显示的是读取结果的位置（print、"
        ".asnumpy()），而不是出错的那一行。请在脚本开头调用 mindspore.runtime.launch_blocking()（MindSpore 2.7 "
        "之前：set_context(pynative_synchronize=True)）后重新运行：回溯信息会经过 Cell 的 construct 指到出错的"
        "那一行，ms-lint explain 会检查该处。",
    },
}


@dataclass(frozen=True)
class Voice:
    """The output language of one explanation, and its strings."""

    language: str = language.EN

    def say(self, key: str, **values) -> str:
        """A user-visible string, in the output language."""
        return TEXTS[self.language][key].format(**values)

    def plural(self, count: int) -> str:
        return "" if count == 1 or self.language == language.ZH else "s"


@dataclass(frozen=True)
class Match:
    """A rule whose error text was found in the log."""

    symbol: str
    said: str  # the part of the log that matched


def rules_matching(text: str) -> List[Match]:
    """The rules whose recorded error texts occur in ``text``, in message id order."""
    found = []
    for symbol, recorded in ERROR_TEXTS.items():
        said = _first_match(text, (pattern for entry in recorded.texts for pattern in entry.patterns))
        if said is not None:
            found.append(Match(symbol, said))
    order = rule_pages.definitions(language.EN)
    return sorted(found, key=lambda match: order.get(match.symbol, ("", ""))[0][1:])


def known_errors_matching(text: str) -> List[Tuple[KnownError, str]]:
    """The known errors no rule foresees that occur in ``text``, each with the line that matched."""
    found = []
    for known in KNOWN_ERRORS:
        said = _first_match(text, (pattern for entry in known.texts for pattern in entry.patterns))
        if said is not None:
            found.append((known, said))
    return found


def _first_match(text: str, patterns: Iterable[str]) -> Optional[str]:
    """The line of the first pattern that matches: the error itself rather than a traceback's
    quote of the library line that raised it (``raise ValueError(f"For '{self.name}' ...``)."""
    lines = text.splitlines()
    for pattern in patterns:
        found = [number for number, line in enumerate(lines) if re.search(pattern, line)]
        across = None if found else re.search(pattern, text, re.MULTILINE)  # a pattern across lines
        if across is not None:
            found = [text.count("\n", 0, across.start())]
        if found:
            said = [number for number in found if not (number and PYTHON_LOCATION.search(lines[number - 1]))]
            return lines[(said or found)[0]].strip()
    return None


@dataclass(frozen=True)
class Location:
    """Lines of a source file that a log points at."""

    path: str
    first: int
    last: int


# "# 0 In file /path/net.py:12, 8~20", "In file /path/net.py:18~21, 8~21", "In file /path/net.py:12"
MINDSPORE_LOCATION = re.compile(r"In file (?P<path>.+?):(?P<first>\d+)(?:~(?P<last>\d+))?(?:, \d+(?:~\d+)?)?\s*$")
# 'File "/path/net.py", line 12, in construct'
PYTHON_LOCATION = re.compile(r'File "(?P<path>[^"]+)", line (?P<first>\d+)')


def locations(text: str) -> List[Location]:
    """The source locations a log names, in order, without repeats."""
    found: List[Location] = []
    for line in text.splitlines():
        match = MINDSPORE_LOCATION.search(line) or PYTHON_LOCATION.search(line)
        if not match or match.group("path").startswith("<"):  # <string>, <frozen ...>
            continue
        first = int(match.group("first"))
        last = int(match.groupdict().get("last") or first)
        location = Location(match.group("path"), first, max(first, last))
        if location not in found:
            found.append(location)
    return found


def _is_library(path: str) -> bool:
    return any(part in LIBRARY_FOLDERS for part in Path(path).parts)


def _readable(paths: Sequence[str], notes: List[str], voice: Voice) -> List[str]:
    """The paths that can be linted; a note for each one that cannot."""
    readable, libraries = [], 0
    for path in paths:
        if _is_library(path):
            libraries += 1
            continue
        if not os.path.isfile(path):
            notes.append(voice.say("missing", path=path))
            continue
        try:
            with open(path, "rb"):
                pass
        except OSError as error:
            notes.append(voice.say("unreadable", path=path, reason=error.strerror or error))
            continue
        readable.append(path)
    if libraries:
        notes.append(voice.say("libraries", count=libraries, s=voice.plural(libraries)))
    return readable


def _scopes(path: str) -> List[Tuple[int, int]]:
    """Line spans of the module's top-level classes and functions (inside module-level blocks too)."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return []
    spans = []
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [decorator.lineno for decorator in node.decorator_list])
            spans.append((first, node.end_lineno or node.lineno))
        else:  # if __name__ == "__main__":, try:...: look inside
            pending.extend(child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt))
    return spans


def _near(line: int, places: Sequence[Location], scopes: Sequence[Tuple[int, int]]) -> bool:
    for place in places:
        if place.first - NEAR_LINES <= line <= place.last + NEAR_LINES:
            return True
        for first, last in scopes:
            if first <= line <= last and (first <= place.first <= last or first <= place.last <= last):
                return True
    return False


# Runs ms-lint with these arguments and this reporter; returns pylint's Run (the command line owns it).
Lint = Callable[[List[str], CollectingReporter], object]


def findings_near(places: Sequence[Location], options: List[str], lint: Lint, notes: List[str], voice: Voice,
                  matched: frozenset = frozenset()):
    """(ms_lint's messages near ``places``, the matched rules' messages in the user modules the files
    at ``places`` import, the files linted, the linter's configuration or None).

    A PyNative traceback may name only the script that built or called a Cell: the Cell's own file,
    which it imports, is linted with it, and its findings of the rules the log matched are kept."""
    by_file: Dict[str, List[Location]] = {}
    for place in places:
        by_file.setdefault(place.path, []).append(place)
    files = _readable(list(by_file), notes, voice)
    if not files:
        return [], [], files, None
    named = {os.path.realpath(path) for path in files}
    imported = [] if not matched else [
        path for path in dict.fromkeys(found for path in files for found in _imported_files(path))
        if os.path.realpath(path) not in named and not _is_library(path)
    ]
    reporter = CollectingReporter()
    try:
        outcome = lint([*options, *files, *imported], reporter)
    except SystemExit as stop:
        notes.append(voice.say("lint_failed", status=stop.code))
        return [], [], [], None
    wanted = {os.path.realpath(path): (by_file[path], _scopes(path)) for path in files}
    imported_paths = {os.path.realpath(path) for path in imported}
    near, beyond = [], []
    for message in reporter.messages:
        path = os.path.realpath(message.abspath)
        places, scopes = wanted.get(path, ((), ()))
        if places and _near(message.line, places, scopes):
            near.append(message)
        elif path in imported_paths and message.symbol in matched:
            beyond.append(message)
    return near, beyond, [*files, *imported], getattr(getattr(outcome, "linter", None), "config", None)


def _imported_files(path: str) -> List[str]:
    """The files of the modules ``path`` imports that sit beside it (or in its package), as Python finds
    a script's own modules."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return []
    folder = Path(path).resolve().parent
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            dotted = [(folder, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = folder.parents[node.level - 2] if node.level > 1 else folder
            module = node.module or ""
            dotted = [(base, f"{module}.{alias.name}".strip(".")) for alias in node.names] + [(base, module)]
        else:
            continue
        for root, name in dotted:
            candidate = module_files.module_file(name, (str(root),)) if name else None
            if candidate is not None:
                found.append(candidate)
    return found


def _docs_url(options: Sequence[str], config) -> str:
    url = getattr(config, "mindspore_docs_url", "") or ""
    for index, option in enumerate(options):
        if option.startswith("--mindspore-docs-url="):
            url = url or option.split("=", 1)[1]
        elif option == "--mindspore-docs-url" and index + 1 < len(options):
            url = url or options[index + 1]
    url = url or DEFAULT_DOCS_URL
    return url if url.endswith("/") else url + "/"


@dataclass
class Explanation:
    """What ms_lint knows about an error text or log."""

    matches: List[Match]  # the rules whose recorded texts occur in it
    known: List[Tuple[KnownError, str]]  # the known errors no rule foresees, with the line that matched
    places: List[Location]  # the source locations it names
    near: list = field(default_factory=list)  # ms_lint's messages near those places
    beyond: list = field(default_factory=list)  # the matched rules' messages in the modules their files import
    linted: List[str] = field(default_factory=list)  # the files linted
    notes: List[str] = field(default_factory=list)  # files skipped, or a lint that failed, in the voice's language
    deferred: bool = False  # an operator's error raised where a result was read (see ASYNCHRONOUS_QUEUE)
    docs_url: str = DEFAULT_DOCS_URL  # where the rules' pages are

    @property
    def matched(self) -> frozenset:
        return frozenset(match.symbol for match in self.matches)


def explanation(text: str, options: List[str], lint: Lint, voice: Voice = Voice()) -> Explanation:
    """What ms_lint knows about ``text``: the rules and known errors it matches, and the findings near
    the source lines it names (linted with ``lint`` and the ms-lint ``options``)."""
    found = Explanation(rules_matching(text), known_errors_matching(text), locations(text), deferred=deferred(text))
    if GRAPH_TRACEBACK in text and not any(option.startswith("--mindspore-mode") for option in options):
        options = [*options, "--mindspore-mode=graph"]
    config = None
    if found.places:
        found.near, found.beyond, found.linted, config = findings_near(
            found.places, options, lint, found.notes, voice, found.matched
        )
    found.docs_url = _docs_url(options, config)
    return found


def deferred(text: str) -> bool:
    """Whether ``text`` is an operator's error PyNative raised later than the operator ran: reported by its
    asynchronous queue, or by a traceback whose innermost frame reads a Tensor."""
    if ASYNCHRONOUS_QUEUE in text:
        return True
    frames = [match.group("path") for match in PYTHON_LOCATION.finditer(text)]
    return bool(frames) and frames[-1].replace(os.sep, "/").endswith(TENSOR_READS)


def explain(text: str, options: List[str], lint: Lint, out=None, voice: Voice = Voice()) -> int:
    """Print what ms_lint knows about ``text``; 0 when a rule or a known error matched, 1 when none did."""
    found = explanation(text, options, lint, voice)
    lines: List[str] = []
    if found.matches:
        lines += _explained(found.matches, found.docs_url, voice)
    if found.known:
        lines += _known(found.known, voice, "known" if found.matches else "known_only")
    if found.deferred:
        lines += [voice.say("deferred"), ""]
    if found.places:
        lines += _findings(found.near, found.matched, len(found.linted), voice)
        if found.beyond:
            lines += [voice.say("imported_findings"), *(_finding(message, voice) for message in found.beyond)]
        lines += found.notes
    if not found.matches and not found.known:
        lines.append(voice.say("no_known"))
    print("\n".join(lines), file=out or sys.stdout)
    return 0 if found.matches or found.known else 1


def _known(known: Sequence[Tuple[KnownError, str]], voice: Voice, heading: str) -> List[str]:
    lines = [voice.say(heading, count=len(known), s=voice.plural(len(known))), ""]
    for error, said in known:
        lines += [
            voice.say("said", text=_shorten(said)),
            voice.say("cause", text=language.pick(error.cause, voice.language)),
            voice.say("known_fix", text=language.pick(error.fix, voice.language)),
            "",
        ]
    return lines


def _explained(matches: Sequence[Match], docs_url: str, voice: Voice) -> List[str]:
    definitions, fixes = rule_pages.definitions(voice.language), rule_pages.fixes(voice.language)
    say = voice.say
    lines = [say("matched", count=len(matches), s=voice.plural(len(matches))), ""]
    for match in matches:
        msgid, description = definitions.get(match.symbol, ("", ""))
        lines += [f"{msgid} {match.symbol}", say("said", text=_shorten(match.said)), say("why", text=description)]
        fix = fixes.get(match.symbol)
        if fix:
            lines.append(say("fix"))
            lines += [f"    {line}".rstrip() for line in fix.strip().splitlines()]
        else:
            lines.append(say("fix_missing"))
        lines += [say("page", url=rule_pages.url(match.symbol, docs_url)), ""]
    return lines


def _shorten(text: str, width: int = 160) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _findings(near: Sequence, matched: set, linted: int, voice: Voice) -> List[str]:
    if not near:
        return [voice.say("no_findings", count=linted, s=voice.plural(linted))] if linted else []
    ordered = sorted(near, key=lambda message: (message.symbol not in matched, message.path, message.line))
    return [voice.say("findings", lines=NEAR_LINES), *(_finding(message, voice) for message in ordered)]


def _finding(message, voice: Voice) -> str:
    return voice.say(
        "finding", path=message.path, line=message.line, msgid=message.msg_id, symbol=message.symbol, message=message.msg
    )


def main(argv: Sequence[str], lint: Lint, speaking: str = language.EN) -> int:
    """``ms-lint explain``: ``argv`` are the arguments after ``explain``; ``speaking``, the output language."""
    voice = Voice(speaking if speaking in TEXTS else language.EN)
    if "-h" in argv or "--help" in argv:
        print(voice.say("usage"))
        return 0
    options = [arg for arg in argv if arg.startswith("-") and arg != "-"]
    words = [arg for arg in argv if not arg.startswith("-")]
    if "-" in argv:
        text = sys.stdin.read()
    elif words:
        text = " ".join(words)
    else:
        print(voice.say("no_text"), file=sys.stderr)
        return 32
    return explain(text, options, lint, voice=voice)
