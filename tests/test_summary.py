"""What an ms-lint run says at its end: the closing line, --statistics and --version."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import ms_lint
from ms_lint import cli, summary

TOWER = textwrap.dedent(
    """\
    from mindspore import nn


    class Tower(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = [nn.Dense(4, 4), nn.Dense(4, 4)]

        def construct(self, x):
            return x


    class Head(nn.Cell):
        def forward(self, x):
            return x


    class Tail(nn.Cell):
        def forward(self, x):
            return x
    """
)
CLEAN = "from mindspore import nn\n\nlayer = nn.Dense(4, 4)\n"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "tower.py").write_text(TOWER, encoding="utf-8")
    (tmp_path / "src" / "clean.py").write_text(CLEAN, encoding="utf-8")
    return tmp_path


def closing(err: str) -> str:
    (line,) = [line for line in err.splitlines() if line.startswith("ms-lint: ")]
    return line


def test_the_closing_line_counts_findings_files_rules_and_fixes(project, capsys):
    assert cli.main(["src"]) == 6
    line = closing(capsys.readouterr().err)
    assert line == (
        "ms-lint: 3 findings in 1 of 2 files: 2 forward-without-construct, 1 cell-container-not-registered. "
        "3 of them are of rules with an automatic fix: `ms-lint --fix src` applies the fixes "
        "(--diff shows them first)."
    )


def test_a_clean_run_says_so(project, capsys):
    assert cli.main(["src/clean.py"]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert closing(err) == "ms-lint: no findings in 1 file."


def test_the_closing_line_speaks_chinese(project, capsys):
    cli.main(["--mindspore-language=zh", "src"])
    assert closing(capsys.readouterr().err).startswith("ms-lint: 3 个检查结果，分布在 1 个文件中（共检查 2 个文件）")


def test_rules_beyond_the_first_three_are_counted(project, capsys):
    (project / "src" / "old.py").write_text(
        "import mindspore as ms\nfrom mindspore import ms_function, nn\n\n"
        "ms.set_context(device_target='CPU')\nlayer = nn.Dropout(0.5)\n",
        encoding="utf-8",
    )
    cli.main(["src"])
    line = closing(capsys.readouterr().err)
    assert re.search(r"\d+ more rules? \(--statistics lists them\)", line), line


def test_statistics_replace_the_findings_on_stdout(project, capsys):
    assert cli.main(["--statistics", "src"]) == 6
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        "2  E7301  forward-without-construct      [*]",
        "1  W7300  cell-container-not-registered  [*]",
    ]
    assert "3 findings in 1 of 2 files" in closing(err)


def test_statistics_keep_the_reports_written_to_files(project):
    command = [sys.executable, "-m", "ms_lint.cli", "--statistics", "--output-format=text,json2:out.json", "src"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 6, done.stderr
    assert "tower.py" not in done.stdout
    assert len(json.loads((project / "out.json").read_text(encoding="utf-8"))["messages"]) == 3


def test_the_closing_line_counts_only_what_the_baseline_lets_through(project, capsys):
    cli.main(["--baseline", "base.json", "src"])
    capsys.readouterr()
    (project / "src" / "more.py").write_text(
        "from mindspore import nn\n\n\nclass Neck(nn.Cell):\n    def forward(self, x):\n        return x\n",
        encoding="utf-8",
    )
    cli.main(["--baseline", "base.json", "src"])
    err = capsys.readouterr().err
    assert "ms-lint: 1 finding in 1 of 3 files: 1 forward-without-construct." in err
    assert "3 findings accepted by the baseline" in err


def test_version_names_ms_lint_and_its_catalog_then_pylint_s(capsys):
    assert cli.main(["--version"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"ms-lint \S+ \(MindSpore catalog 2\.\d+\.\d+\)", lines[0])
    assert lines[0].split()[1] == ms_lint.__version__
    assert lines[1].startswith("pylint ") and lines[2].startswith("astroid ")


def test_the_package_and_the_code_agree_on_the_version():
    pyproject = (Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^version = "([^"]+)"$', pyproject, re.MULTILINE).group(1) == ms_lint.__version__


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_long_run_shows_the_files_linted_on_one_line_then_erases_it():
    stream, clock = io.StringIO(), Clock()
    progress = summary.Progress(stream, after=2.0, clock=clock)
    tally = summary.Tally(progress)
    tally.on_set_current_module("a", "a.py")
    assert stream.getvalue() == ""  # a short run shows nothing
    clock.now = 2.5
    tally.on_set_current_module("b", "b.py")
    clock.now = 2.6  # too soon to write again
    tally.on_set_current_module("c", "c.py")
    clock.now = 3.0
    tally.on_set_current_module("d", "d.py")
    progress.clear()
    assert stream.getvalue() == "\rms-lint: 2 files linted...\rms-lint: 4 files linted...\r\x1b[K"


def test_no_progress_line_when_stderr_is_no_terminal(project, capsys):
    assert summary.progress_on_terminal() is None  # pytest captures stderr
    cli.main(["src"])
    assert "linted..." not in capsys.readouterr().err


def test_after_fix_the_closing_line_counts_what_is_left_without_advising_fix_again(project, capsys):
    assert cli.main(["--fix", "src"]) == 4  # forward-without-construct is fixed; the container fix is unsafe
    line = closing(capsys.readouterr().err)
    assert line == "ms-lint: 1 finding in 1 of 2 files: 1 cell-container-not-registered."
