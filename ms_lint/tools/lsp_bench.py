"""Measure how fast ``ms-lint lsp`` answers an editor: cold start, first findings, findings after an edit.

    python -m ms_lint.tools.lsp_bench [--edits 20] [--file MODEL.py]

It starts the server as an editor does (``python -m ms_lint lsp``, needs the ``lsp`` extra), opens a
model file (by default a generated ~300-line network of residual blocks with findings of several
rules, in a temporary project beside a ``train.py``), then makes ``--edits`` edits one after the
other, each adding or removing a line, and waits for the findings of each. It prints:

- cold start: from starting the process to the answer to ``initialize``;
- first diagnostics: from opening the file to its first ``publishDiagnostics``;
- the median and worst time from an edit to the ``publishDiagnostics`` of its version (the server
  waits for typing to pause, 0.2 s, before it lints: that pause is included);
- the server's peak memory (its largest resident set, from the operating system).

The target: a median of 0.5 s or less once warm.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import List, Optional

from lsprotocol import types
from pygls.lsp.client import LanguageClient

BLOCK = '''
class Block{index}(nn.Cell):
    """Residual block {index}."""

    def __init__(self, channels=16):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(channels, momentum=0.1)
        self.conv2 = nn.Conv2d(channels, channels, 3, pad_mode="same")
        self.bn2 = nn.BatchNorm2d(channels)
        self.drop = nn.Dropout(0.1)
        self.relu = nn.ReLU()
        self.branches = [nn.Dense(channels, channels) for _ in range(2)]

    def construct(self, x):
        y = self.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        y = self.drop(y)
        return self.relu(x + y)
'''
HEAD = '''"""A generated network of residual blocks (ms_lint's language server benchmark)."""

import mindspore as ms
from mindspore import nn, ops
'''
TAIL = '''

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = nn.SequentialCell([{blocks}])
        self.pool = ops.ReduceMean(keep_dims=False)

    def forward(self, x):
        return self.pool(self.blocks(x), (2, 3))
'''
TRAIN = """\
import mindspore as ms

from model import Net

ms.set_context(mode=ms.GRAPH_MODE)
net = Net()
"""
EDIT = "\nextra = nn.Dropout(0.2)\n"  # one more finding, then one fewer, in turn


def generated_model(blocks: int = 15) -> str:
    """A model of ``blocks`` residual blocks: about 20 lines each."""
    body = "".join(BLOCK.format(index=index) for index in range(blocks))
    tail = TAIL.format(blocks=", ".join(f"Block{index}()" for index in range(blocks)))
    return HEAD + body + tail


class Client(LanguageClient):
    """Records when each version's findings arrive, and what they are."""

    def __init__(self):
        super().__init__("ms_lint-lsp-bench", "1")
        self.arrived: dict = {}  # (uri, version) -> (time, the diagnostics)
        self.event = asyncio.Event()

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams):
            self.arrived.setdefault((params.uri, params.version), (time.perf_counter(), params.diagnostics))
            self.event.set()

        @self.feature(types.WORKSPACE_CONFIGURATION)
        def configuration(params: types.ConfigurationParams):
            return [None for _ in params.items]  # no settings: the server's defaults and the project's own

    async def wait_for(self, uri: str, version: int, timeout: float = 300) -> float:
        deadline = time.perf_counter() + timeout
        while (uri, version) not in self.arrived:
            self.event.clear()
            await asyncio.wait_for(self.event.wait(), max(deadline - time.perf_counter(), 0.01))
        return self.arrived[(uri, version)][0]


async def measure(path: Path, edits: int) -> dict:
    client = Client()
    started = time.perf_counter()
    await client.start_io(sys.executable, "-m", "ms_lint", "lsp", cwd=str(path.parent))
    root = path.parent.as_uri()
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=root,
            workspace_folders=[types.WorkspaceFolder(uri=root, name=path.parent.name)],
        )
    )
    cold = time.perf_counter() - started
    client.initialized(types.InitializedParams())
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    opened = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text))
    )
    first = await client.wait_for(uri, 1) - opened
    latencies: List[float] = []
    for version in range(2, edits + 2):
        edited = text + EDIT if version % 2 == 0 else text
        sent = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)],
            )
        )
        latencies.append(await client.wait_for(uri, version) - sent)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return {"cold": cold, "first": first, "latencies": latencies, "findings": len(client.arrived[(uri, 1)][1])}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--edits", type=int, default=20, help="how many edits to time (default 20)")
    parser.add_argument("--file", type=Path, help="a model file of your own (default: a generated one)")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ms_lint-lsp-bench-") as folder:
        path = options.file.resolve() if options.file else Path(folder) / "model.py"
        if options.file is None:
            path.write_text(generated_model(), encoding="utf-8")
            (path.parent / "train.py").write_text(TRAIN, encoding="utf-8")
        lines = len(path.read_text(encoding="utf-8").splitlines())
        found = asyncio.run(measure(path, options.edits))
    latencies = found["latencies"]
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # kilobytes on Linux
    print(
        textwrap.dedent(
            f"""\
            ms-lint lsp on {path.name}: {lines} lines, {found['findings']} findings, {len(latencies)} edits
            cold start (process start to initialize answered): {found['cold']:.2f} s
            first diagnostics (open to publishDiagnostics):    {found['first']:.2f} s
            edit to publishDiagnostics (0.2 s debounce included): median {statistics.median(latencies):.2f} s, worst {max(latencies):.2f} s
            server peak memory (largest resident set): {peak:.0f} MB"""
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
