"""The ms-lint command: only ms_lint's checks, the project's configuration, no files, partial views."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ms_lint import cli

PLUGINS = Path(__file__).parent / "plugins"
BAD = textwrap.dedent(
    """\
    import os
    from mindspore import nn


    class Tower(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = [nn.Dense(4, 4), nn.Dense(4, 4)]

        def construct(self, x):
            return x
    """
)


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tower.py").write_text(BAD, encoding="utf-8")
    return tmp_path


def test_only_ms_lint_checks_run(project, capsys):
    assert cli.main(["tower.py"]) == 4
    out = capsys.readouterr().out
    assert "tower.py:8:8: W7300" in out
    assert "unused-import" not in out and "missing-module-docstring" not in out
    assert "rated" not in out  # no score


@pytest.mark.parametrize("selection", [["--disable=all", "--enable=api-removed"], ["-d", "all", "-e", "api-removed"]])
def test_disable_all_then_enable_runs_only_the_rules_named(project, capsys, selection):
    (project / "old.py").write_text("from mindspore import ms_function\n", encoding="utf-8")
    cli.main([*selection, "tower.py", "old.py"])
    out = capsys.readouterr().out
    assert "old.py:1:0: E7380" in out
    assert "W7300" not in out


def test_configuration_cannot_enable_pylint_checks_nor_lower_the_bar(project, capsys):
    (project / "pyproject.toml").write_text(
        '[tool.pylint.main]\nfail-under = 0\n[tool.pylint.messages_control]\nenable = ["unused-import"]\n',
        encoding="utf-8",
    )
    assert cli.main(["tower.py"]) == 4
    assert "unused-import" not in capsys.readouterr().out


def test_rules_disabled_in_the_configuration_stay_disabled(project, capsys):
    (project / "pyproject.toml").write_text(
        '[tool.pylint.messages_control]\ndisable = ["cell-container-not-registered"]\n', encoding="utf-8"
    )
    assert cli.main(["tower.py"]) == 0
    assert "W7300" not in capsys.readouterr().out
    # ... unless the command line enables them again.
    assert cli.main(["--enable=cell-container-not-registered", "tower.py"]) == 4


def test_no_files_is_a_clean_exit(project, capsys):
    assert cli.main([]) == 0
    assert cli.main(["--mindspore-mode=graph"]) == 0
    assert "no files to lint" in capsys.readouterr().err


def test_help(capsys):
    assert cli.main(["--help"]) == 0
    assert "usage: ms-lint" in capsys.readouterr().out


def test_plugin_options_are_accepted(project, capsys):
    assert cli.main(["--mindspore-mode=graph", "--mindspore-device-target=Ascend", "--confidence=HIGH", "tower.py"]) == 4


@pytest.fixture
def program(tmp_path, monkeypatch):
    """net.py defines a Cell; train.py imports it and sets GRAPH_MODE."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(PLUGINS))
    (tmp_path / "net.py").write_text(
        "from mindspore import nn\n\n\nclass Net(nn.Cell):\n    def construct(self, x):\n        return x\n",
        encoding="utf-8",
    )
    (tmp_path / "train.py").write_text(
        "import mindspore as ms\nfrom net import Net\n\nms.set_context(mode=ms.GRAPH_MODE)\nNet()\n", encoding="utf-8"
    )
    return tmp_path


def echo(capsys, *args):
    cli.main(["--load-plugins=program_mode_echo", "--enable=test-construct-mode", "--msg-template={path}:{line}: {confidence.name}", *args])
    return [line for line in capsys.readouterr().out.splitlines() if line.startswith("net.py")]


def test_a_staged_model_file_alone_sees_the_mode_its_entry_script_sets(program, capsys):
    """What docs/pre-commit.md says about cross-file rules on staged files only."""
    assert echo(capsys, "net.py", "train.py") == ["net.py:5: HIGH"]  # the whole program: GRAPH_MODE known
    assert echo(capsys, "net.py") == ["net.py:5: HIGH"]  # train.py not staged, but read: the same
    assert echo(capsys, "--mindspore-mode=pynative", "net.py") == []  # the option decides


TRAIN = textwrap.dedent(
    """\
    import mindspore as ms
    from mindspore import nn
    from mindspore.communication import init

    init()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    net = nn.Dense(2, 2)
    ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9)).train(1, None)
    """
)


@pytest.mark.parametrize("jobs", ["-j1", "-j2"])
def test_a_whole_program_finding_is_printed_under_its_own_module(project, jobs):
    """Decided after every file was linted, it still follows its module's header, not the last one's."""
    (project / "a_train.py").write_text(TRAIN + "\n\n" + BAD.replace("import os\n", ""), encoding="utf-8")
    command = [sys.executable, "-m", "pylint", "--load-plugins=ms_lint", "--disable=all", "--enable=mindspore"]
    result = subprocess.run([*command, jobs, "a_train.py", "tower.py"], capture_output=True, text=True, check=False)
    lines = result.stdout.splitlines()
    seed = next(index for index, line in enumerate(lines) if "W7342" in line)
    headers = [line for line in lines[:seed] if line.startswith("*************")]
    assert headers[-1] == "************* Module a_train"
    assert headers.count("************* Module a_train") == 2  # again, after tower's findings


def test_a_folder_without_python_files_says_so(project, capsys):
    (project / "docs").mkdir()
    (project / "docs" / "index.md").write_text("# docs\n", encoding="utf-8")
    assert cli.main(["docs"]) == 0
    assert capsys.readouterr().err == "ms-lint: no Python file under docs.\n"


def _pylint(*args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pylint", "--load-plugins=ms_lint", "--disable=all", "--enable=mindspore", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


@pytest.mark.parametrize("option", ["--mindspore-version=banana", "--mindspore-code-version=x.y"])
def test_a_version_that_is_no_version_is_a_usage_error(project, option):
    result = _pylint(option, "tower.py")
    assert result.returncode == 32
    name = option.split("=")[0]
    assert result.stderr == f"pylint: error: argument {name}: '{option.split('=')[1]}' is no MindSpore version (2.3, 2.3.1, 2.3.0rc1...).\n"
    assert result.stdout == ""


def test_a_version_from_the_configuration_file_is_checked_too(project):
    (project / "pylintrc").write_text("[MINDSPORE]\nmindspore-version=2.x\n", encoding="utf-8")
    result = _pylint("--rcfile=pylintrc", "tower.py")
    assert (result.returncode, result.stderr.count("\n"), "'2.x'" in result.stderr) == (32, 1, True)


@pytest.mark.parametrize("version", ["2.10", "2.3.1", "2.3.0rc1", "1.8"])
def test_versions_as_mindspore_spells_them_are_accepted(project, version):
    assert _pylint(f"--mindspore-version={version}", "tower.py").returncode == 4


def test_a_report_in_a_folder_that_does_not_exist_is_refused_before_linting(project, capsys):
    missing = project / "nowhere" / "out.sarif"
    assert cli.main([f"--output-format=ms-sarif:{missing}", "tower.py"]) == 32
    captured = capsys.readouterr()
    assert captured.err == f"ms-lint: cannot write the report {missing}: there is no folder {missing.parent}.\n"
    assert captured.out == ""


def test_a_pyproject_that_is_not_toml_gets_one_line_and_stops_the_run(project, capsys):
    (project / "pyproject.toml").write_text("[tool.pylint.main\nfail-under = 0\n", encoding="utf-8")
    assert cli.main(["tower.py"]) == 32
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("ms-lint: cannot read pyproject.toml, which is not valid TOML (") and len(err.splitlines()) == 1
    assert "--rcfile=FILE" in err
    (project / "ci.rc").write_text("[MAIN]\n", encoding="utf-8")
    assert cli.main(["--rcfile=ci.rc", "tower.py"]) == 4  # another configuration is named: the run goes on


def test_mcp_without_its_sdk_says_in_one_line_what_to_install():
    """As on Python 3.9, which cannot install the MCP SDK: one line, no traceback."""
    without_sdk = "import sys; sys.modules['mcp'] = None; from ms_lint.cli import main; sys.exit(main(['mcp']))"
    result = subprocess.run([sys.executable, "-c", without_sdk], capture_output=True, text=True, check=False)
    assert (result.returncode, result.stdout, result.stderr.count("\n")) == (32, "", 1)
    assert result.stderr.startswith("ms-lint: the MCP server needs the mcp package 2.x, on Python 3.10 or later")
    assert result.stderr.rstrip().endswith('pip install "ms-lint[mcp]"')


def test_mcp_takes_no_arguments(capsys):
    assert cli.main(["mcp", "src/"]) == 32
    assert capsys.readouterr().err == "ms-lint: ms-lint mcp takes no arguments (each tool call gives its own options), got: src/\n"
    assert cli.main(["mcp", "--help"]) == 0
    assert "Model Context Protocol" in capsys.readouterr().out


def test_a_second_run_in_the_same_process_reads_a_changed_file_afresh(tmp_path, monkeypatch, capsys):
    """astroid keeps the modules it built for the life of the process: a run must not lint the earlier text."""
    monkeypatch.chdir(tmp_path)
    model = tmp_path / "afresh_model_in_process.py"  # a name no other test's tree is cached under
    model.write_text("from mindspore import nn\n", encoding="utf-8")
    assert cli.main([model.name]) == 0
    model.write_text("from mindspore import nn\n\n\nclass Head(nn.Cell):\n    def forward(self, x):\n        return x\n", encoding="utf-8")
    capsys.readouterr()
    assert cli.main([model.name]) != 0
    assert "forward-without-construct" in capsys.readouterr().out
