"""Run pylint with ms_lint in-process and read the expectations written in example files."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Set, Tuple

from pylint.lint import Run
from pylint.message import Message
from pylint.reporters import CollectingReporter

REPO = Path(__file__).resolve().parent.parent
RULES = REPO / "rules"
EMPTY_RC = Path(__file__).resolve().parent / "empty.rc"
ANNOTATION = re.compile(r"#\s*\[([a-z0-9, -]+)\]")


def run_pylint(paths: Iterable[Path], *args: str, rcfile: Optional[Path] = None) -> List[Message]:
    """Messages from pylint with only ms_lint's checks enabled."""
    reporter = CollectingReporter()
    Run(
        [
            f"--rcfile={rcfile or EMPTY_RC}",
            "--load-plugins=ms_lint",
            "--disable=all",
            "--enable=mindspore",
            "--persistent=n",
            "--score=n",
            *args,
            *(str(path) for path in paths),
        ],
        reporter=reporter,
        exit=False,
    )
    return reporter.messages


def run_pylint_json(
    paths: Iterable[Path], *args: str, rcfile: Optional[Path] = None, cwd: Optional[Path] = None, enable: str = "mindspore"
) -> List[dict]:
    """Messages (json2 dicts) from pylint run in a subprocess, e.g. with ``--jobs=2``."""
    command = [
        sys.executable, "-m", "pylint", f"--rcfile={rcfile or EMPTY_RC}", "--load-plugins=ms_lint",
        "--disable=all", f"--enable={enable}", "--persistent=n", "--output-format=json2",
        *args, *(str(path) for path in paths),
    ]
    result = subprocess.run(command, cwd=cwd or REPO, capture_output=True, text=True, check=False)
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)["messages"]


def write_project(root: Path, files: Dict[str, str]) -> Path:
    """Write ``{relative path: source}`` under ``root`` (sources dedented); return ``root``."""
    for name, code in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(code))
    return root


def project_findings(project_dir: Path, rules: str, jobs: int, *paths: str) -> List[Tuple[str, int, str, str]]:
    """(path, line, symbol, confidence) of ``rules`` on ``paths`` of a project, linted in a subprocess."""
    messages = run_pylint_json(paths, f"-j{jobs}", cwd=project_dir, enable=rules)
    return sorted((m["path"], m["line"], m["symbol"], m["confidence"]) for m in messages)


def findings_file_by_file(project_dir: Path, rules: str) -> List[Tuple[str, int, str, str]]:
    """The findings of every Python file of a project linted alone, as an editor or a pre-commit
    hook lints it: each must get what a run over the whole project gives it."""
    found = []
    for path in sorted(project_dir.rglob("*.py")):
        found += project_findings(project_dir, rules, 1, str(path.relative_to(project_dir)))
    return sorted(found)


def annotated(path: Path) -> Set[Tuple[int, str]]:
    """(line, symbol) pairs written as ``# [symbol]`` at the end of a line."""
    expected = set()
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = ANNOTATION.search(text)
        if match:
            expected |= {(number, symbol.strip()) for symbol in match.group(1).split(",")}
    return expected


def found(messages: Iterable[Message]) -> Set[Tuple[int, str]]:
    return {(message.line, message.symbol) for message in messages}


def rule_dirs() -> List[Path]:
    return sorted(path for path in RULES.iterdir() if path.is_dir())


def rule_rcfile(rule_dir: Path) -> Optional[Path]:
    rcfile = rule_dir / "pylintrc"
    return rcfile if rcfile.exists() else None
