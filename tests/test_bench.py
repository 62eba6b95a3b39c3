"""The benchmark script: what it lints and what it prints (never how fast)."""

import shutil

import pytest

from ms_lint.tools import bench, scaling


def test_a_directory_stands_for_its_python_files_hidden_ones_left_out(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "net.py").write_text("x = 1\n")
    (tmp_path / "train.py").write_text("x = 1\n")
    (tmp_path / "notes.txt").write_text("x\n")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "site.py").write_text("x = 1\n")
    assert bench.python_files([str(tmp_path)]) == [str(tmp_path / "pkg" / "net.py"), str(tmp_path / "train.py")]
    assert bench.python_files([str(tmp_path / "train.py")]) == [str(tmp_path / "train.py")]


def test_it_prints_the_three_times_and_both_ratios(tmp_path, capsys):
    (tmp_path / "net.py").write_text("from mindspore import nn\n\nclass Net(nn.Cell):\n    def forward(self, x):\n        return x\n")
    assert bench.main([str(tmp_path), "--repeat", "1"]) == 0
    printed = capsys.readouterr().out
    assert "1 file(s)" in printed
    assert "parse only:" in printed and "ms_lint checks:" in printed and "ratio:" in printed
    assert "parse, ms_lint's collector:" in printed and "ratio to the parse with the same collector:" in printed


def test_full_prints_plain_pylint_and_pylint_with_ms_lint(tmp_path, capsys):
    (tmp_path / "net.py").write_text("from mindspore import nn\n\nclass Net(nn.Cell):\n    def construct(self, x):\n        return x\n")
    assert bench.main([str(tmp_path), "--repeat", "1", "--full"]) == 0
    printed = capsys.readouterr().out
    assert "plain pylint, MindSpore hidden:" in printed and "pylint + ms_lint, MindSpore hidden:" in printed
    assert "ratio to plain pylint:" in printed


def test_scaling_prints_the_time_per_file_and_ratio_for_each_size(capsys):
    assert scaling.main(["--sizes", "12", "24"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert [row[:2] for row in rows] == [["12", "12"], ["24", "24"]]
    assert all(len(row) == 7 for row in rows)


def test_scaling_from_a_code_base_takes_its_first_files(tmp_path, capsys):
    for name in ("a.py", "b.py", "c.py"):
        (tmp_path / name).write_text("x = 1\n")
    assert scaling.main(["--from", str(tmp_path), "--sizes", "2", "5"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[2].split()[:2] == ["2", "2"]
    assert printed[3] == "     5: the code base has only 3 Python files"


def test_instructions_are_summed_over_the_processes_valgrind_reports():
    output = "==7== I   refs:      1,234,567\n==9== Events    : Ir\n==8== I refs:        1,000\n"
    assert bench.instructions_in(output) == 1_235_567
    assert bench.instructions_in("valgrind: command not found\n") == 0


def test_instructions_without_valgrind_say_what_is_missing(tmp_path, capsys, monkeypatch):
    (tmp_path / "net.py").write_text("x = 1\n")
    monkeypatch.setattr(bench.shutil, "which", lambda name: None)
    assert bench.main([str(tmp_path), "--instructions"]) == 2
    assert capsys.readouterr().out == (
        "--instructions counts with valgrind, which is not installed here (apt-get install valgrind)\n"
    )


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_instructions_prints_both_counts_and_their_ratio(tmp_path, capsys):
    (tmp_path / "net.py").write_text("from mindspore import nn\n\nclass Net(nn.Cell):\n    def forward(self, x):\n        return x\n")
    assert bench.main([str(tmp_path), "--instructions"]) == 0
    printed = capsys.readouterr().out
    assert "1 file(s), one run each" in printed
    assert "parse only:" in printed and "G instructions" in printed and "(instructions, not time)" in printed


def test_instructions_are_counted_again_with_mindspore_hidden_when_it_is_installed(tmp_path, capsys, monkeypatch):
    (tmp_path / "net.py").write_text("x = 1\n")
    counted = []

    def kind_of(args):
        return "ms_lint" if bench.MS_LINT[0] in args else "collector" if bench.COLLECTOR_ONLY[0] in args else "parse"

    def count(args, env=None, python_flags=()):
        counted.append((kind_of(args), env is not None, tuple(python_flags)))
        return {"ms_lint": 2_000_000_000, "collector": 800_000_000, "parse": 1_000_000_000}[kind_of(args)]

    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/valgrind")
    monkeypatch.setattr(bench, "count_instructions", count)
    monkeypatch.setattr(bench.importlib.util, "find_spec", lambda name: object() if name == "mindspore" else None)
    assert bench.main([str(tmp_path), "--instructions"]) == 0
    assert counted == [
        ("parse", False, ()), ("collector", False, ()), ("ms_lint", False, ()),
        ("parse", True, ("-S",)), ("collector", True, ("-S",)), ("ms_lint", True, ("-S",)),
    ]
    printed = capsys.readouterr().out
    assert "MindSpore installed\n" in printed and "MindSpore hidden (" in printed
    assert printed.count("ratio: 2.0000; to the parse with the same collector: 2.5000 (instructions, not time)") == 2
