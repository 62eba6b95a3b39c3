"""The benchmark script: what it lints and what it prints (never how fast)."""

from ms_lint.tools import bench


def test_a_directory_stands_for_its_python_files_hidden_ones_left_out(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "net.py").write_text("x = 1\n")
    (tmp_path / "train.py").write_text("x = 1\n")
    (tmp_path / "notes.txt").write_text("x\n")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "site.py").write_text("x = 1\n")
    assert bench.python_files([str(tmp_path)]) == [str(tmp_path / "pkg" / "net.py"), str(tmp_path / "train.py")]
    assert bench.python_files([str(tmp_path / "train.py")]) == [str(tmp_path / "train.py")]


def test_it_prints_both_times_and_their_ratio(tmp_path, capsys):
    (tmp_path / "net.py").write_text("from mindspore import nn\n\nclass Net(nn.Cell):\n    def forward(self, x):\n        return x\n")
    assert bench.main([str(tmp_path), "--repeat", "1"]) == 0
    printed = capsys.readouterr().out
    assert "1 file(s)" in printed
    assert "parse only:" in printed and "ms_lint checks:" in printed and "ratio:" in printed


def test_full_prints_plain_pylint_and_pylint_with_ms_lint(tmp_path, capsys):
    (tmp_path / "net.py").write_text("from mindspore import nn\n\nclass Net(nn.Cell):\n    def construct(self, x):\n        return x\n")
    assert bench.main([str(tmp_path), "--repeat", "1", "--full"]) == 0
    printed = capsys.readouterr().out
    assert "plain pylint, MindSpore hidden:" in printed and "pylint + ms_lint, MindSpore hidden:" in printed
    assert "ratio to plain pylint:" in printed
