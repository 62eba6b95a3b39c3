"""Measure the runtime probe on a directory: wall time and peak memory, first run and cached run.

Run from anywhere::

    python -m ms_lint.tools.probe_bench DIR [--jobs N] [--probe-jobs N] [--rcfile FILE] [-- PYLINT_ARGS...]

It lints ``DIR`` three times, each in a fresh Python process started in ``DIR``:
ms_lint alone (the static baseline), then with the probe and an empty cache (first
run), then again with that cache (cached run). For each it prints the wall time, the peak resident
memory of pylint's process and of the largest MindSpore child, and the probe's
verdicts. The cache is a temporary directory, removed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional

SUFFIX = re.compile(r" \[probe (confirmed|not reproduced|unconfirmable): ")
STATUSES = ("confirmed", "not reproduced", "unconfirmable")


def _megabytes(kilobytes: int) -> float:
    return kilobytes / 1024.0  # ru_maxrss is in KiB on Linux


def measure(pylint_args: List[str]) -> Dict:
    """Lint in this process; report time, memory and verdicts (run in a fresh process by :func:`main`)."""
    from pylint.lint import Run  # pylint: disable=import-outside-toplevel
    from pylint.reporters import CollectingReporter  # pylint: disable=import-outside-toplevel

    reporter = CollectingReporter()
    started = time.perf_counter()
    Run(pylint_args, reporter=reporter, exit=False)
    if "ms_lint.probe.backend" in sys.modules:  # reap the MindSpore children so their memory is counted
        sys.modules["ms_lint.probe.backend"]._close_all()  # pylint: disable=protected-access
    elapsed = time.perf_counter() - started
    counts = {status: 0 for status in STATUSES}
    findings = 0
    problems = [f"{message.path}:{message.line}: {message.msg}" for message in reporter.messages if message.msg_id[0] == "F"]
    for message in reporter.messages:
        if message.symbol == "mindspore-probe-notice" or message.msg_id[1:3] != "73":
            continue
        findings += 1
        match = SUFFIX.search(message.msg)
        if match:
            counts[match.group(1)] += 1
    return {
        "seconds": elapsed,
        "pylint_mb": _megabytes(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss),
        "children_mb": _megabytes(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss),
        "findings": findings,
        "notices": [message.msg for message in reporter.messages if message.symbol == "mindspore-probe-notice"],
        "counts": counts,
        "problems": problems,
    }


def _run(pylint_args: List[str], cwd: str) -> Dict:
    command = [sys.executable, "-m", "ms_lint.tools.probe_bench", "--measure", "--", *pylint_args]
    started = time.perf_counter()
    # From the project's directory, as its users lint it.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [_package_parent(), os.environ.get("PYTHONPATH")])))
    result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=cwd, env=env)
    if result.returncode != 0 or not result.stdout.strip():
        raise SystemExit(f"pylint failed:\n{result.stderr[-3000:]}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    report["process_seconds"] = time.perf_counter() - started  # with Python's and pylint's start-up
    return report


def _package_parent() -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _row(name: str, report: Dict, probed: bool) -> str:
    children = f"{report['children_mb']:8.0f} MB" if probed and report["children_mb"] > 1 else "           -"
    counts = report["counts"]
    verdicts = f"{counts['confirmed']:9d} {counts['not reproduced']:14d} {counts['unconfirmable']:13d}" if probed else ""
    return (
        f"{name:<16} {report['process_seconds']:7.1f} s {report['pylint_mb']:8.0f} MB {children} "
        f"{report['findings']:8d} {verdicts}"
    )


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--measure":
        print(json.dumps(measure(argv[2:] if argv[1:2] == ["--"] else argv[1:])))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--jobs", type=int, default=1, help="pylint -j (default 1)")
    parser.add_argument("--probe-jobs", type=int, default=2, help="MindSpore processes at once (default 2)")
    parser.add_argument("--rcfile", default=None, help="pylint configuration (default: an empty one)")
    parser.add_argument("pylint_args", nargs="*", help="more pylint arguments, after --")
    options = parser.parse_args(argv)
    directory = os.path.abspath(options.directory)
    cache = tempfile.mkdtemp(prefix="ms_lint_probe_bench_")
    empty_rc = os.path.join(cache, "empty.rc")
    with open(empty_rc, "w", encoding="utf-8") as stream:
        stream.write("[MAIN]\n")
    common = [
        f"--rcfile={options.rcfile or empty_rc}", "--disable=all", "--enable=mindspore", "--score=n",
        "--persistent=n", "--recursive=y", f"-j{options.jobs}", *options.pylint_args, directory,
    ]
    probe = ["--load-plugins=ms_lint,ms_lint.probe", f"--probe-cache-dir={cache}/verdicts", f"--probe-jobs={options.probe_jobs}"]
    files = sum(1 for _, _, names in os.walk(directory) for name in names if name.endswith(".py"))
    try:
        static = _run(["--load-plugins=ms_lint", *common], directory)
        first = _run([*probe, *common], directory)
        cached = _run([*probe, *common], directory)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    print(f"ms_lint runtime probe on {directory} ({files} Python files, pylint -j{options.jobs}, probe-jobs {options.probe_jobs})")
    print(f"{'run':<16} {'wall':>9} {'pylint peak':>11} {'MindSpore peak':>14} {'findings':>8} {'confirmed':>9} {'not reproduced':>14} {'unconfirmable':>13}")
    print(_row("static only", static, probed=False))
    print(_row("probe, first", first, probed=True))
    print(_row("probe, cached", cached, probed=True))
    for notice in dict.fromkeys(first["notices"] + cached["notices"]):
        print(f"note: {notice}")
    for problem in static["problems"][:5]:
        print(f"pylint could not read: {problem}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
