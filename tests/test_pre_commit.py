"""The pre-commit hook, run by the real ``pre-commit`` on a throw-away git repository.

The hook repository is a snapshot of this checkout (committed files and current changes)
committed into a temporary git repository, which the project's ``.pre-commit-config.yaml``
names by path and commit: pre-commit clones it and pip-installs it into the hook's
environment, as it does for a user. Building that environment needs PyPI (for pylint and
astroid); it is built once for the whole module.
"""

from __future__ import annotations

import os
import shutil
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from lint import REPO

pytest.importorskip("pre_commit")
if shutil.which("git") is None:
    pytest.skip("git is not installed", allow_module_level=True)

BAD = textwrap.dedent(
    '''\
    """A model with a plain list of layers."""
    from mindspore import nn


    class Tower(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = [nn.Dense(4, 4), nn.Dense(4, 4)]

        def construct(self, x):
            for layer in self.layers:
                x = layer(x)
            return x
    '''
)
GOOD = BAD.replace("self.layers = [nn.Dense(4, 4), nn.Dense(4, 4)]", "self.layers = nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])")
# pylint's own checks would flag this file (unused import, missing docstrings): the hook must not.
STYLE_ONLY = "import os\nclass x:\n    pass\n"


HOOK = "ms-lint"


def git(cwd: Path, *args: str) -> str:
    result = subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=_git_env())
    return result.stdout


def _git_env() -> dict:
    env = dict(os.environ)
    env.update(
        GIT_AUTHOR_NAME="ms_lint tests",
        GIT_AUTHOR_EMAIL="tests@example.invalid",
        GIT_COMMITTER_NAME="ms_lint tests",
        GIT_COMMITTER_EMAIL="tests@example.invalid",
        GIT_CONFIG_NOSYSTEM="1",
    )
    env.pop("GIT_DIR", None)
    env.pop("GIT_INDEX_FILE", None)
    return env


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> tuple:
    """This checkout as a git repository of its own: (path, commit)."""
    snapshot = tmp_path_factory.mktemp("hook-repo")
    listed = git(REPO, "ls-files", "--cached", "--others", "--exclude-standard", "-z").split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (snapshot / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, snapshot / name)
    git(snapshot, "init", "-q")
    git(snapshot, "add", "-A")
    git(snapshot, "commit", "-q", "-m", "snapshot")
    return snapshot, git(snapshot, "rev-parse", "HEAD").strip()


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def project(tmp_path, hook_repo) -> Path:
    path, commit = hook_repo
    (tmp_path / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {path}\n    rev: {commit}\n    hooks:\n      - id: {HOOK}\n", encoding="utf-8"
    )
    (tmp_path / "bad_model.py").write_text(BAD, encoding="utf-8")
    (tmp_path / "good_model.py").write_text(GOOD, encoding="utf-8")
    (tmp_path / "style.py").write_text(STYLE_ONLY, encoding="utf-8")
    (tmp_path / "README.md").write_text("# a project\n", encoding="utf-8")
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": BAD}
    notebook = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "bad_notebook.ipynb").write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    git(tmp_path, "init", "-q")
    return tmp_path


def pre_commit(project: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = _git_env()
    env["PRE_COMMIT_HOME"] = str(home)
    env.pop("PRE_COMMIT_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--color=never", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )


def test_all_files_fails_on_the_bad_file_only(project, pre_commit_home):
    git(project, "add", "-A")
    result = pre_commit(project, pre_commit_home, "--all-files")
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "ms-lint (MindSpore pitfalls)" in output and "Failed" in output
    assert "bad_model.py:8:8: W7300" in output
    assert "bad_notebook.ipynb:cell 1:8:8: W7300" in output  # types_or: [python, jupyter]
    assert "(cell-container-not-registered)" in output
    assert "good_model.py:" not in output
    assert "style.py:" not in output  # no pylint style checks


def test_staged_files_only(project, pre_commit_home):
    git(project, "add", "good_model.py", "style.py")
    result = pre_commit(project, pre_commit_home)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Passed" in result.stdout

    git(project, "add", "bad_model.py")
    result = pre_commit(project, pre_commit_home)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "bad_model.py:8:8: W7300" in result.stdout


def test_no_python_file_staged_exits_cleanly(project, pre_commit_home):
    git(project, "add", "README.md", ".pre-commit-config.yaml")
    result = pre_commit(project, pre_commit_home)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "(no files to check)Skipped" in result.stdout


def test_fix_hook_fixes_the_staged_file(tmp_path, hook_repo, pre_commit_home):
    path, commit = hook_repo
    (tmp_path / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {path}\n    rev: {commit}\n    hooks:\n      - id: ms-lint-fix\n"
        "        args: [--unsafe-fixes]\n",  # the container fix changes what is trained: unsafe
        encoding="utf-8",
    )
    (tmp_path / "bad_model.py").write_text(BAD, encoding="utf-8")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    result = pre_commit(tmp_path, pre_commit_home)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "files were modified by this hook" in result.stdout
    assert "bad_model.py:8: fixed (cell-container-not-registered, unsafe): self.layers: plain list -> nn.CellList" in result.stdout
    assert (tmp_path / "bad_model.py").read_text(encoding="utf-8") == GOOD

    git(tmp_path, "add", "-A")
    result = pre_commit(tmp_path, pre_commit_home)
    assert result.returncode == 0, result.stdout + result.stderr
