"""``ms-lint lsp`` through the protocol: diagnostics, code actions, hover, settings, robustness."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs the lsp extra: pip install -e '.[lsp]'")

from lsprotocol import types  # noqa: E402

from lint import REPO, write_project  # noqa: E402
from lsp_client import Editor, apply_edits, edits_of  # noqa: E402

MODEL = """\
from mindspore import nn


class Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)

    def forward(self, x):
        return self.dense(x)
"""
NET = """\
from mindspore import nn

from model import Head


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.heads = [Head(), Head()]

    def construct(self, x):
        return self.heads[0](x) + self.heads[1](x)
"""


@pytest.fixture
def project(tmp_path):
    return write_project(tmp_path / "project", {"model.py": MODEL, "net.py": NET})


@pytest.fixture
def editor(project):
    opened = Editor(project)
    yield opened
    opened.stop()


def command_line(root: Path, path: Path, *args: str) -> list:
    """The findings of ``ms-lint ARGS PATH`` run in ``root`` (json2 messages)."""
    result = subprocess.run(
        [sys.executable, "-m", "ms_lint", "--output-format=json2", *args, str(path)],
        cwd=root, capture_output=True, text=True, check=False, env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    return json.loads(result.stdout)["messages"]


def codes(diagnostics) -> list:
    return sorted(diagnostic.code for diagnostic in diagnostics)


def test_open_publishes_the_command_lines_findings(editor, project):
    uri = editor.open(project / "net.py")
    diagnostics = editor.diagnostics(uri)
    expected = command_line(project, project / "net.py")
    place = lambda r: (r.start.line + 1, r.start.character, r.end.line + 1, r.end.character)  # noqa: E731
    assert [(d.code, d.message, place(d.range)) for d in diagnostics] == [
        (m["symbol"], m["message"], (m["line"], m["column"], m["endLine"], m["endColumn"])) for m in expected
    ]
    (diagnostic,) = diagnostics
    assert diagnostic.source == "ms_lint"
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert diagnostic.data == {"msgid": "W7300"}
    assert diagnostic.code_description.href.endswith("/docs/rules/cell-container-not-registered.md")


def test_an_unsaved_change_is_linted_at_the_files_path(editor, project):
    uri = editor.open(project / "model.py")
    assert codes(editor.diagnostics(uri)) == ["forward-without-construct"]
    version = editor.change(uri, MODEL.replace("nn.Dense(4, 4)", "nn.Dense(4, 4)\n        self.drop = nn.Dropout(0.1)"))
    changed = editor.diagnostics(uri, version=version)
    assert codes(changed) == ["dropout-positional-keep-prob", "forward-without-construct"]
    assert (project / "model.py").read_text() == MODEL  # nothing written


def test_save_lints_again_and_relints_the_other_open_files(editor, project):
    net, model = editor.open(project / "net.py"), editor.open(project / "model.py")
    assert codes(editor.diagnostics(net)) == ["cell-container-not-registered"]
    editor.diagnostics(model)
    mark = editor.mark()
    # Head without parameters: a plain list of it loses nothing, so net.py's finding goes once saved.
    saved = MODEL.replace("nn.Dense(4, 4)", "nn.ReLU()")
    (project / "model.py").write_text(saved)
    editor.change(model, saved)
    editor.save(model)
    assert codes(editor.diagnostics(net, after=mark)) == []


def test_modules_built_from_a_buffer_or_an_old_file_are_not_served_again(editor, project):
    net, model = editor.open(project / "net.py"), editor.open(project / "model.py")
    assert codes(editor.diagnostics(net)) == ["cell-container-not-registered"]
    editor.diagnostics(model)
    # model.py's buffer, unsaved, says Head has no parameters; net.py still imports the file on disk.
    version = editor.change(model, MODEL.replace("nn.Dense(4, 4)", "nn.ReLU()"))
    editor.diagnostics(model, version=version)
    version = editor.change(net, NET + "\n")
    assert codes(editor.diagnostics(net, version=version)) == ["cell-container-not-registered"]
    # The file changes on disk (another tool wrote it): the next lint reads it anew.
    (project / "model.py").write_text(MODEL.replace("nn.Dense(4, 4)", "nn.ReLU()"))
    editor.close_document(model)
    version = editor.change(net, NET)
    assert codes(editor.diagnostics(net, version=version)) == []


def test_only_the_newest_version_is_published(editor, project):
    uri = editor.open(project / "model.py")
    editor.diagnostics(uri)
    mark = editor.mark()
    for count in range(1, 6):
        last = editor.change(uri, MODEL + "".join(f"\nx{index} = nn.Dropout(0.{index})\n" for index in range(count)))
    final = editor.diagnostics(uri, after=mark, version=last)
    assert codes(final).count("dropout-positional-keep-prob") == 5
    versions = [params.version for params in editor.published[mark:] if params.uri == uri]
    assert versions == sorted(set(versions)) and versions[-1] == last


def test_a_text_that_does_not_parse_keeps_the_last_findings(editor, project):
    uri = editor.open(project / "model.py")
    assert codes(editor.diagnostics(uri)) == ["forward-without-construct"]
    mark = editor.mark()
    editor.change(uri, MODEL + "\ndef broken(:\n")
    editor.wait_log("does not parse")
    assert [params for params in editor.published[mark:] if params.uri == uri] == []
    version = editor.change(uri, MODEL.replace("forward", "construct"))
    assert codes(editor.diagnostics(uri, version=version)) == []


def test_quick_fixes_are_the_fix_engines_edits(editor, project):
    text = MODEL.replace("nn.Dense(4, 4)", "nn.Dense(4, 4)\n        self.drop = nn.Dropout(0.1)")
    uri = editor.open(project / "model.py", text)
    editor.diagnostics(uri, until=lambda found: len(found) == 2)
    fixes = {action.title: action for action in editor.code_actions(uri) if action.is_preferred is not None}
    safe = fixes["Fix forward-without-construct: Head.forward -> construct"]
    assert safe.is_preferred is True and safe.kind == types.CodeActionKind.QuickFix
    assert [d.code for d in safe.diagnostics] == ["forward-without-construct"]
    assert apply_edits(text, edits_of(safe, uri)) == text.replace("def forward", "def construct")
    (unsafe,) = [action for title, action in fixes.items() if "dropout-positional-keep-prob" in title]
    assert "unsafe" in unsafe.title and unsafe.is_preferred is False
    assert apply_edits(text, edits_of(unsafe, uri)) == text.replace("nn.Dropout(0.1)", "nn.Dropout(p=0.1)")


def test_fix_all_applies_the_safe_fixes_only(editor, project):
    text = MODEL.replace("nn.Dense(4, 4)", "nn.Dense(4, 4)\n        self.drop = nn.Dropout(0.1)")
    uri = editor.open(project / "model.py", text)
    editor.diagnostics(uri, until=lambda found: len(found) == 2)
    (fix_all,) = editor.code_actions(uri, only=["source.fixAll"])
    assert fix_all.kind == "source.fixAll.ms_lint" and fix_all.title == "Fix all ms_lint findings in this file"
    fixed = apply_edits(text, edits_of(fix_all, uri))
    assert fixed == text.replace("def forward", "def construct")
    version = editor.change(uri, fixed)
    assert codes(editor.diagnostics(uri, version=version)) == ["dropout-positional-keep-prob"]


@pytest.mark.parametrize(
    "line, expected",
    [
        ("        self.heads = [Head(), Head()]", "        self.heads = [Head(), Head()]  # pylint: disable=cell-container-not-registered"),
        (
            "        self.heads = [Head(), Head()]  # pylint: disable=no-member  # keep",
            "        self.heads = [Head(), Head()]  # pylint: disable=no-member, cell-container-not-registered  # keep",
        ),
    ],
    ids=["new-pragma", "appended"],
)
def test_disable_on_this_line_writes_a_pragma_pylint_honours(editor, project, line, expected):
    text = NET.replace("        self.heads = [Head(), Head()]", line)
    uri = editor.open(project / "net.py", text)
    editor.diagnostics(uri, until=lambda found: len(found) == 1)
    (pragma,) = [a for a in editor.code_actions(uri, 8, 8) if a.title.startswith("Disable")]
    assert pragma.title == "Disable cell-container-not-registered on this line"
    fixed = apply_edits(text, edits_of(pragma, uri))
    assert fixed.splitlines()[8] == expected
    version = editor.change(uri, fixed)
    assert codes(editor.diagnostics(uri, version=version)) == []


def test_hover_gives_the_rules_why_and_how(editor, project):
    uri = editor.open(project / "model.py")
    editor.diagnostics(uri)
    hover = editor.hover(uri, 8)
    text = hover.contents.value
    assert text.startswith("**E7301 forward-without-construct**")
    assert "**How to fix it**" in text and "Rename `forward` to `construct`." in text
    assert "(file://" in text and "forward-without-construct.md)" in text
    assert editor.hover(uri, 0) is None


def test_chinese_from_the_initialization_options(project):
    editor = Editor(project, options={"language": "zh"})
    try:
        uri = editor.open(project / "model.py")
        (diagnostic,) = editor.diagnostics(uri)
        (expected,) = command_line(project, project / "model.py", "--mindspore-language=zh")
        assert diagnostic.message == expected["message"] and "construct" in diagnostic.message
        text = editor.hover(uri, 8).contents.value
        how = (REPO / "rules" / "forward-without-construct" / "rule.zh.md").read_text("utf-8")
        first = how.split("## 如何修复", 1)[1].strip().split("\n\n")[0]
        assert "**如何修复**" in text and first in text
        (action,) = [a for a in editor.code_actions(uri) if a.is_preferred]
        assert action.title.startswith("修复 forward-without-construct：")
    finally:
        editor.stop()


def test_a_configuration_change_changes_the_language(editor, project):
    uri = editor.open(project / "model.py")
    (english,) = editor.diagnostics(uri)
    mark = editor.mark()
    editor.configure({"language": "zh"})
    (chinese,) = editor.diagnostics(uri, after=mark)
    assert chinese.message != english.message
    assert chinese.message == command_line(project, project / "model.py", "--mindspore-language=zh")[0]["message"]


def test_settings_from_a_client_that_answers_without_announcing_it(project):
    editor = Editor(project, configuration={"language": "zh"}, announces=False)  # as Neovim 0.7
    try:
        uri = editor.open(project / "model.py")
        expected = command_line(project, project / "model.py", "--mindspore-language=zh")[0]["message"]
        editor.diagnostics(uri, until=lambda found: [d.message for d in found] == [expected])
    finally:
        editor.stop()


def test_the_latency_benchmark_runs(capsys):
    from ms_lint.tools import lsp_bench  # pylint: disable=import-outside-toplevel

    assert lsp_bench.main(["--edits", "2"]) == 0
    said = capsys.readouterr().out
    assert "cold start" in said and "median" in said and "peak memory" in said


def test_the_settings_become_options_and_args(project):
    editor = Editor(project, configuration={"ms_lint": {"args": ["--disable=forward-without-construct"]}})
    try:
        uri = editor.open(project / "model.py", MODEL.replace("nn.Dense(4, 4)", "nn.Dense(4, 4)\n        self.drop = nn.Dropout(0.1)"))
        assert codes(editor.diagnostics(uri)) == ["dropout-positional-keep-prob"]
    finally:
        editor.stop()


def test_the_projects_pylint_configuration_applies(project):
    (project / "pyproject.toml").write_text(
        '[tool.pylint.messages_control]\ndisable = ["forward-without-construct"]\n\n'
        '[tool.pylint.mindspore]\nmindspore-language = "zh"\n'
    )
    editor = Editor(project)  # the server runs in another folder: it reads the workspace's configuration
    try:
        uri = editor.open(project / "model.py", MODEL.replace("nn.Dense(4, 4)", "nn.Dense(4, 4)\n        self.drop = nn.Dropout(0.1)"))
        (diagnostic,) = editor.diagnostics(uri)
        assert diagnostic.code == "dropout-positional-keep-prob" and "nn.Dropout(0.1)" in diagnostic.message
        assert "将" in diagnostic.message
    finally:
        editor.stop()


def test_an_option_pylint_refuses_is_logged_and_the_server_goes_on(editor, project):
    uri = editor.open(project / "model.py")
    editor.diagnostics(uri)
    editor.configure({"mode": "sometimes"})
    editor.wait_log("the lint stopped")
    mark = editor.mark()
    editor.configure({"mode": "graph"})
    assert codes(editor.diagnostics(uri, after=mark)) == ["forward-without-construct"]


def test_the_workspace_command_publishes_every_files_findings(editor, project):
    published = editor.command("ms_lint.lintWorkspace")
    assert published == 2
    found = {Path(params.uri).name: codes(params.diagnostics) for params in editor.published}
    assert found == {"model.py": ["forward-without-construct"], "net.py": ["cell-container-not-registered"]}


GRAPH_PROJECT = {
    "model.py": """\
        from mindspore import nn


        class Crop(nn.Cell):
            def construct(self, x, n):
                return x[:n]
        """,
    "train.py": """\
        import mindspore as ms

        from model import Crop

        ms.set_context(mode=ms.GRAPH_MODE)
        Crop()(ms.ops.ones((4, 4)), ms.Tensor(2))
        """,
}


def test_a_model_file_opened_alone_shows_the_graph_findings_its_train_script_proves(tmp_path):
    root = write_project(tmp_path / "graph", GRAPH_PROJECT)
    editor = Editor(root)
    try:
        uri = editor.open(root / "model.py")
        assert "tensor-slice-variable-bound" in codes(editor.diagnostics(uri))
    finally:
        editor.stop()


def test_the_graph_finding_shows_once_the_workspace_is_linted(tmp_path):
    """What the test above waits for, through the workspace command: a run of the whole program."""
    root = write_project(tmp_path / "graph", GRAPH_PROJECT)
    editor = Editor(root)
    try:
        editor.command("ms_lint.lintWorkspace")
        found = {Path(params.uri).name: codes(params.diagnostics) for params in editor.published}
        assert "tensor-slice-variable-bound" in found["model.py"]
    finally:
        editor.stop()


def _framed(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _answers(raw: bytes) -> dict:
    """The responses in a server's raw output, by request id."""
    found = {}
    while b"\r\n\r\n" in raw:
        head, raw = raw.split(b"\r\n\r\n", 1)
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
        message, raw = json.loads(raw[:length]), raw[length:]
        if "id" in message and "method" not in message:
            found[message["id"]] = message
    return found


def test_a_request_it_cannot_read_gets_an_error_answer(project):
    """A code action request whose diagnostics are not LSP diagnostics (a client passing its own wrapping
    of them): the client gets an answer (an error), and the next request its own."""
    uri = (project / "model.py").as_uri()
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": project.as_uri()}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
         "params": {"textDocument": {"uri": uri}, "range": whole,
                    "context": {"diagnostics": [["eglot-lsp-diag", {"range": whole, "message": "x"}]]}}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "ms_lint", "lsp"], input=b"".join(map(_framed, requests)), capture_output=True,
        cwd=project, timeout=300, check=False,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))),
    )
    answers = _answers(done.stdout)
    assert answers[2]["error"]["code"] == -32602  # Invalid Params
    assert "error" not in answers[3]
