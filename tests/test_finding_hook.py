"""Every ms_lint finding passes through the finding hook, before pylint's confidence filter."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from lint import EMPTY_RC, RULES, run_pylint

PLUGINS = Path(__file__).parent / "plugins"
UNSURE = """
from mindspore import nn


class Wrap(nn.Cell):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner


class Net(nn.Cell):
    def __init__(self, inner):
        super().__init__()
        self.blocks = [Wrap(inner), Wrap(inner)]
        self.heads = [nn.Dense(2, 2), nn.Dense(2, 2)]  # pylint: disable=cell-container-not-registered

    def construct(self, x):
        return x
"""


@pytest.fixture(name="echo")
def fixture_echo(monkeypatch):
    monkeypatch.syspath_prepend(str(PLUGINS))
    return "--load-plugins=finding_hook_echo"


def test_held_findings_come_back_with_the_hook_s_confidence_and_suffix(echo):
    bad = RULES / "cell-container-not-registered" / "bad.py"
    plain = run_pylint([bad])
    echoed = run_pylint([bad], echo)
    assert [(m.line, m.column, m.end_line, m.obj) for m in echoed] == [(m.line, m.column, m.end_line, m.obj) for m in plain]
    for before, after in zip(plain, echoed):
        assert after.msg == before.msg + f" [echo {before.confidence.name} cell={after.obj.split('.')[0]} 100%]"
        assert after.confidence.name == "HIGH"


def test_the_hook_sees_findings_that_the_confidence_filter_would_drop(echo, tmp_path):
    path = tmp_path / "unsure.py"
    path.write_text(UNSURE)
    assert run_pylint([path], "--confidence=HIGH") == []
    echoed = run_pylint([path], echo, "--confidence=HIGH")
    assert [(m.line, m.msg.rsplit(" [", 1)[1]) for m in echoed] == [(14, "echo INFERENCE cell=Net 100%]")]


def test_a_suppressed_finding_is_not_held_and_the_suppression_counts(echo, tmp_path):
    path = tmp_path / "unsure.py"
    path.write_text(UNSURE)
    messages = run_pylint([path], echo, "--enable=useless-suppression")
    assert [(m.line, m.symbol) for m in messages] == [(14, "cell-container-not-registered")]


def run_json(directory, jobs, plugins):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(PLUGINS), os.environ.get("PYTHONPATH", "")]))
    result = subprocess.run(
        [
            sys.executable, "-m", "pylint", f"-j{jobs}", "--rcfile", str(EMPTY_RC), f"--load-plugins={plugins}",
            "--disable=all", "--enable=mindspore,test-construct-mode", "--output-format=json2", ".",
        ],
        cwd=directory, env=env, capture_output=True, text=True, check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    messages = json.loads(result.stdout)["messages"]
    return sorted((m["path"], m["line"], m["column"], m["obj"], m["message"], m["confidence"]) for m in messages)


def test_deferred_and_node_findings_pass_the_hook_alike_with_one_or_two_jobs(tmp_path):
    (tmp_path / "train.py").write_text("import mindspore as ms\nimport net\nms.set_context(mode=ms.GRAPH_MODE)\n")
    (tmp_path / "net.py").write_text(textwrap.dedent(UNSURE))
    sequential = run_json(tmp_path, 1, "ms_lint,program_mode_echo,finding_hook_echo")
    assert sequential == [
        ("net.py", 14, 8, "Net.__init__", (
            "Plain list 'self.blocks' holds Cells with parameters that MindSpore does not register: their weights are "
            "never trained nor saved in checkpoints, and GRAPH_MODE can fail with a duplicate parameter name. Store "
            "them in nn.CellList (or nn.SequentialCell). [echo INFERENCE cell=Net 100%]"
        ), "HIGH"),
        # Decided once the whole program is read, and held by the hook: still named by its function.
        ("net.py", 17, 4, "Net.construct", "construct Net [echo HIGH cell=None 100%]", "HIGH"),
    ]
    assert run_json(tmp_path, 2, "ms_lint,program_mode_echo,finding_hook_echo") == sequential


def test_findings_added_by_line_inside_each_other_leave_the_reporter_as_they_found_it():
    from pylint.lint import PyLinter  # pylint: disable=import-outside-toplevel
    from pylint.reporters import CollectingReporter  # pylint: disable=import-outside-toplevel

    from ms_lint.checkers import base  # pylint: disable=import-outside-toplevel

    linter = PyLinter()
    reporter = CollectingReporter()
    linter.set_reporter(reporter)
    installed = []
    reporter.handle_message = installed.append  # a wrapper someone else installed on the reporter
    with base.in_module(linter, "net", "net.py", "Net.construct"):
        with base.in_module(linter, "net", "net.py", "helper"):
            assert getattr(linter, base.OBJ_ATTRIBUTE) == "helper"
        assert getattr(linter, base.OBJ_ATTRIBUTE) == "Net.construct"
    assert reporter.handle_message == installed.append
    assert not hasattr(linter, base.OBJ_ATTRIBUTE)
