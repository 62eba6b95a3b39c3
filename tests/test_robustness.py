"""ms_lint never crashes pylint: odd, broken or huge code gets findings or nothing.

The test suite runs with MS_LINT_STRICT=1, so a checker's exception is not swallowed by the
guard in MindSporeChecker: it reaches pylint, which reports ``astroid-error`` or ``fatal``.
"""

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from lint import EMPTY_RC, REPO, rule_dirs, run_pylint, run_pylint_json

ODD_CODE = Path(__file__).parent / "robustness"
CRASHES = {"astroid-error", "fatal"}


def crashes(messages):
    return [f"{m.path}:{m.line}: {m.symbol}: {m.msg[:300]}" for m in messages if m.symbol in CRASHES]


def lint_for_crashes(paths, *args):
    return crashes(run_pylint(paths, "--enable=fatal,astroid-error,syntax-error", *args))


def test_odd_but_valid_and_broken_code():
    files = sorted(ODD_CODE.glob("*.py"))
    assert len(files) > 10
    assert lint_for_crashes(files) == []


def test_deeply_nested_code(tmp_path):
    depth = 60
    body = "".join("    " * (level + 2) + f"if x > {level}:\n" for level in range(depth))
    body += "    " * (depth + 2) + "x = x[:x]\n"
    nested_expr = "(" * 150 + "x" + ")" * 150
    chain = " + ".join(f"ops.relu(x)[{i}:x]" for i in range(300))
    source = (
        "from mindspore import nn, ops\n"
        "class Deep(nn.Cell):\n"
        "    def construct(self, x):\n" + body + f"        y = {nested_expr}\n        z = {chain}\n        return x\n"
    )
    inheritance = "from mindspore import nn\nclass C0(nn.Cell):\n    pass\n" + "".join(
        f"class C{i}(C{i - 1}):\n    def __init__(self):\n        super().__init__()\n        self.l = [nn.Dense(1, 1)]\n"
        for i in range(1, 120)
    )
    (tmp_path / "deep.py").write_text(source)
    (tmp_path / "tall.py").write_text(inheritance)
    assert lint_for_crashes([tmp_path / "deep.py", tmp_path / "tall.py"]) == []


def mutants(source):
    """The source with each line deleted in turn: broken indentation, half statements, lost names."""
    lines = source.splitlines(keepends=True)
    for index in range(len(lines)):
        yield "".join(lines[:index] + lines[index + 1:])


def test_rule_examples_with_any_line_deleted(tmp_path):
    paths = []
    for rule_dir in rule_dirs():
        for example in ("bad.py", "good.py"):
            source = (rule_dir / example).read_text(encoding="utf-8")
            for number, mutant in enumerate(mutants(source)):
                path = tmp_path / f"{rule_dir.name.replace('-', '_')}_{example[:-3]}_{number}.py"
                path.write_text(mutant, encoding="utf-8")
                paths.append(path)
    assert lint_for_crashes(paths) == []


def stdlib_sample(step):
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    files = sorted(
        path for path in stdlib.rglob("*.py")
        if "site-packages" not in path.parts and "test" not in path.parts and "tests" not in path.parts
        and "lib2to3" not in path.parts and "idlelib" not in path.parts
    )
    return files[::step]


def test_standard_library_sample():
    """A deterministic sample of the running interpreter's standard library (every 4th module)."""
    files = stdlib_sample(4)
    assert len(files) > 100
    messages = run_pylint_json(files, "--jobs=2", "--enable=fatal,astroid-error")
    assert [m for m in messages if m["symbol"] in CRASHES] == []


def test_a_checker_bug_does_not_crash_pylint_outside_strict_mode(tmp_path):
    plugin = tmp_path / "exploding_rule.py"
    plugin.write_text(
        "from ms_lint.checkers.base import MindSporeChecker\n"
        "class Exploding(MindSporeChecker):\n"
        "    msgs = {'W7398': ('boom', 'test-exploding', 'Test only.')}\n"
        "    def visit_classdef(self, node):\n"
        "        raise RuntimeError('checker bug')\n"
        "def register(linter):\n"
        "    linter.register_checker(Exploding(linter))\n"
    )
    target = tmp_path / "target.py"
    target.write_text("class A:\n    pass\n")
    env = {key: value for key, value in os.environ.items() if key != "MS_LINT_STRICT"}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(REPO)])
    result = subprocess.run(
        [sys.executable, "-m", "pylint", "--rcfile", str(EMPTY_RC), "--load-plugins=ms_lint,exploding_rule",
         "--disable=all", "--enable=mindspore,test-exploding,fatal,astroid-error", str(target)],
        capture_output=True, text=True, env=env, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and "checker bug" not in result.stdout


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_empty_and_syntax_error_files(tmp_path, jobs):
    (tmp_path / "empty.py").write_text("")
    (tmp_path / "broken.py").write_text("from mindspore import nn\nclass Net(nn.Cell:\n    def construct(self\n")
    (tmp_path / "nul.py").write_bytes(b"x = 1\n\x00\n")
    messages = run_pylint_json(sorted(tmp_path.glob("*.py")), f"--jobs={jobs}", "--enable=fatal,astroid-error,syntax-error")
    assert {m["symbol"] for m in messages} <= {"syntax-error"}
