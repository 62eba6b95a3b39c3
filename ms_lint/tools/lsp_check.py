"""Check ``ms-lint lsp`` on a project of your own, used as an editor uses it.

    python -m ms_lint.tools.lsp_check DIR [--edits 100] [--no-fixes]

It runs ``ms-lint`` once over the project's Python files (the whole-project findings), then starts
the language server (``python -m ms_lint lsp``, needs the ``lsp`` extra) on DIR and:

1. opens every file, one after the other, and compares the diagnostics each gets with the
   whole-project run's findings in that file (line and rule);
2. asks for the quick fixes of every diagnostic (not the "disable on this line" ones), applies each
   to the file's text as an editor would, and checks that the fixed text is valid Python and that
   its diagnostics have one finding of that rule fewer; then puts the text back;
3. reads the server's memory (its resident set) with the first file open, with every file open,
   then makes ``--edits``
   edits to the largest file (a line added, then removed), waiting for the findings of each, and
   reads it again.

It prints what differs and a summary. Exit status: 0 when every file matched and every fix held,
1 otherwise.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import collections
import json
import subprocess
import sys
from pathlib import Path
from typing import Counter, Dict, List, Optional, Tuple

from lsprotocol import types
from pygls.workspace import PositionCodec

from ms_lint.servers.lsp import Places
from ms_lint.tools.bench import python_files
from ms_lint.tools.lsp_bench import Client

EDIT = "\n_extra_line = 1\n"
CODEC = PositionCodec()  # UTF-16, what a client that negotiates nothing gets
PRAGMA_TITLE = "Disable "  # the "disable this rule on this line" actions, not fixes


def whole_project(root: Path, files: List[Path]) -> Dict[Path, Counter]:
    """The whole-project run's findings: (line, rule) counts by file."""
    done = subprocess.run(
        [sys.executable, "-m", "ms_lint", "--output-format=json", *map(str, files)],
        cwd=root, capture_output=True, text=True, check=False,
    )
    found: Dict[Path, Counter] = collections.defaultdict(collections.Counter)
    for message in json.loads(done.stdout or "[]"):
        found[(root / message["path"]).resolve()][(message["line"], message["symbol"])] += 1
    return found


def offset(text: str, position: types.Position, places: Optional[Places] = None) -> int:
    """The index in ``text`` of an LSP position (UTF-16 code units, as the server counts them); the
    end of the text for a line past it. ``places``: the text's, when the caller has them."""
    places = places or Places(text, CODEC)
    return places.offset(position) if position.line < len(places.lines) else len(text)


def applied(text: str, uri: str, edit: types.WorkspaceEdit) -> str:
    """``text`` with the edits ``edit`` makes to ``uri``, last first (its ``documentChanges`` when it has
    them, as an editor that supports them reads it, else its ``changes``)."""
    if edit.document_changes:
        edits: List[types.TextEdit] = [
            text_edit
            for change in edit.document_changes
            if isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri
            for text_edit in change.edits
        ]
    else:
        edits = list((edit.changes or {}).get(uri, []))
    places = Places(text, CODEC)
    spans = sorted(
        ((offset(text, e.range.start, places), offset(text, e.range.end, places), e.new_text) for e in edits),
        reverse=True,
    )
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


class Project:
    """A server with the project's files open."""

    def __init__(self, client: Client):
        self.client = client
        self.versions: Dict[str, int] = {}

    async def open(self, path: Path) -> Tuple[str, List[types.Diagnostic]]:
        uri = path.as_uri()
        self.versions[uri] = 1
        document = types.TextDocumentItem(uri=uri, language_id="python", version=1, text=path.read_text("utf-8"))
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=document))
        return uri, await self.diagnostics(uri, 1)

    async def change(self, uri: str, text: str) -> List[types.Diagnostic]:
        self.versions[uri] += 1
        version = self.versions[uri]
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        return await self.diagnostics(uri, version)

    async def diagnostics(self, uri: str, version: int) -> List[types.Diagnostic]:
        await self.client.wait_for(uri, version)
        return self.client.arrived[(uri, version)][1]

    async def fixes(self, uri: str, diagnostic: types.Diagnostic) -> List[types.CodeAction]:
        params = types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic], only=[types.CodeActionKind.QuickFix]),
        )
        answer = await self.client.text_document_code_action_async(params) or []
        return [
            action for action in answer
            if isinstance(action, types.CodeAction) and action.edit and not action.title.startswith(PRAGMA_TITLE)
            and any(found.code == diagnostic.code and found.range == diagnostic.range for found in action.diagnostics or ())
        ]


def found_in(diagnostics: List[types.Diagnostic]) -> Counter:
    return collections.Counter((diagnostic.range.start.line + 1, str(diagnostic.code)) for diagnostic in diagnostics)


def resident_megabytes(pid: int) -> Optional[float]:
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return None


async def check(root: Path, files: List[Path], expected: Dict[Path, Counter], edits: int, with_fixes: bool) -> dict:
    client = Client()
    await client.start_io(sys.executable, "-m", "ms_lint", "lsp", cwd=str(root))
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
        )
    )
    client.initialized(types.InitializedParams())
    project = Project(client)
    report = {"files": 0, "differ": [], "fixes": 0, "fixes_failed": [], "findings": 0}
    for path in files:
        uri, diagnostics = await project.open(path)
        if not report["files"]:
            report["memory_first"] = resident_megabytes(client._server.pid)  # pylint: disable=protected-access
        report["files"] += 1
        report["findings"] += len(diagnostics)
        if found_in(diagnostics) != expected.get(path, collections.Counter()):
            report["differ"].append((path, found_in(diagnostics), expected.get(path, collections.Counter())))
        if with_fixes and diagnostics:
            await check_fixes(project, path, uri, diagnostics, report)
    report["memory_opened"] = resident_megabytes(client._server.pid)  # pylint: disable=protected-access
    largest = max(files, key=lambda path: path.stat().st_size)
    uri, text = largest.as_uri(), largest.read_text("utf-8")
    for number in range(edits):
        await project.change(uri, text + EDIT if number % 2 == 0 else text)
    report["edited"] = (largest, edits)
    report["memory"] = resident_megabytes(client._server.pid)  # pylint: disable=protected-access
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return report


async def check_fixes(project: Project, path: Path, uri: str, diagnostics: List[types.Diagnostic], report: dict) -> None:
    text = path.read_text("utf-8")
    before = found_in(diagnostics)
    for diagnostic in diagnostics:
        for action in await project.fixes(uri, diagnostic):
            report["fixes"] += 1
            rule = str(diagnostic.code)
            fixed = applied(text, uri, action.edit)
            try:
                ast.parse(fixed)
            except SyntaxError as error:  # the server would keep the last findings: nothing to wait for
                problem = f"not valid Python: {error.msg} (line {error.lineno})"
                report["fixes_failed"].append((path, diagnostic.range.start.line + 1, rule, action.title, problem))
                continue
            after = found_in(await project.change(uri, fixed))
            if sum(n for (_, code), n in after.items() if code == rule) >= sum(
                n for (_, code), n in before.items() if code == rule
            ):
                problem = "the finding is still there"
                report["fixes_failed"].append((path, diagnostic.range.start.line + 1, rule, action.title, problem))
            await project.change(uri, text)


def _megabytes(memory: Optional[float]) -> str:
    return f"{memory:.0f} MB" if memory is not None else "unknown"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("root", type=Path, help="the project's folder")
    parser.add_argument("--edits", type=int, default=100, help="edits before the memory is read (default 100)")
    parser.add_argument("--no-fixes", action="store_true", help="do not apply the quick fixes")
    options = parser.parse_args(argv)
    root = options.root.resolve()
    files = sorted(Path(path).resolve() for path in python_files([root]))
    expected = whole_project(root, files)
    report = asyncio.run(check(root, files, expected, options.edits, not options.no_fixes))
    for path, got, wanted in report["differ"]:
        print(f"{path.relative_to(root)}: opened alone {sorted(got.elements())}, whole project {sorted(wanted.elements())}")
    for path, line, rule, title, problem in report["fixes_failed"]:
        print(f"{path.relative_to(root)}:{line}: {rule}: '{title}': {problem}")
    largest, edits = report["edited"]
    memory = report["memory"]
    print(
        f"{report['files']} files opened, {report['findings']} diagnostics; {len(report['differ'])} files differ from "
        f"the whole-project run; {report['fixes']} quick fixes applied, {len(report['fixes_failed'])} did not hold; "
        f"server memory with one file open: {_megabytes(report.get('memory_first'))}, with every file open: "
        f"{_megabytes(report['memory_opened'])}, then after {edits} edits of {largest.relative_to(root)}: "
        f"{_megabytes(memory)}"
    )
    return 0 if not report["differ"] and not report["fixes_failed"] else 1


if __name__ == "__main__":
    sys.exit(main())
