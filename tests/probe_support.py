"""Helpers shared by the probe's tests."""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path
from typing import Dict, List, Optional

import pytest
from pylint.interfaces import HIGH, INFERENCE

from ms_lint.checkers.base import Finding
from ms_lint.probe.verdict import Outcome, Task

FIXTURES = Path(__file__).resolve().parent / "probe_fixtures"


def finding(path, module, line=1, symbol="scripted", args=("confirm",), cell=None, confidence=INFERENCE) -> Finding:
    return Finding(
        symbol=symbol,
        msgid="W7398",
        module=module,
        path=str(path),
        line=line,
        col=0,
        end_line=line,
        end_col=1,
        args=args,
        confidence=confidence,
        cell=cell,
    )


def copy_project(tmp_path: Path) -> Path:
    target = tmp_path / "project"
    shutil.copytree(FIXTURES / "project", target)
    return target


class FakeBackend:
    """Answers every task from a table of outcomes by the task's ``do`` order; records what it ran."""

    def __init__(self, answers: Optional[Dict[str, List[Outcome]]] = None, failure: Optional[str] = None):
        self.answers = answers or {}
        self.failure = failure
        self.mindspore_version = "0.0"
        self.groups: List[List[Task]] = []

    def run(self, groups):
        self.groups.extend(list(group) for group in groups)
        if self.failure:
            return {}
        return {task.key(): self.answers[task.payload.get("do", "")] for group in groups for task in group}


def with_fixtures_on_path(monkeypatch):
    """Child processes and this process both find ``fake_experiments``."""
    monkeypatch.syspath_prepend(str(FIXTURES))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(FIXTURES), os.environ.get("PYTHONPATH", "")])))


requires_mindspore = pytest.mark.skipif(
    importlib.util.find_spec("mindspore") is None, reason="MindSpore is not installed (pip install -e '.[probe]')"
)
HIGH_NAME = HIGH.name
