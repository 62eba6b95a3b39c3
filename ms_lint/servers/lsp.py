"""``ms-lint lsp``: ms_lint's language server, over standard input and output (pygls).

- **Diagnostics** for every open Python file: on open and save at once, on change once the typing
  has paused (:data:`DEBOUNCE`). A lint runs the command line's session (:mod:`.session`) on the
  buffer's text at the file's own path, in the workspace folder; only the newest version's findings
  are published (a lint that a later change overtakes is skipped or dropped). A text that does not
  parse keeps the findings of the last one that did. The command ``ms_lint.lintWorkspace`` lints
  every workspace folder as ``ms-lint FOLDER`` does and publishes each file's findings.
- Each diagnostic carries the rule's **symbol** as its ``code`` (``cell-container-not-registered``,
  as pylint's pragmas name it), the rule's page as ``codeDescription``, ``source`` ``ms_lint``,
  the message id in ``data``, and the command line's message text, in the configured language.
  Severity: E and F are errors, W warnings, C and R information, I (notices) hints.
- **Code actions**: for each finding ``ms-lint --fix`` can mend, a quick fix with the very edits
  :func:`~ms_lint.fixes.engine.plan` computes (unsafe ones titled so, never preferred); the source
  action ``source.fixAll.ms_lint`` with every safe fix; and a ``# pylint: disable=<symbol>`` pragma
  for the finding's line.
- **Hover** on a flagged line: the rule's why and how to fix it.
- **Settings** (``initializationOptions``, ``workspace/configuration`` section ``ms_lint``):
  :mod:`.settings`.

No exception ends the server: each is logged to the client (``window/logMessage``).
"""

from __future__ import annotations

import asyncio
import bisect
import functools
import os
import sys
import tokenize
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, List, Optional

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import to_fs_path

from ms_lint import __version__, language
from ms_lint.fixes.base import Source
from ms_lint.servers import actions, session
from ms_lint.servers.settings import SECTION, Settings

DEBOUNCE = 0.2  # seconds of quiet after a change before it is linted
CONFIGURATION_WAIT = 10  # seconds a client may take to answer workspace/configuration
SOURCE = "ms_lint"
FIX_ALL = f"{types.CodeActionKind.SourceFixAll.value}.ms_lint"
LINT_WORKSPACE = "ms_lint.lintWorkspace"
SEVERITIES = {
    "F": types.DiagnosticSeverity.Error,
    "E": types.DiagnosticSeverity.Error,
    "W": types.DiagnosticSeverity.Warning,
    "C": types.DiagnosticSeverity.Information,
    "R": types.DiagnosticSeverity.Information,
    "I": types.DiagnosticSeverity.Hint,
}


class Places:
    """Offsets in a text as the client counts positions (lines of ``\\n``, ``\\r\\n`` or ``\\r``; the
    negotiated character unit, UTF-16 by default)."""

    def __init__(self, text: str, codec):
        self.source = Source(text)
        starts = self.source.line_starts
        self.lines = [text[start:end] for start, end in zip(starts, [*starts[1:], len(text)])]
        self.codec = codec

    def position(self, offset: int) -> types.Position:
        line = bisect.bisect_right(self.source.line_starts, offset) - 1
        column = offset - self.source.line_starts[line]
        return self.codec.position_to_client_units(self.lines, types.Position(line, column))

    def range(self, start: int, end: int) -> types.Range:
        return types.Range(self.position(start), self.position(end))

    def offset(self, position: types.Position) -> int:
        place = self.codec.position_from_client_units(self.lines, types.Position(position.line, position.character))
        return self.source.line_starts[place.line] + place.character

    def finding(self, message) -> types.Range:
        """Where pylint places a finding (columns in UTF-8 bytes; no end: to the end of its line)."""
        line = min(max(message.line, 1), len(self.lines))
        start = self.source.offset((line, message.column or 0))
        if message.end_line is None or message.end_column is None:
            return self.range(start, self.source.line_starts[line - 1] + len(self.source.line(line)))
        return self.range(start, max(start, self.source.offset((message.end_line, message.end_column))))


UNREADABLE = object()  # a request answered with an error while it was read


class Protocol(LanguageServerProtocol):
    """pygls's protocol, answering a request whose parameters it cannot read with an error: pygls
    alone logs it and leaves the client waiting for an answer (eglot gives up after 10 s)."""

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if not (isinstance(data, dict) and "id" in data and "method" in data):
                raise
            self._send_response(data["id"], error=error.to_response_error())
            return UNREADABLE

    def handle_message(self, message):
        if message is not UNREADABLE:
            super().handle_message(message)


class MindSporeLanguageServer(LanguageServer):
    """The server: open documents' lints, their findings and fixes."""

    def __init__(self):
        super().__init__("ms-lint", __version__, protocol_cls=Protocol)
        self.settings = Settings()
        self.linted: Dict[str, session.Linted] = {}  # uri -> the last lint of an open document that parsed
        self.pending: Dict[str, asyncio.Task] = {}  # uri -> its scheduled lint
        self.configured: Optional[asyncio.Future] = None  # the first pull of the client's settings
        # pylint is not thread-safe: every lint runs on this one thread, in turn.
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ms_lint-lint")
        features = {
            types.INITIALIZE: self.initialize,
            types.INITIALIZED: self.initialized,
            types.WORKSPACE_DID_CHANGE_CONFIGURATION: self.configuration_changed,
            types.TEXT_DOCUMENT_DID_OPEN: self.opened,
            types.TEXT_DOCUMENT_DID_CHANGE: self.changed,
            types.TEXT_DOCUMENT_DID_SAVE: self.saved,
            types.TEXT_DOCUMENT_DID_CLOSE: self.closed,
            types.TEXT_DOCUMENT_HOVER: self.hover,
        }
        for name, handler in features.items():
            self.feature(name)(_function(handler))
        kinds = [types.CodeActionKind.QuickFix, FIX_ALL]
        self.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=kinds))(
            _function(self.code_actions)
        )
        self.command(LINT_WORKSPACE)(_function(self.lint_workspace))

    # -- reporting ---------------------------------------------------------------------------

    def log(self, text: str, kind: types.MessageType = types.MessageType.Error) -> None:
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=f"ms_lint: {text}"))
        except Exception:  # pylint: disable=broad-except
            print(f"ms_lint: {text}", file=sys.stderr)

    def report_server_error(self, error: Exception, source) -> None:
        self.log("".join(traceback.format_exception(type(error), error, error.__traceback__)))

    # -- settings ----------------------------------------------------------------------------

    def initialize(self, params: types.InitializeParams) -> None:
        self.settings = Settings.read(params.initialization_options) or Settings()

    async def initialized(self, params: types.InitializedParams) -> None:
        workspace = self.client_capabilities.workspace
        if workspace is not None and workspace.configuration:
            self.configured = asyncio.ensure_future(self._pull_configuration())
            await self.configured
        elif await self._pull_configuration(quiet=True):
            # Some clients answer without saying they can (Neovim 0.7): lint again with their settings.
            self.lint_open_documents()

    async def configuration_changed(self, params: types.DidChangeConfigurationParams) -> None:
        given = Settings.read(params.settings)
        if given is not None and isinstance(params.settings, dict) and SECTION in params.settings:
            self.settings = given
        else:
            await self._pull_configuration()
        self.lint_open_documents()

    async def settled(self) -> None:
        """Wait for the client's settings, when they are being asked for (no lint runs without them)."""
        if self.configured is not None:
            await asyncio.shield(self.configured)

    async def _pull_configuration(self, quiet: bool = False) -> bool:
        """Ask the client for the ``ms_lint`` section; whether the settings changed."""
        try:
            asked = types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
            answer = await asyncio.wait_for(self.workspace_configuration_async(asked), CONFIGURATION_WAIT)
        except Exception as error:  # pylint: disable=broad-except
            if not quiet:
                self.log(f"workspace/configuration failed: {error}", types.MessageType.Warning)
            return False
        given = Settings.read(answer[0]) if answer else None
        if given is None or given == self.settings:
            return False
        self.settings = given
        return True

    # -- documents ---------------------------------------------------------------------------

    def opened(self, params: types.DidOpenTextDocumentParams) -> None:
        self.schedule(params.text_document.uri, 0)

    def changed(self, params: types.DidChangeTextDocumentParams) -> None:
        self.schedule(params.text_document.uri, DEBOUNCE)

    def saved(self, params: types.DidSaveTextDocumentParams) -> None:
        # What the other open files import may have changed with it.
        self.lint_open_documents(DEBOUNCE)
        self.schedule(params.text_document.uri, 0)

    def lint_open_documents(self, delay: float = 0) -> None:
        for uri in list(self.workspace.text_documents):
            self.schedule(uri, delay)

    def closed(self, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        self.linted.pop(uri, None)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def schedule(self, uri: str, delay: float) -> None:
        """Lint the document after ``delay`` seconds, in place of a lint scheduled before and not begun."""
        if not _is_python(uri):
            return
        previous = self.pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self._lint_later(uri, delay))

    async def _lint_later(self, uri: str, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
            await self.settled()
            await self.lint_document(uri)
        except asyncio.CancelledError:
            pass
        except BaseException as error:  # pylint: disable=broad-except  # pylint ends some runs with SystemExit
            self.failed(error)

    def failed(self, error: BaseException) -> None:
        """Log why a lint did not end (pylint's own words on an option it refuses go to stderr)."""
        if isinstance(error, SystemExit):
            self.log(f"the lint stopped with status {error.code}: pylint refused the settings (its message is on stderr).")
        else:
            self.log("".join(traceback.format_exception(type(error), error, error.__traceback__)))

    async def lint_document(self, uri: str) -> None:
        document = self.workspace.get_text_document(uri)
        version, text, path = document.version, document.source, document.path
        linted = await asyncio.get_running_loop().run_in_executor(
            self.worker, self._lint_if_current, uri, version, path, text, self._open_sources()
        )
        if linted is None or not self._is_current(uri, version):
            return  # a newer version is on its way
        if not linted.parses:
            self.log(f"{path} does not parse: its last findings stay.", types.MessageType.Info)
            return
        self.linted[uri] = linted
        self.publish(uri, linted)

    def _lint_if_current(self, uri, version, path, text, sources) -> Optional[session.Linted]:
        if not self._is_current(uri, version):
            return None
        return session.lint_file(self._root(path), path, version, text, self.settings.arguments(), sources)

    def _is_current(self, uri: str, version: Optional[int]) -> bool:
        document = self.workspace.text_documents.get(uri)
        return document is not None and document.version == version

    def _open_sources(self) -> Dict[str, str]:
        return {
            session.resolved(document.path): document.source
            for document in list(self.workspace.text_documents.values())
            if document.path and _is_python(document.uri)
        }

    def _root(self, path: str) -> str:
        """The workspace folder of ``path`` (the innermost), else the file's own folder."""
        path = session.resolved(path)
        folders = [session.resolved(to_fs_path(folder.uri)) for folder in self.workspace.folders.values()]
        if self.workspace.root_path:
            folders.append(session.resolved(self.workspace.root_path))
        inside = [folder for folder in folders if path.startswith(folder.rstrip(os.sep) + os.sep)]
        return max(inside, key=len) if inside else os.path.dirname(path)

    def publish(self, uri: str, linted: session.Linted) -> None:
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, version=linted.version, diagnostics=self.diagnostics(linted))
        )

    def diagnostics(self, linted: session.Linted) -> List[types.Diagnostic]:
        places = Places(linted.text, self.workspace.position_codec)
        return [_diagnostic(message, places.finding(message), linted.config) for message in linted.messages]

    # -- the workspace -----------------------------------------------------------------------

    async def lint_workspace(self) -> int:
        """Lint every workspace folder as ``ms-lint FOLDER`` does; publish each file's findings.
        Returns how many findings were published."""
        await self.settled()
        folders = [to_fs_path(folder.uri) for folder in self.workspace.folders.values()]
        folders = folders or ([self.workspace.root_path] if self.workspace.root_path else [])
        published = 0
        for folder in folders:
            try:
                messages, _, config = await asyncio.get_running_loop().run_in_executor(
                    self.worker, session.lint, folder, [folder], self.settings.arguments(), self._open_sources()
                )
            except BaseException as error:  # pylint: disable=broad-except
                self.failed(error)
                continue
            published += self._publish_files(messages, config)
        return published

    def _publish_files(self, messages, config) -> int:
        by_path: Dict[str, list] = {}
        for message in messages:
            if message.abspath.endswith(".py"):
                by_path.setdefault(session.resolved(message.abspath), []).append(message)
        open_documents = {session.resolved(d.path): d for d in self.workspace.text_documents.values() if d.path}
        for path, found in by_path.items():
            document = open_documents.get(path)
            text = document.source if document is not None else _read(path)
            if text is None:
                continue
            linted = session.Linted(path, document.version if document else None, text, found, [], config)
            uri = document.uri if document is not None else Path(path).as_uri()
            self.publish(uri, linted)
        return sum(len(found) for found in by_path.values())

    # -- code actions and hover ----------------------------------------------------------------

    async def code_actions(self, params: types.CodeActionParams) -> Optional[List[types.CodeAction]]:
        uri = params.text_document.uri
        linted = self.linted.get(uri)
        if linted is None or not self._is_current(uri, linted.version):
            return None  # the findings shown are of an older text: their fixes would not fit
        first, last = params.range.start.line, params.range.end.line
        places = Places(linted.text, self.workspace.position_codec)
        here = [
            (message, diagnostic)
            for message, diagnostic in zip(linted.messages, self.diagnostics(linted))
            if diagnostic.range.start.line <= last and diagnostic.range.end.line >= first
        ]
        wanted = params.context.only
        found: List[types.CodeAction] = []
        if _wants(wanted, types.CodeActionKind.QuickFix):
            unsafe_plan = await self._plan(linted, unsafe=True)
            found += self._quick_fixes(uri, linted, places, here, unsafe_plan)
            found += self._pragmas(uri, linted, places, here)
        if _wants(wanted, FIX_ALL):
            safe_plan = await self._plan(linted, unsafe=False)
            applied = [outcome.result for outcome in safe_plan.outcomes if outcome.applied] if safe_plan else []
            if applied:
                edit = self._edit(uri, linted, places, actions.fix_spans(safe_plan.source, applied))
                title = language.pick(actions.FIX_ALL, linted.speaking)
                found.append(types.CodeAction(title=title, kind=FIX_ALL, edit=edit))
        return found

    async def _plan(self, linted: session.Linted, unsafe: bool):
        return await asyncio.get_running_loop().run_in_executor(self.worker, linted.plan, unsafe)

    def _quick_fixes(self, uri, linted, places, here, planned) -> List[types.CodeAction]:
        if planned is None:
            return []
        answers = {id(outcome.message): outcome for outcome in planned.outcomes if outcome.applied}
        found = []
        for message, diagnostic in here:
            outcome = answers.get(id(message))
            if outcome is None:
                continue
            spans = actions.fix_spans(planned.source, [outcome.result])
            found.append(
                types.CodeAction(
                    title=actions.fix_title(message.symbol, outcome.result, outcome.unsafe, linted.speaking),
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    is_preferred=not outcome.unsafe,
                    edit=self._edit(uri, linted, places, spans),
                )
            )
        return found

    def _pragmas(self, uri, linted, places, here) -> List[types.CodeAction]:
        found, offered = [], set()
        for message, diagnostic in here:
            if (message.line, message.symbol) in offered:
                continue
            offered.add((message.line, message.symbol))
            span = actions.disable_span(linted.text, message.line, message.symbol)
            if span is None:
                continue
            title = language.pick(actions.DISABLE % (message.symbol,), linted.speaking)
            edit = self._edit(uri, linted, places, [span])
            found.append(types.CodeAction(title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic], edit=edit))
        return found

    @staticmethod
    def _edit(uri, linted, places, spans) -> types.WorkspaceEdit:
        edits = [types.TextEdit(range=places.range(start, end), new_text=text) for start, end, text in spans]
        document = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=linted.version)
        return types.WorkspaceEdit(
            changes={uri: edits}, document_changes=[types.TextDocumentEdit(text_document=document, edits=edits)]
        )

    def hover(self, params: types.HoverParams) -> Optional[types.Hover]:
        linted = self.linted.get(params.text_document.uri)
        if linted is None:
            return None
        line = params.position.line
        diagnostics = self.diagnostics(linted)
        symbols = [d.code for d in diagnostics if d.range.start.line <= line <= d.range.end.line]
        text = actions.hover(symbols, linted.speaking, linted.config)
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))


def _function(method):
    """A plain function that calls ``method``: pygls marks the handlers it registers, which a bound method cannot be."""
    if asyncio.iscoroutinefunction(method):

        @functools.wraps(method)
        async def call(*args):
            return await method(*args)

    else:

        @functools.wraps(method)
        def call(*args):
            return method(*args)

    return call


def _diagnostic(message, where: types.Range, config) -> types.Diagnostic:
    page = actions.page_uri(config, message.symbol)
    return types.Diagnostic(
        range=where,
        message=message.msg,
        severity=SEVERITIES.get(message.msg_id[:1], types.DiagnosticSeverity.Warning),
        code=message.symbol,
        code_description=types.CodeDescription(href=page) if page else None,
        source=SOURCE,
        data={"msgid": message.msg_id},
    )


def _wants(only: Optional[List[str]], kind: str) -> bool:
    """Whether a code action of ``kind`` is among the kinds the client asks for (all when none)."""
    return not only or any(kind == wanted or kind.startswith(f"{wanted}.") for wanted in only)


def _is_python(uri: str) -> bool:
    return uri.startswith("file:") and uri.endswith(".py")


def _read(path: str) -> Optional[str]:
    try:
        with tokenize.open(path) as stream:  # in the encoding Python reads it in
            return stream.read()
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None


def main() -> int:
    """Serve over stdio. What pylint or a rule prints goes to stderr: stdout carries the protocol only."""
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    MindSporeLanguageServer().start_io(sys.stdin.buffer, protocol)
    return 0
