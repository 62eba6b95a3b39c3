"""``ms-lint --fix`` / ``--diff``: lint, fix what is safe, write the files or print a diff.

1. Lint with the user's arguments (a normal ms-lint run, so pragmas and options apply).
2. For each finding of a rule that has a fixer, find its node and ask the fixer.
3. Apply each file's fixes; a fix whose edits overlap an earlier one waits for the next run,
   and a fix with which the file would no longer parse is left out.
4. ``--fix`` writes each file whole and lints again: a file whose fixes left a finding they were
   to remove, or added one, is put back as it was (and the notes say why). It says what it fixed
   and left alone, and lints once more to report what is left (its exit status is that lint's).
   ``--diff`` prints a unified diff and writes nothing (exit status 1 when there is something to fix).
"""

from __future__ import annotations

import difflib
import io
import sys
import tokenize
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

import astroid
from astroid import nodes

from ms_lint import files, language, notebook
from ms_lint.fixes import FIXERS
from ms_lint.fixes.base import Fix, Outcome, Refusal, Source, overlaps
from ms_lint.language import Text

NOT_FOUND = Text("the flagged code was not found", "找不到被标记的代码")
OVERLAPS = Text(
    "it overlaps another fix in this file: run --fix again", "它与此文件中的另一个修复重叠：请再次运行 --fix"
)
FIXED = Text("fixed", "已修复")
WOULD_FIX = Text("would fix", "将修复")
LEFT_ALONE = Text("left alone", "未修复")
UNSAFE_LABEL = Text("unsafe", "不安全")
UNSAFE_NOT_ASKED = Text(
    "an unsafe fix (it changes what the code does when it runs): --unsafe-fixes applies it",
    "不安全的修复（它会改变代码运行时的行为）：--unsafe-fixes 会应用它",
)
UNREADABLE = frozenset({"syntax-error", "parse-error", "astroid-error"})  # pylint's: a file it cannot read
WOULD_NOT_PARSE = Text("the file would not parse with this fix: it is left out", "应用此修复后文件将无法解析：已跳过此修复")
FINDING_LEFT = Text(
    "the fixed file still has a %s finding the fixes were to remove: the file is left as it was",
    "修复后的文件仍有本应消除的 %s 检查结果：该文件保持原样",
)
FINDING_ADDED = Text(
    "the fixes would add a %s finding to the file: the file is left as it was",
    "这些修复会给该文件增加一个 %s 检查结果：该文件保持原样",
)
ADDED_ELSEWHERE = Text(
    "the fixes would add a %s finding to %s: every file is left as it was",
    "这些修复会增加一个 %s 检查结果（在 %s 中）：所有文件都保持原样",
)
FIXER_FAILED = Text("the fixer failed (%s); please report it", "修复程序失败（%s）；请报告此问题")
SPANS_CELLS = Text("its edit would span two notebook cells", "它的修改会跨越两个 notebook 单元格")
NOTEBOOK_NOT_EDITABLE = Text(
    "a cell's source cannot be found in the notebook's JSON (is it valid nbformat 4?)",
    "在 notebook 的 JSON 中找不到单元格的源代码（它是合法的 nbformat 4 吗？）",
)


@dataclass
class Context:
    """What a fixer may look at beyond its node: every linted module, and every finding of the run."""

    modules: List[nodes.Module]
    findings: set = field(default_factory=set)  # (path, line, column, symbol)
    config: object = None  # the lint's configuration: the target version, the code's version...
    texts: Dict[tuple, str] = field(default_factory=dict)  # each finding's message, by the same key

    def flagged(self, node: nodes.NodeNG, symbol: Optional[str] = None) -> bool:
        path = str(Path(node.root().file or "").resolve())
        line, column = _span(node)[:2]
        return any(f[:3] == (path, line, column) and (symbol is None or f[3] == symbol) for f in self.findings)

    def message(self, node: nodes.NodeNG, symbol: str) -> str:
        """The message of the ``symbol`` finding at ``node`` ("" when there is none)."""
        line, column = _span(node)[:2]
        return self.texts.get((str(Path(node.root().file or "").resolve()), line, column, symbol), "")


@dataclass
class FileFix:
    path: Path
    encoding: str
    source: Source
    outcomes: List[Outcome]
    text: Optional[str] = None  # the fixed text, when something was fixed
    notebook: Optional[notebook.Notebook] = None  # the notebook whose code cells the source is
    cells: Optional[Dict[int, str]] = None  # a notebook's fixed cell sources, by cell number

    def data(self) -> bytes:
        """The fixed file's content."""
        if self.notebook is not None:
            return self.notebook.with_sources(self.cells or {})
        return self.text.encode(self.encoding)


def plan(messages, linted, unsafe: bool = False, config=None, sources: Optional[Mapping[str, str]] = None) -> List[FileFix]:
    """Ask the fixers about every finding they know; apply each file's fixes in memory: the safe ones,
    and the unsafe ones too when ``unsafe``. ``config``: the lint's configuration, for the fixers
    that depend on the versions; ``sources``: the text the lint read in place of a file's, by path."""
    texts = {str(Path(path).resolve()): text for path, text in (sources or {}).items()}
    modules = {}
    for module_name, path in linted:
        module = _parse(path, module_name, texts.get(str(Path(path).resolve())))
        if module is not None:
            modules[str(Path(path).resolve())] = module
    said = {(str(Path(m.abspath).resolve()), m.line, m.column, m.symbol): m.msg for m in messages}
    context = Context(list(modules.values()), set(said), config, said)
    by_file: Dict[str, FileFix] = {}
    for message in sorted(messages, key=lambda m: (m.abspath, m.line, m.column)):
        fixer = FIXERS.get(message.symbol)
        if fixer is None:
            continue
        path = str(Path(message.abspath).resolve())
        if path not in by_file:
            read = ("utf-8", texts[path], None) if path in texts else _read(Path(path))
            if read is None:
                continue
            by_file[path] = FileFix(Path(path), read[0], Source(read[1]), [], notebook=read[2])
        file_fix = by_file[path]
        node = _locate(modules.get(path), message, fixer.NODE_TYPES)
        if node is None:
            result = Refusal(NOT_FOUND)
        else:
            try:
                result = fixer.fix(node, file_fix.source, context)
            except Exception as error:  # pylint: disable=broad-except
                result = Refusal(FIXER_FAILED % (type(error).__name__,))
            if isinstance(result, Fix) and fixer.UNSAFE and not unsafe:
                result = Refusal(UNSAFE_NOT_ASKED)
            if isinstance(result, Fix) and file_fix.notebook is not None:
                if not file_fix.notebook.editable():
                    result = Refusal(NOTEBOOK_NOT_EDITABLE)
                elif _cell_edits(file_fix, [result]) is None:
                    result = Refusal(SPANS_CELLS)
        shown_path, shown_line = (message.path, message.line)
        if file_fix.notebook is not None:
            shown_path, shown_line = file_fix.notebook.shown(message.path, message.line)
        file_fix.outcomes.append(
            Outcome(shown_path, shown_line, message.symbol, result, unsafe=fixer.UNSAFE, message=message)
        )
    for file_fix in by_file.values():
        _apply(file_fix)
    return list(by_file.values())


def _apply(file_fix: FileFix) -> None:
    accepted: List[Outcome] = []
    for outcome in file_fix.outcomes:
        if not isinstance(outcome.result, Fix):
            continue
        if any(overlaps(outcome.result.edits, other.result.edits, file_fix.source) for other in accepted):
            outcome.result = Refusal(OVERLAPS)
            continue
        accepted.append(outcome)
    if not accepted:
        return
    text = _parsing(file_fix, accepted)
    if text is None:
        # Find the fixes that break the file: keep each one with which the file still parses.
        kept: List[Outcome] = []
        for outcome in accepted:
            attempt = _parsing(file_fix, [*kept, outcome])
            if attempt is None:
                outcome.result = Refusal(WOULD_NOT_PARSE)
            else:
                kept.append(outcome)
                text = attempt
        accepted = kept
    if text is None:
        return
    for outcome in accepted:
        outcome.applied = True
    file_fix.text = text
    if file_fix.notebook is not None:
        file_fix.cells = notebook.fixed_sources(file_fix.notebook, _cell_edits(file_fix, [o.result for o in accepted]))


def _cell_edits(file_fix: FileFix, fixes: List[Fix]):
    spans = file_fix.source.spans([edit for fix in fixes for edit in fix.edits])
    return notebook.cell_edits(file_fix.notebook, spans)


def _parsing(file_fix: FileFix, outcomes: List[Outcome]) -> Optional[str]:
    """The file's text with these fixes applied, or None if it would not parse."""
    text = file_fix.source.apply([edit for outcome in outcomes for edit in outcome.result.edits])
    if text is None:
        return None
    try:
        compile(text, str(file_fix.path), "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return text


@dataclass
class FixRun:
    """What one lint-and-fix run found and did."""

    messages: list  # the findings of the lint the fixes were planned from
    file_fixes: List[FileFix]  # every file with a finding a fixer knows
    speaking: str  # the language of the run

    @property
    def changed(self) -> List[FileFix]:
        """The files whose text the fixes change (``write``: the files written and kept)."""
        return [file_fix for file_fix in self.file_fixes if file_fix.text is not None]

    @property
    def unreadable(self) -> list:
        """The findings that say pylint could not read a file."""
        return [message for message in self.messages if message.symbol in UNREADABLE]


# Lints with these arguments: a reporter with the findings (``messages``), the files linted (``files``),
# the run's configuration (``config``) and language (``speaking``) (:func:`ms_lint.runner.collected`).
Lint = Callable[[Sequence[str]], object]


def run_fixes(args: Sequence[str], write: bool, lint: Lint, unsafe: bool = False) -> FixRun:
    """Lint with ``args`` and apply the safe fixes in memory (the unsafe ones too when ``unsafe``).

    ``write`` writes each changed file whole, lints again and puts back any file whose fixes left
    their findings or added others.
    """
    reporter = lint(args)
    run = FixRun(reporter.messages, plan(reporter.messages, reporter.files, unsafe, reporter.config), reporter.speaking)
    if write:
        if run.changed:
            _write_checked(args, run.messages, run.changed, lint)
        astroid.MANAGER.clear_cache()  # a lint that follows reads the files as written
    return run


def main(args: Sequence[str], write: bool, report: Callable[[], int], lint: Lint, unsafe: bool = False) -> int:
    """``ms-lint --fix`` (``write``) or ``ms-lint --diff``; ``report`` lints what is left and gives the exit status.

    ``--fix`` applies the safe fixes, and the unsafe ones too when ``unsafe``; ``--diff`` shows both.
    """
    run = run_fixes(args, write, lint, unsafe=unsafe or not write)
    _say_outcomes(run.file_fixes, write, run.speaking)
    if not write:
        # A file pylint cannot read has nothing to fix, but it must not pass for clean.
        for message in run.unreadable:
            print(message.format("{path}:{line}:{column}: {msg_id}: {msg} ({symbol})"), file=sys.stderr)
        for file_fix in run.changed:
            sys.stdout.writelines(diff(file_fix))
        return 1 if run.changed or run.unreadable else 0
    return report()


def _say_outcomes(file_fixes: List[FileFix], write: bool, speaking: str) -> None:
    notes = sys.stdout if write else sys.stderr
    done = language.pick(FIXED if write else WOULD_FIX, speaking)
    for file_fix in file_fixes:
        for outcome in file_fix.outcomes:
            if outcome.applied:
                summary = language.pick(outcome.result.summary, speaking)
                label = f"{outcome.symbol}, {language.pick(UNSAFE_LABEL, speaking)}" if outcome.unsafe else outcome.symbol
                print(f"{outcome.path}:{outcome.line}: {done} ({label}): {summary}", file=notes)
            else:
                reason = language.pick(outcome.result.reason, speaking)
                left = language.pick(LEFT_ALONE, speaking)
                print(f"{outcome.path}:{outcome.line}: {left} ({outcome.symbol}): {reason}", file=notes)


def _write_checked(args: Sequence[str], messages, changed: List[FileFix], lint: Lint) -> None:
    """Write the fixed files whole, lint again, and put back the files whose fixes did not do only what they meant."""
    originals = {file_fix.path: file_fix.path.read_bytes() for file_fix in changed}
    for file_fix in changed:
        files.write_whole(str(file_fix.path), file_fix.data())
    astroid.MANAGER.clear_cache()  # lint the fixed text, not the trees parsed before
    after = lint(args).messages
    failed = _failures(messages, after, changed)
    everywhere = failed.pop(None, None)  # a finding added to a file no fix touched: no one file to blame
    for file_fix in changed:
        reason = everywhere or failed.get(file_fix.path)
        if reason is None:
            continue
        files.write_whole(str(file_fix.path), originals[file_fix.path])
        file_fix.text = None
        for outcome in file_fix.outcomes:
            if outcome.applied:
                outcome.applied, outcome.result = False, Refusal(reason)


def _failures(before, after, changed: List[FileFix]) -> Dict[Optional[Path], Text]:
    """Why the fixes of each changed file (None: of every one) must not stay, from the findings before and after."""
    def counted(messages) -> Counter:
        return Counter((Path(message.abspath).resolve(), message.symbol) for message in messages)

    fixed = Counter((file_fix.path, o.symbol) for file_fix in changed for o in file_fix.outcomes if o.applied)
    expected = counted(before)
    expected.subtract(fixed)
    paths = {file_fix.path for file_fix in changed}
    failed: Dict[Optional[Path], Text] = {}
    for (path, symbol), count in sorted(counted(after).items()):
        if count <= expected[(path, symbol)]:
            continue
        if path not in paths:
            failed.setdefault(None, ADDED_ELSEWHERE % (symbol, path.name))
        else:
            failed.setdefault(path, (FINDING_LEFT if fixed[(path, symbol)] else FINDING_ADDED) % (symbol,))
    return failed


def diff(file_fix: FileFix):
    """The unified diff of a fixed file, as ``--diff`` prints it (a notebook: one per changed cell)."""
    name = file_fix.path.as_posix()
    try:
        name = file_fix.path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        pass
    if file_fix.notebook is None:
        yield from _unified(file_fix.source.text, file_fix.text, name)
        return
    for cell in file_fix.notebook.cells:  # a diff per changed cell, as the cells are edited
        if cell.number in file_fix.cells:
            yield from _unified(cell.text, file_fix.cells[cell.number], f"{name}:cell {cell.number}")


def _unified(before: str, after: str, name: str):
    lines = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True), f"a/{name}", f"b/{name}")
    for line in lines:
        yield line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n"


def _read(path: Path) -> Optional[Tuple[str, str, Optional[notebook.Notebook]]]:
    """(encoding, Python source, the notebook when it is one) of a linted file, or None if unreadable."""
    if notebook.is_notebook(str(path)):
        try:
            read = notebook.read(str(path))
        except notebook.NotebookError:
            return None
        return "utf-8", read.python, read
    try:
        data = path.read_bytes()
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        encoding = "utf-8" if encoding == "utf-8-sig" and not data.startswith(b"\xef\xbb\xbf") else encoding
        return encoding, data.decode(encoding), None
    except (OSError, SyntaxError, UnicodeDecodeError, LookupError):
        return None


def _parse(path: str, module_name: str, text: Optional[str] = None) -> Optional[nodes.Module]:
    try:
        if text is not None:
            return astroid.builder.AstroidBuilder(astroid.MANAGER).string_build(text, module_name, path)
        if notebook.is_notebook(path):
            python = notebook.read(path).python
            return astroid.builder.AstroidBuilder(astroid.MANAGER).string_build(python, module_name, path)
        return astroid.MANAGER.ast_from_file(path, modname=module_name, source=True)
    except Exception:  # pylint: disable=broad-except
        return None


def _span(node: nodes.NodeNG) -> tuple:
    position = getattr(node, "position", None)
    if position is not None:
        return (position.lineno, position.col_offset, position.end_lineno, position.end_col_offset)
    return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)


def _locate(module: Optional[nodes.Module], message, node_types) -> Optional[nodes.NodeNG]:
    if module is None:
        return None
    wanted = (message.line, message.column, message.end_line, message.end_column)
    for node in module.nodes_of_class(node_types):
        if _span(node) == wanted:
            return node
    return None
