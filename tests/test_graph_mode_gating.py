"""Graph-only rules follow the execution mode of the programs a module belongs to.

A model file rarely sets the mode: the training script does. The findings in
``pkg/net.py`` below are HIGH when an entry script that imports it sets
GRAPH_MODE, withheld when no entry script of the project shows the mode
(MindSpore 2.x defaults to PyNative; one graph-findings-withheld notice counts
them), dropped when it runs in PyNative, and HIGH for ``@jit`` functions in every
case, with ``-j 1`` and ``-j 2`` alike, and for the model file linted alone.
"""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

EMPTY_RC = Path(__file__).parent / "empty.rc"
GRAPH_RULES = (
    "tensor-slice-variable-bound",
    "graph-dynamic-shape-op",
    "nested-tensor-condition",
    "too-many-tensor-conditions",
    "unrolled-loop-tensor-condition",
)
NOTICE = "graph-findings-withheld"

NET = """
import mindspore as ms
from mindspore import nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])

    def construct(self, x):
        y = ops.relu(x)
        head = y[: ops.argmax(y)]
        keep = ops.nonzero(y)
        for block in self.blocks:
            if y.sum() > 0:
                y = block(y)
        if y.max() > 0:
            if y.min() > 0:
                y = y * 2
        return head, keep, y


@ms.jit
def step(x):
    return x[: ops.argmax(x)]
"""
# Line numbers of the findings in NET.
CONSTRUCT_FINDINGS = [
    (11, "too-many-tensor-conditions"),
    (13, "tensor-slice-variable-bound"),
    (14, "graph-dynamic-shape-op"),
    (16, "unrolled-loop-tensor-condition"),
    (19, "nested-tensor-condition"),
]
JIT_FINDINGS = [(26, "tensor-slice-variable-bound")]

ENTRY = """
import mindspore as ms
from pkg.net import Net

def main(args):
    ms.set_context({mode})
    return Net()
"""


ARGPARSE_ENTRY = """
import argparse
import mindspore as ms
from pkg.net import Net

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", type=int, default=0, help="0: GRAPH_MODE, 1: PYNATIVE_MODE")
    args = parser.parse_args()
    ms.set_context(mode=args.mode)
    return Net()
"""


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


ENTRIES = {
    "train.py": ENTRY.format(mode="mode=ms.GRAPH_MODE"),
    "train_by_number.py": ENTRY.format(mode="mode=0"),
    "infer.py": ENTRY.format(mode="mode=ms.PYNATIVE_MODE"),
    "train_args.py": ENTRY.format(mode="mode=args.mode"),
    "train_argparse.py": ARGPARSE_ENTRY,
}


@pytest.fixture(name="project")
def fixture_project(tmp_path):
    """The model package alone: each test adds the entry scripts of its project."""
    write(tmp_path / "pkg" / "__init__.py", "")
    write(tmp_path / "pkg" / "net.py", NET)
    return tmp_path


def with_entries(project, *names):
    for name in names:
        write(project / name, ENTRIES[name])
    return project


def lint(project, *paths, options=(), jobs=1):
    result = subprocess.run(
        [
            sys.executable, "-m", "pylint", f"-j{jobs}", f"--rcfile={EMPTY_RC}", "--load-plugins=ms_lint",
            "--disable=all", f"--enable={','.join(GRAPH_RULES + (NOTICE,))}", "--output-format=json2",
            "--mindspore-max-tensor-conditions=2", "--mindspore-max-tensor-condition-depth=1", *options, *paths,
        ],
        cwd=project, env=dict(os.environ), capture_output=True, text=True, check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    messages = json.loads(result.stdout)["messages"]
    return sorted((m["path"], m["line"], m["symbol"], m["confidence"]) for m in messages)


def notices(project, *paths, **kwargs):
    """The texts of the withheld-findings notices of a run."""
    result = subprocess.run(
        [
            sys.executable, "-m", "pylint", f"-j{kwargs.get('jobs', 1)}", f"--rcfile={EMPTY_RC}", "--load-plugins=ms_lint",
            "--disable=all", "--enable=mindspore", "--output-format=json2",
            "--mindspore-max-tensor-conditions=2", "--mindspore-max-tensor-condition-depth=1", *paths,
        ],
        cwd=project, capture_output=True, text=True, check=False,
    )
    return [m["message"] for m in json.loads(result.stdout)["messages"] if m["symbol"] == NOTICE]


def expected(construct_confidence, jit_confidence="HIGH"):
    """The findings of NET; ``construct_confidence`` "withheld" gives the notice instead of construct's."""
    found = []
    if construct_confidence == "withheld":
        found.append(("pkg/net.py", 1, NOTICE, "HIGH"))
    elif construct_confidence is not None:
        found += [("pkg/net.py", line, symbol, construct_confidence) for line, symbol in CONSTRUCT_FINDINGS]
    found += [("pkg/net.py", line, symbol, jit_confidence) for line, symbol in JIT_FINDINGS]
    return sorted(found)


def test_graph_mode_set_by_the_entry_script(project):
    with_entries(project, "train.py")
    assert lint(project, "train.py", "pkg") == expected("HIGH")
    # The model file linted alone (an editor, a pre-commit hook) still reads train.py's mode.
    assert lint(project, "pkg/net.py") == expected("HIGH")


def test_graph_mode_given_as_a_number(project):
    assert lint(with_entries(project, "train_by_number.py"), "pkg") == expected("HIGH")


def test_graph_mode_set_in_the_same_file(project):
    write(project / "alone.py", "import mindspore as ms\nms.set_context(mode=ms.GRAPH_MODE)\n" + NET)
    found = lint(project, "alone.py")
    shift = 2  # the two lines put before NET
    assert found == sorted(
        ("alone.py", line + shift, symbol, "HIGH") for line, symbol in CONSTRUCT_FINDINGS + JIT_FINDINGS
    )


def test_graph_mode_from_an_argparse_default(project):
    assert lint(with_entries(project, "train_argparse.py"), "pkg") == expected("HIGH")


def test_unknown_mode_withholds_construct_findings_and_jit_stays_high(project):
    assert lint(project, "pkg") == expected("withheld")


def test_the_notice_counts_the_withheld_findings_of_every_rule_once(project):
    for jobs in (1, 2):
        (text,) = notices(project, "pkg", jobs=jobs)
        assert text.startswith("5 findings of graph-mode rules withheld (1 graph-dynamic-shape-op, 1 nested-tensor")
        assert "--mindspore-mode=graph" in text


def test_no_notice_when_nothing_is_withheld(project):
    assert notices(with_entries(project, "train.py"), "pkg") == []


def test_mode_from_a_variable_is_unknown(project):
    assert lint(with_entries(project, "train_args.py"), "pkg") == expected("withheld")


def test_pynative_drops_construct_findings_but_not_jit(project):
    assert lint(with_entries(project, "infer.py"), "pkg/net.py") == expected(None)


def test_programs_that_disagree_leave_the_mode_unknown(project):
    with_entries(project, "train.py", "infer.py")
    assert lint(project, "train.py", "infer.py", "pkg") == expected("withheld")
    assert lint(project, "pkg") == expected("withheld")


def test_the_mode_option_decides(project):
    assert lint(project, "pkg", options=["--mindspore-mode=graph"]) == expected("HIGH")
    assert lint(with_entries(project, "train.py"), "pkg", options=["--mindspore-mode=pynative"]) == expected(None)


def test_two_jobs_give_the_same_findings(project):
    with_entries(project, "train.py")
    assert lint(project, "pkg", jobs=2) == expected("HIGH")
    with_entries(project, "infer.py", "train_args.py")
    assert lint(project, "train.py", "infer.py", "train_args.py", "pkg", jobs=2) == lint(
        project, "train.py", "infer.py", "train_args.py", "pkg", jobs=1
    )
    assert lint(project, "pkg", jobs=2) == expected("withheld")
