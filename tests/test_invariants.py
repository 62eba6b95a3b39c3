"""The static plugin never needs MindSpore: same findings with it blocked, installed, or absent."""

import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

from lint import REPO
from probe_support import requires_mindspore

TARGETS = sorted(str(path) for folder in ("rules", "tests/functional") for path in (REPO / folder).rglob("*.py"))
PYLINT_ARGS = [
    "--rcfile", str(REPO / "tests" / "empty.rc"), "--load-plugins=ms_lint",
    "--disable=all", "--enable=mindspore", "--output-format=json2", "--persistent=n",
]

BLOCKER = textwrap.dedent(
    """
    import sys
    class BlockMindSpore:
        def find_spec(self, name, path=None, target=None):
            if name == "mindspore" or name.startswith("mindspore."):
                raise ImportError("mindspore is blocked")
            return None
    sys.meta_path.insert(0, BlockMindSpore())
    from pylint.lint import Run
    try:
        Run(sys.argv[1:], exit=False)
    finally:
        loaded = sorted(name for name in sys.modules if name.split(".")[0] == "mindspore")
        sys.stderr.write("MINDSPORE-MODULES-LOADED %r\\n" % loaded)
    """
)


def findings(stdout):
    return sorted(
        (m["path"], m["line"], m["column"], m["endLine"], m["endColumn"], m["symbol"], m["message"], m["confidence"])
        for m in json.loads(stdout)["messages"]
    )


def run(command, env=None):
    result = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, check=False)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def test_static_rules_run_with_mindspore_import_blocked():
    normal = run([sys.executable, "-m", "pylint", *PYLINT_ARGS, *TARGETS])
    blocked = run([sys.executable, "-c", BLOCKER, *PYLINT_ARGS, *TARGETS])
    # astroid may look MindSpore up to read its sources; nothing may import (execute) it.
    assert "MINDSPORE-MODULES-LOADED []" in blocked.stderr
    assert findings(blocked.stdout) == findings(normal.stdout)
    assert findings(normal.stdout), "the examples must produce findings"


def site_without_mindspore(tmp_path):
    """A copy of this environment's site-packages (as symlinks) with MindSpore left out."""
    site = Path(sysconfig.get_paths()["purelib"])
    shadow = tmp_path / "site"
    shadow.mkdir()
    for entry in site.iterdir():
        if entry.name.lower().startswith("mindspore"):
            continue
        (shadow / entry.name).symlink_to(entry)
    return shadow


@pytest.mark.skipif(importlib.util.find_spec("mindspore") is None, reason="needs MindSpore installed (the probe extra)")
def test_findings_are_identical_with_and_without_mindspore_installed(tmp_path):
    with_mindspore = run([sys.executable, "-m", "pylint", *PYLINT_ARGS, *TARGETS])
    shadow = site_without_mindspore(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(shadow)]))
    check = run([sys.executable, "-S", "-c", "import importlib.util as u; print(u.find_spec('mindspore'))"], env=env)
    assert check.stdout.strip() == "None"
    without = run([sys.executable, "-S", "-m", "pylint", *PYLINT_ARGS, *TARGETS], env=env)
    assert findings(without.stdout) == findings(with_mindspore.stdout)


def test_parallel_runs_give_exactly_the_sequential_findings():
    """No finding lost or repeated with -j 2 (pylint < 4 reloads plugins in its workers)."""
    sequential = run([sys.executable, "-m", "pylint", "-j1", *PYLINT_ARGS, *TARGETS])
    parallel = run([sys.executable, "-m", "pylint", "-j2", *PYLINT_ARGS, *TARGETS])
    assert findings(parallel.stdout) == findings(sequential.stdout)


def test_findings_are_identical_with_the_brain_on_and_off():
    """The brain feeds pylint's own checks; ms_lint's rules read the catalog by name either way."""
    on = run([sys.executable, "-m", "pylint", *PYLINT_ARGS, *TARGETS])
    off = run([sys.executable, "-m", "pylint", *PYLINT_ARGS, "--mindspore-brain=n", *TARGETS])
    assert findings(off.stdout) == findings(on.stdout)


@requires_mindspore
def test_full_pylint_sees_the_same_mindspore_with_and_without_it_installed(tmp_path):
    """With the brain, all of pylint's checks give the same findings whether MindSpore is installed or not."""
    # duplicate-code is left out: the order it names two similar files in varies from run to run.
    args = ["--rcfile", str(REPO / "tests" / "empty.rc"), "--load-plugins=ms_lint", "--output-format=json2", "--disable=duplicate-code",
            "--persistent=n", str(REPO / "tests" / "brain_forms.py"), *TARGETS[:40]]
    with_mindspore = run([sys.executable, "-m", "pylint", *args])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(site_without_mindspore(tmp_path))]))
    without = run([sys.executable, "-S", "-m", "pylint", *args], env=env)
    assert findings(without.stdout) == findings(with_mindspore.stdout)
