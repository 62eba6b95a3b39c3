"""The garbage collector leaves pylint's trees alone while ms_lint checks, and sees everything again after."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap

import astroid
from pylint.lint import PyLinter, Run

from ms_lint import collector
from ms_lint.semantics.names import module_trees


def test_what_is_alive_when_a_module_is_checked_is_out_of_the_collectors_sight_until_checking_ends():
    first, second = object(), object()  # stand for two modules
    try:
        collector.checking(first)
        frozen = gc.get_freeze_count()
        assert frozen > 0
        made_while_checking = [[] for _ in range(100)]
        collector.checking(first)  # every checker's visit of the module asks again: nothing moves
        assert gc.get_freeze_count() == frozen
        collector.checking(second)  # what checking the first module made stays alive: out of sight too
        assert gc.get_freeze_count() >= frozen + len(made_while_checking)
    finally:
        collector.checking_ends()
    assert gc.get_freeze_count() == 0
    collector.checking_ends()  # closing again changes nothing
    assert gc.get_freeze_count() == 0


def test_a_lint_leaves_nothing_frozen(tmp_path, monkeypatch):
    (tmp_path / "net.py").write_text(
        "from mindspore import nn\n\n\nclass Net(nn.Cell):\n    def forward(self, x):\n        return x\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    run = Run(["--persistent=n", "--load-plugins=ms_lint", "--disable=all", "--enable=mindspore", "net.py"], exit=False)
    assert run.linter.msg_status != 0  # the rules ran
    assert gc.get_freeze_count() == 0


def test_garbage_of_a_run_that_never_closed_is_still_finalized_at_exit(tmp_path):
    # pylint's reporters close their output files when the collector finalizes them at exit.
    marker = tmp_path / "finalized"
    script = textwrap.dedent(
        f"""
        from ms_lint import collector

        class Report:
            def __del__(self):
                open({str(marker)!r}, "w").close()

        report = Report()
        report.cycle = report
        collector.checking(object())
        del report
        """
    )
    subprocess.run([sys.executable, "-c", script], check=True)
    assert marker.exists()


def test_what_is_alive_when_astroid_has_built_a_tree_is_out_of_sight_until_checking_ends():
    module_trees.register()  # ms_lint's transform of every tree astroid builds, as a lint's open() does
    collector.watch_trees()
    try:
        made_before = [[] for _ in range(100)]
        astroid.parse("x = 1\n")
        assert gc.get_freeze_count() >= len(made_before)
    finally:
        collector.checking_ends()
    assert gc.get_freeze_count() == 0
    astroid.parse("x = 1\n")  # the run is over: trees built now are left to the collector
    assert gc.get_freeze_count() == 0


def test_a_lint_freezes_while_it_parses_and_leaves_nothing_frozen(tmp_path, monkeypatch):
    (tmp_path / "net.py").write_text("import os\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    frozen_while_parsing = []
    parse = PyLinter._get_asts

    def parse_and_look(self, *args, **kwargs):
        asts = parse(self, *args, **kwargs)
        frozen_while_parsing.append(gc.get_freeze_count())
        return asts

    monkeypatch.setattr(PyLinter, "_get_asts", parse_and_look)
    Run(["--persistent=n", "--load-plugins=ms_lint", "--disable=all", "--enable=mindspore", "net.py"], exit=False)
    assert frozen_while_parsing and frozen_while_parsing[0] > 0
    assert gc.get_freeze_count() == 0
