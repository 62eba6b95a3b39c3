"""Drive ``ms-lint lsp`` through the protocol, as an editor does, with pygls's client.

:class:`Editor` starts the server (``python -m ms_lint lsp``) in its own process and talks to it
from a background event loop; the tests call it synchronously. It records what the server
publishes and logs, and answers ``workspace/configuration`` with :attr:`Editor.configuration`.
Waiting is for events, with a generous timeout: no test depends on how fast the server is.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from typing import Callable, Dict, List, Optional

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from lint import REPO

TIMEOUT = 180  # seconds: a cold start on a busy two-core machine, never a measure of speed


class Editor:
    """A language client attached to a fresh server, with ``root`` as its workspace folder."""

    def __init__(
        self, root: Path, options: Optional[dict] = None, configuration: Optional[dict] = None, announces: bool = True
    ):
        self.root = root
        self.configuration = configuration  # the answer to workspace/configuration (None: no settings)
        self.published: List[types.PublishDiagnosticsParams] = []
        self.logs: List[str] = []
        # The server runs in a folder of its own, not the workspace's, as an editor may start it: it
        # finds the project's configuration itself. Its stderr goes to a file there: the client's pipe
        # for it is never read.
        self.folder = Path(tempfile.mkdtemp(prefix="ms_lint-lsp-"))
        self.stderr = self.folder / "server.log"
        self._changed = threading.Condition()
        self._versions: Dict[str, int] = {}
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self.client = LanguageClient("ms_lint-tests", "1")
        self._listen()
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
        command = 'exec "$0" -m ms_lint lsp 2>"$1"'
        self._run(self.client.start_io("/bin/sh", "-c", command, sys.executable, str(self.stderr), cwd=self.folder, env=env))
        capabilities = types.ClientCapabilities(
            # announces: whether the client says it answers workspace/configuration (it answers anyway)
            workspace=types.WorkspaceClientCapabilities(configuration=announces or None),
            text_document=types.TextDocumentClientCapabilities(
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True)
            ),
        )
        params = types.InitializeParams(
            capabilities=capabilities,
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
            initialization_options=options,
        )
        self.capabilities = self._run(self.client.initialize_async(params)).capabilities
        self._notify(self.client.initialized, types.InitializedParams())

    def _listen(self) -> None:
        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams):
            with self._changed:
                self.published.append(params)
                self._changed.notify_all()

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def logged(params: types.LogMessageParams):
            with self._changed:
                self.logs.append(params.message)
                self._changed.notify_all()

        @self.client.feature(types.WORKSPACE_CONFIGURATION)
        def configuration(params: types.ConfigurationParams):
            return [self.configuration for _ in params.items]

    def _run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(TIMEOUT)

    def _notify(self, method: Callable, params) -> None:
        self._loop.call_soon_threadsafe(method, params)

    # -- documents -------------------------------------------------------------------------

    def open(self, path: Path, text: Optional[str] = None) -> str:
        uri = path.as_uri()
        self._versions[uri] = 1
        document = types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text or path.read_text("utf-8"))
        self._notify(self.client.text_document_did_open, types.DidOpenTextDocumentParams(text_document=document))
        return uri

    def change(self, uri: str, text: str) -> int:
        """Replace the whole text; the new version."""
        self._versions[uri] += 1
        params = types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=self._versions[uri]),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
        self._notify(self.client.text_document_did_change, params)
        return self._versions[uri]

    def save(self, uri: str) -> None:
        params = types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        self._notify(self.client.text_document_did_save, params)

    def close_document(self, uri: str) -> None:
        params = types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        self._notify(self.client.text_document_did_close, params)

    def configure(self, settings: dict) -> None:
        """New settings, announced as VS Code does: the server pulls them."""
        self.configuration = settings
        params = types.DidChangeConfigurationParams(settings=None)
        self._notify(self.client.workspace_did_change_configuration, params)

    # -- waiting ---------------------------------------------------------------------------

    def mark(self) -> int:
        """A point in what has been published: :meth:`diagnostics` waits for something after it."""
        with self._changed:
            return len(self.published)

    def diagnostics(self, uri: str, after: int = 0, version: Optional[int] = None, until=None) -> List[types.Diagnostic]:
        """The first diagnostics published for ``uri`` after ``after`` (of ``version`` when given, and
        that ``until`` accepts when given)."""

        def found():
            for params in self.published[after:]:
                if params.uri != uri or (version is not None and params.version != version):
                    continue
                if until is None or until(params.diagnostics):
                    return params.diagnostics
            return None

        with self._changed:
            assert self._changed.wait_for(lambda: found() is not None, TIMEOUT), self._failure(uri)
            return found()

    def wait_log(self, contains: str) -> str:
        def found():
            return next((text for text in self.logs if contains in text), None)

        with self._changed:
            assert self._changed.wait_for(lambda: found() is not None, TIMEOUT), self._failure(contains)
            return found()

    def _failure(self, waiting_for: str) -> str:
        stderr = self.stderr.read_text(errors="replace") if self.stderr.exists() else ""
        return f"nothing for {waiting_for}; logs: {self.logs}; stderr: {stderr[-3000:]}"

    # -- requests --------------------------------------------------------------------------

    def code_actions(self, uri: str, first_line: int = 0, last_line: int = 10**6, only=None) -> List[types.CodeAction]:
        params = types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(types.Position(first_line, 0), types.Position(last_line, 0)),
            context=types.CodeActionContext(diagnostics=[], only=only),
        )
        return self._run(self.client.text_document_code_action_async(params)) or []

    def hover(self, uri: str, line: int) -> Optional[types.Hover]:
        params = types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line, 0))
        return self._run(self.client.text_document_hover_async(params))

    def command(self, name: str, *arguments):
        params = types.ExecuteCommandParams(command=name, arguments=list(arguments))
        return self._run(self.client.workspace_execute_command_async(params))

    def stop(self) -> None:
        try:
            self._run(self.client.shutdown_async(None))
            self._notify(self.client.exit, None)
            self._run(self.client.stop())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(TIMEOUT)
            shutil.rmtree(self.folder, ignore_errors=True)


def apply_edits(text: str, edits: List[types.TextEdit]) -> str:
    """``text`` with the edits applied, positions counted as a client counts them (UTF-16, by line)."""
    lines = text.splitlines(keepends=True) or [""]
    if text.endswith(("\n", "\r")):
        lines.append("")

    def offset(position: types.Position) -> int:
        line = lines[position.line] if position.line < len(lines) else ""
        before = sum(len(lines[index]) for index in range(min(position.line, len(lines))))
        units, characters = 0, 0
        for character in line:
            if units >= position.character:
                break
            units += 2 if ord(character) > 0xFFFF else 1
            characters += 1
        return before + characters

    spans = sorted(((offset(edit.range.start), offset(edit.range.end), edit.new_text) for edit in edits), reverse=True)
    for start, end, new_text in spans:
        text = text[:start] + new_text + text[end:]
    return text


def edits_of(action: types.CodeAction, uri: str) -> List[types.TextEdit]:
    return list(action.edit.changes[uri])
