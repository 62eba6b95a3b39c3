"""Jupyter notebooks: their code cells linted as one module, findings at their cells, fixes written back."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ms_lint import cli, notebook

TOWER = textwrap.dedent(
    """\
    class Tower(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = [nn.Dense(4, 4), nn.Dense(4, 4)]

        def construct(self, x):
            return x"""
)
CELLS = [
    {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": ["# A tutorial\n"]},
    {
        "cell_type": "code",
        "execution_count": 1,
        "id": "setup",
        "metadata": {"tags": ["setup"]},
        "outputs": [],
        "source": ["%matplotlib inline\n", "!pip install mindspore\n", "import mindspore as ms\n", "from mindspore import nn"],
    },
    {
        "cell_type": "code",
        "execution_count": 2,
        "id": "model",
        "metadata": {},
        "outputs": [{"name": "stdout", "output_type": "stream", "text": ["built\n"]}],
        "source": ["ms.set_context(device_target='CPU')\n", *TOWER.splitlines(keepends=True)],
    },
    {"cell_type": "code", "execution_count": None, "id": "shell", "metadata": {}, "outputs": [], "source": "%%bash\nls -l\n"},
    {
        "cell_type": "code",
        "execution_count": 3,
        "id": "use",
        "metadata": {},
        "outputs": [],
        "source": ["net = Tower()\n", "drop = nn.Dropout(keep_prob=0.9)\n", "label = ('%d'\n", "         % 3)\n"],
    },
]


def write_notebook(path: Path, cells=None, indent=1) -> Path:
    data = {"cells": cells or CELLS, "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(data, indent=indent, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def tutorial(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return write_notebook(tmp_path / "tutorial.ipynb")


def test_code_cells_make_one_module_with_ipython_lines_left_out(tutorial):
    read = notebook.read(str(tutorial))
    assert [cell.number for cell in read.cells] == [2, 3, 4, 5]
    lines = read.python.splitlines()
    assert lines[:3] == ["pass", "pass", "import mindspore as ms"]  # %matplotlib, !pip
    assert lines[12:14] == ["", ""]  # the %%bash cell keeps its lines, empty
    assert lines[-2:] == ["label = ('%d'", "         % 3)"]  # a % inside brackets is Python
    assert read.place(5) == (read.cells[1], 1)
    compile(read.python, "tutorial", "exec")


@pytest.mark.parametrize(
    "source, expected",
    [
        ("x = !ls\nprint(x)", ["pass", "print(x)"]),
        ("pip install mindspore\nimport os", ["pass", "import os"]),  # automagic
        ("if True:\n    %time f()\n", ["if True:", "    pass"]),
        ("%%time\nx = 1\n", ["pass", "x = 1"]),
        ("%%writefile train.py\nimport mindspore\n", ["", ""]),
        ("len?\nx = 1", ["pass", "x = 1"]),
        ("ls = [1]\nls", ["ls = [1]", "ls"]),  # Python that looks like a magic stays
        ("!echo a \\\n  b\nx = 1", ["pass", "", "x = 1"]),
    ],
)
def test_ipython_syntax(tmp_path, source, expected):
    path = write_notebook(tmp_path / "one.ipynb", [{"cell_type": "code", "metadata": {}, "outputs": [], "source": source}])
    assert notebook.read(str(path)).python.splitlines() == expected


def test_findings_are_placed_at_their_cells_as_in_a_python_file(tutorial, capsys):
    assert cli.main(["tutorial.ipynb"]) == 4
    out = capsys.readouterr().out
    assert "tutorial.ipynb:cell 3:1:15: W7383" in out
    assert "tutorial.ipynb:cell 3:5:8: W7300" in out
    assert "tutorial.ipynb:cell 5:2:18: W7381" in out
    Path("tutorial.py").write_text(notebook.read("tutorial.ipynb").python, encoding="utf-8")
    cli.main(["tutorial.py"])
    as_python = capsys.readouterr().out
    assert sorted(line.split(": ", 1)[1] for line in out.splitlines() if ": W" in line) == sorted(
        line.split(": ", 1)[1] for line in as_python.splitlines() if ": W" in line
    )


def test_json_and_sarif_say_the_cell(tutorial, capsys):
    cli.main(["tutorial.ipynb", "--output-format=json2,ms-sarif:out.sarif"])
    messages = json.loads(capsys.readouterr().out)["messages"]
    dropout = next(m for m in messages if m["symbol"] == "api-deprecated")
    assert (dropout["path"], dropout["line"], dropout["absolutePath"]) == (
        "tutorial.ipynb:cell 5",
        2,
        str(Path("tutorial.ipynb").resolve()),
    )
    results = json.loads(Path("out.sarif").read_text(encoding="utf-8"))["runs"][0]["results"]
    location = next(r for r in results if r["ruleId"] == "W7381")["locations"][0]
    assert location["properties"] == {"cell": 5}
    assert location["physicalLocation"]["artifactLocation"]["uri"] == "tutorial.ipynb"
    assert location["physicalLocation"]["region"]["startLine"] == 2


def test_lines_named_in_messages_are_cell_lines(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "source": "x = 1\n"}] * 2 + [
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": "y = (1 +\n"}
    ]
    write_notebook(tmp_path / "broken.ipynb", cells)
    cli.main(["broken.ipynb"])
    out = capsys.readouterr().out
    assert "broken.ipynb:cell 3:" in out and "syntax-error" in out
    assert "line 3" not in out  # the module's line, named by the parser


def test_folders_give_their_notebooks_but_not_checkpoints(tutorial, capsys):
    checkpoints = tutorial.parent / ".ipynb_checkpoints"
    checkpoints.mkdir()
    write_notebook(checkpoints / "tutorial-checkpoint.ipynb")
    cli.main(["."])
    out = capsys.readouterr().out
    assert "tutorial.ipynb:cell 3:5:8: W7300" in out
    assert "tutorial-checkpoint.ipynb" not in out


def test_unreadable_notebooks_get_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    Path("broken.ipynb").write_text("{not json", encoding="utf-8")
    Path("old.ipynb").write_text(json.dumps({"nbformat": 3, "worksheets": []}), encoding="utf-8")
    Path("deep.ipynb").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    cli.main(["broken.ipynb", "old.ipynb", "deep.ipynb"])
    out = capsys.readouterr().out
    assert "broken.ipynb is not a Jupyter notebook (not JSON" in out
    assert "deep.ipynb is not a Jupyter notebook (not JSON" in out
    assert "nbformat 3" in out
    assert "Traceback" not in out


def test_fix_writes_back_only_the_cells_sources(tutorial, capsys):
    before = tutorial.read_text(encoding="utf-8")
    assert cli.main(["--fix", "--unsafe-fixes", "tutorial.ipynb"]) == 0
    out = capsys.readouterr().out
    assert "tutorial.ipynb:cell 5:2: fixed (api-deprecated)" in out
    after = tutorial.read_text(encoding="utf-8")
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert changed == [
        ('    "ms.set_context(device_target=\'CPU\')\\n",', '    "ms.set_device(\'CPU\')\\n",'),
        (
            '    "        self.layers = [nn.Dense(4, 4), nn.Dense(4, 4)]\\n",',
            '    "        self.layers = nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])\\n",',
        ),
        ('    "drop = nn.Dropout(keep_prob=0.9)\\n",', '    "drop = nn.Dropout(p=0.1)\\n",'),
    ]
    assert len(before.splitlines()) == len(after.splitlines())
    cli.main(["tutorial.ipynb"])
    assert "no findings" in capsys.readouterr().err


def test_a_statement_added_after_a_cells_last_line_stays_in_that_cell(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    cells = [
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": "import mindspore as ms\nfrom mindspore import context"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": "context.set_context(mode=0, device_target='CPU', device_id=1)"},
        {"cell_type": "markdown", "metadata": {}, "source": "Then"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": "print(1)\n"},
    ]
    path = write_notebook(tmp_path / "setup.ipynb", cells, indent=2)
    cli.main(["--fix", "setup.ipynb"])
    data = json.loads(path.read_text(encoding="utf-8"))
    sources = [cell["source"] for cell in data["cells"]]
    assert sources[0] == "import mindspore as ms\nfrom mindspore import context, set_device"
    assert sources[1] == "context.set_context(mode=0)\nset_device('CPU', 1)"
    assert sources[2:] == ["Then", "print(1)\n"]
    assert path.read_text(encoding="utf-8").startswith('{\n  "cells": [')  # its own indentation


def test_diff_shows_each_changed_cell(tutorial, capsys):
    assert cli.main(["--diff", "tutorial.ipynb"]) == 1
    out = capsys.readouterr().out
    assert "--- a/tutorial.ipynb:cell 3\n+++ b/tutorial.ipynb:cell 3\n" in out
    assert "+drop = nn.Dropout(p=0.1)\n" in out


def test_unchanged_sources_write_back_the_same_bytes(tutorial):
    for indent in (1, 2, 4):
        path = write_notebook(tutorial, indent=indent)
        read = notebook.read(str(path))
        assert read.with_sources({cell.number: cell.text for cell in read.cells}) == path.read_bytes()


def test_baseline_keys_notebook_findings_by_their_line(tutorial, capsys):
    cli.main(["--baseline", "b.json", "tutorial.ipynb"])
    entries = Path("b.json").read_text(encoding="utf-8")
    assert '"line": "drop = nn.Dropout(keep_prob=0.9)"' in entries
    assert cli.main(["--baseline", "b.json", "tutorial.ipynb"]) == 0


@pytest.mark.parametrize("jobs", ["-j1", "-j2"])
def test_parallel_jobs_place_findings_the_same(tutorial, jobs):
    write_notebook(tutorial.parent / "copy.ipynb")
    command = [sys.executable, "-m", "ms_lint.cli", jobs, "tutorial.ipynb", "copy.ipynb"]
    out = subprocess.run(command, capture_output=True, text=True, check=False).stdout
    for name in ("tutorial", "copy"):
        assert f"{name}.ipynb:cell 3:5:8: W7300" in out
        assert f"{name}.ipynb:cell 5:2:18: W7381" in out
