"""ms-lint --baseline: accept today's findings, report only new ones, on lines that may move."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from ms_lint import baseline, cli

TOWER = textwrap.dedent(
    """\
    from mindspore import nn


    class Tower(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = [nn.Dense(4, 4), nn.Dense(4, 4)]

        def construct(self, x):
            return x
    """
)
FORWARD = textwrap.dedent(
    """\

    class Head(nn.Cell):
        def forward(self, x):
            return x
    """
)


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "tower.py").write_text(TOWER, encoding="utf-8")
    return tmp_path


def entries(path="base.json"):
    with open(path, encoding="utf-8") as stream:
        return json.load(stream)["findings"]


def test_a_missing_baseline_is_written_with_today_s_findings_and_the_run_passes(project, capsys):
    assert cli.main(["--baseline", "base.json", "pkg"]) == 0
    out, err = capsys.readouterr()
    assert "W7300" not in out
    assert "baseline written to base.json: 1 finding in 1 file" in err
    assert entries() == [
        {
            "path": "pkg/tower.py",
            "symbol": "cell-container-not-registered",
            "line": "self.layers = [nn.Dense(4, 4), nn.Dense(4, 4)]",
            "count": 1,
        }
    ]


def test_a_re_run_is_clean_and_says_what_it_hid(project, capsys):
    cli.main(["--baseline=base.json", "pkg"])
    capsys.readouterr()
    assert cli.main(["--baseline=base.json", "pkg"]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert "1 finding accepted by the baseline base.json not shown" in err


def test_lines_shifted_by_edits_elsewhere_keep_the_baseline_valid(project, capsys):
    cli.main(["--baseline", "base.json", "pkg"])
    tower = project / "pkg" / "tower.py"
    tower.write_text("import os\n\n\n" + TOWER.replace("            self.layers", "            self.layers"), encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["--baseline", "base.json", "pkg"]) == 0
    assert capsys.readouterr().out == ""


def test_a_new_finding_is_reported_with_pylint_s_exit_status(project, capsys):
    cli.main(["--baseline", "base.json", "pkg"])
    (project / "pkg" / "tower.py").write_text(TOWER + FORWARD, encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["--baseline", "base.json", "pkg"]) == 2
    out = capsys.readouterr().out
    assert "E7301" in out and "W7300" not in out


def test_a_copy_of_a_baselined_line_is_new(project, capsys):
    cli.main(["--baseline", "base.json", "pkg"])
    second = TOWER.replace("class Tower", "class Tower2")
    (project / "pkg" / "tower.py").write_text(TOWER + "\n\n" + second, encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["--baseline", "base.json", "pkg"]) == 4
    assert capsys.readouterr().out.count("W7300") == 1


def test_update_drops_fixed_findings_and_adds_new_ones(project, capsys):
    cli.main(["--baseline", "base.json", "pkg"])
    fixed = TOWER.replace("[nn.Dense(4, 4), nn.Dense(4, 4)]", "nn.CellList([nn.Dense(4, 4)])")
    (project / "pkg" / "tower.py").write_text(fixed + FORWARD, encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["--baseline", "base.json", "--baseline-update", "pkg"]) == 0
    assert "updated: 1 finding (1 added, 1 fixed and dropped)" in capsys.readouterr().err
    assert [entry["symbol"] for entry in entries()] == ["forward-without-construct"]


def test_update_over_some_files_keeps_the_entries_of_the_others(project, capsys):
    (project / "pkg" / "other.py").write_text(TOWER, encoding="utf-8")
    cli.main(["--baseline", "base.json", "pkg"])
    assert len(entries()) == 2
    (project / "pkg" / "tower.py").write_text("x = 1\n", encoding="utf-8")
    cli.main(["--baseline", "base.json", "--baseline-update", "pkg/tower.py"])
    assert [entry["path"] for entry in entries()] == ["pkg/other.py"]


def test_paths_are_relative_to_the_baseline_s_directory(project, monkeypatch, capsys):
    (project / "ci").mkdir()
    cli.main(["--baseline", "ci/base.json", "pkg"])
    assert entries("ci/base.json")[0]["path"] == "../pkg/tower.py"
    monkeypatch.chdir(project / "pkg")
    capsys.readouterr()
    assert cli.main(["--baseline", "../ci/base.json", "tower.py"]) == 0


def test_parallel_jobs_match_like_one_job(project, capsys):
    cli.main(["--baseline", "base.json", "pkg"])
    (project / "pkg" / "head.py").write_text("from mindspore import nn\n" + FORWARD, encoding="utf-8")
    # In a process of its own: pylint sends the linter, reporter included, to its workers.
    command = [sys.executable, "-m", "ms_lint.cli", "--baseline", "base.json", "-j", "2", "pkg"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 2, done.stderr
    assert "E7301" in done.stdout and "W7300" not in done.stdout


def test_sarif_marks_results_new_or_unchanged(project, capsys):
    cli.main(["--baseline", "base.json", "pkg"])
    (project / "pkg" / "tower.py").write_text(TOWER + FORWARD, encoding="utf-8")
    cli.main(["--baseline", "base.json", "--output-format=ms-sarif:out.sarif", "pkg"])
    with open("out.sarif", encoding="utf-8") as stream:
        results = json.load(stream)["runs"][0]["results"]
    assert sorted((result["ruleId"], result["baselineState"]) for result in results) == [
        ("E7301", "new"),
        ("W7300", "unchanged"),
    ]


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("not json", "is not JSON"),
        ('{"findings": []}', "no 'findings' list of format 1"),
        ('{"ms_lint_baseline": 1, "findings": [{"path": "a.py"}]}', "entry 1 of the baseline"),
        ('{"ms_lint_baseline": 1, "findings": [{"path": "a", "symbol": "s", "line": "", "count": 0}]}', "entry 1"),
    ],
)
def test_a_malformed_baseline_gets_one_plain_line_and_is_left_alone(project, capsys, text, complaint):
    (project / "base.json").write_text(text, encoding="utf-8")
    assert cli.main(["--baseline", "base.json", "pkg"]) == 32
    err = capsys.readouterr().err
    assert complaint in err and "written by `ms-lint --baseline`" in err
    assert len(err.strip().splitlines()) == 1
    assert (project / "base.json").read_text(encoding="utf-8") == text


def test_an_unreadable_baseline_gets_one_plain_line(project, capsys):
    (project / "base.json").mkdir()
    assert cli.main(["--baseline", "base.json", "pkg"]) == 32
    err = capsys.readouterr().err
    assert err.startswith("ms-lint: cannot read the baseline base.json") and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args, complaint",
    [
        (["--baseline-update", "pkg"], "--baseline-update needs --baseline FILE"),
        (["pkg", "--baseline"], "--baseline needs a file name"),
        (["--baseline=", "pkg"], "--baseline needs a file name"),
    ],
)
def test_baseline_arguments_are_checked(project, capsys, args, complaint):
    assert cli.main(args) == 32
    assert complaint in capsys.readouterr().err


def test_the_file_is_written_whole(project, monkeypatch, capsys):
    def refuse(path, data):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(baseline.files, "write_whole", refuse)
    assert cli.main(["--baseline", "base.json", "pkg"]) == 32
    assert "cannot write the baseline base.json: Permission denied" in capsys.readouterr().err
    assert not (project / "base.json").exists()


def test_fix_then_report_through_the_baseline(project, capsys):
    cli.main(["--baseline", "base.json", "pkg"])
    (project / "pkg" / "tower.py").write_text(TOWER + FORWARD, encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["--fix", "--baseline", "base.json", "pkg"]) == 0
    out = capsys.readouterr().out
    assert "fixed (forward-without-construct)" in out and "W7300" not in out


GRAPH_NET = textwrap.dedent(
    """\
    from mindspore import nn, ops


    class Net(nn.Cell):
        def construct(self, x):
            y = ops.relu(x)
            return y[: ops.argmax(y)]
    """
)
GRAPH_TRAIN = textwrap.dedent(
    """\
    import mindspore as ms
    from pkg.net import Net

    ms.set_context(mode=ms.GRAPH_MODE)
    Net()
    """
)


@pytest.fixture
def graph_project(project):
    (project / "pkg" / "net.py").write_text(GRAPH_NET, encoding="utf-8")
    (project / "train.py").write_text(GRAPH_TRAIN, encoding="utf-8")
    cli.main(["--baseline", "base.json", "pkg", "train.py"])
    assert "tensor-slice-variable-bound" in {entry["symbol"] for entry in entries()}
    return project


def test_update_over_part_of_a_program_keeps_the_findings_it_withheld(graph_project, capsys):
    # Without train.py the mode is unknown: the slice's finding is withheld, not fixed.
    before = entries()
    capsys.readouterr()
    assert cli.main(["--baseline", "base.json", "--baseline-update", "pkg/net.py"]) == 0
    assert "0 added, 0 fixed and dropped" in capsys.readouterr().err
    assert entries() == before


def test_a_run_over_part_of_a_program_counts_no_withheld_finding_as_gone(graph_project, capsys):
    capsys.readouterr()
    assert cli.main(["--baseline", "base.json", "pkg/net.py"]) == 0
    assert "no longer found" not in capsys.readouterr().err


def test_update_over_part_of_a_program_with_parallel_jobs(graph_project):
    before = entries()
    command = [sys.executable, "-m", "ms_lint.cli", "--baseline", "base.json", "--baseline-update", "-j", "2", "pkg"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "0 added, 0 fixed and dropped" in done.stderr
    assert entries() == before
