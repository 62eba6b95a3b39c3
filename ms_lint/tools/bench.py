"""Measure what ms_lint adds to pylint's own time on a directory of code.

    python -m ms_lint.tools.bench DIR [--repeat 5] [--jobs 1]

It times, in fresh processes, pylint parsing DIR with no checks (the baseline) and
pylint running only ms_lint's checks, one after the other ``--repeat`` times, and prints both
(medians), their ratio (the median of each pair's ratio: the machine's speed drifts between
runs made minutes apart) and peak memory.
When MindSpore is installed it repeats both with MindSpore hidden from the
interpreter, to show the plugin costs the same whether MindSpore is there or not.

ms_lint's own modules are byte-compiled first, as ``pip install`` does: a checkout run
with PYTHONDONTWRITEBYTECODE set would otherwise compile them in every measured run.

The baseline is ``pylint --disable=all --enable=syntax-error``: with every message
disabled, pylint exits before parsing anything, so one message stays on to make it
build every module's AST.

ms_lint keeps the garbage collector off what is already alive while pylint parses and it checks
(:mod:`ms_lint.collector`), which makes pylint's own parse cheaper. So a third run parses with that
collector alone (``--load-plugins=ms_lint.collector``), and a second ratio compares ms_lint's run
with it: what ms_lint's checks cost, the collector's saving left out (that run also loads ms_lint's
package, about 0.05 s, so the second ratio leaves that out too).

``--full`` also times all of pylint's checks, as editors and CI run them: plain pylint
and pylint with ms_lint (whose brain serves MindSpore from the catalog's stubs), with
MindSpore hidden and, when it is installed, with MindSpore installed. MindSpore is
hidden by running the same interpreter with ``-S`` and a PYTHONPATH holding ms_lint
and a copy of site-packages made of symlinks, MindSpore's entries left out.

``--instructions`` counts instead the instructions each run executes, under valgrind's
cachegrind without cache simulation (``apt-get install valgrind``; runs are 10-20 times
slower), with a fixed hash seed, and again with MindSpore hidden when it is installed: the
count of a run is the same every time, so two versions of ms_lint compare exactly on a machine
whose speed drifts. Instructions are not time: their ratio
runs higher than the time ratio on the same code (ms_lint's code runs more instructions per
second than the parse), so it compares versions of ms_lint, not the budget.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

RUNNER = (
    "import resource, sys\n"
    "from pylint.lint import Run\n"
    "Run(sys.argv[1:], exit=False)\n"
    "sys.stderr.write('MAXRSS %d\\n' % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
)
COMMON = ["--persistent=n", "--score=n", "--reports=n", "--disable=all"]
BASELINE = ["--enable=syntax-error"]
COLLECTOR_ONLY = ["--load-plugins=ms_lint.collector", "--enable=syntax-error"]
MS_LINT = ["--load-plugins=ms_lint", "--enable=mindspore"]
FULL = ["--persistent=n", "--score=n", "--reports=n"]
VALGRIND = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
INSTRUCTION_COUNT = re.compile(r"I\s+refs:\s+([\d,]+)")


def empty_rcfile(directory: Path) -> Path:
    rcfile = directory / "empty.rc"
    rcfile.write_text("[MAIN]\n", encoding="utf-8")
    return rcfile


def _site_without_mindspore(directory: Path) -> Path:
    """Symlinks to this environment's site-packages, MindSpore left out."""
    site = Path(sysconfig.get_paths()["purelib"])
    shadow = directory / "site-without-mindspore"
    shadow.mkdir()
    for entry in site.iterdir():
        if not entry.name.lower().startswith("mindspore"):
            (shadow / entry.name).symlink_to(entry)
    return shadow


def _run_pylint(command: Sequence[str], env: Optional[dict], cwd: Optional[Path] = None) -> str:
    """Run a pylint process; its standard error, or a plain stop if pylint failed."""
    result = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    if "Traceback" in result.stderr:
        raise SystemExit(f"pylint failed:\n{result.stderr}")
    return result.stderr


def _time_once(command: Sequence[str], env: Optional[dict], cwd: Optional[Path] = None) -> Tuple[float, int]:
    start = time.perf_counter()
    stderr = _run_pylint(command, env, cwd)
    elapsed = time.perf_counter() - start
    maxrss = next((int(line.split()[1]) for line in stderr.splitlines() if line.startswith("MAXRSS")), 0)
    return elapsed, maxrss


def python_files(paths: Sequence[str]) -> List[str]:
    """The Python files under ``paths``: pylint lints a directory only when it is a package."""
    files = []
    for path in map(Path, paths):
        if path.is_dir():
            files.extend(sorted(str(found.resolve()) for found in path.rglob("*.py")
                                if not any(part.startswith(".") for part in found.relative_to(path).parts)))
        else:
            files.append(str(path.resolve()))
    return files


def byte_compile_ms_lint() -> None:
    package = Path(__file__).resolve().parent.parent
    compileall.compile_dir(str(package), quiet=2)


Round = Tuple[Tuple[float, int], ...]  # wall time (s) and peak RSS (KiB) of each command of a round


def measure(
    args: List[str], repeat: int, env: Optional[dict], python_flags: Sequence[str] = (), cwd: Optional[Path] = None
) -> Tuple[float, int]:
    """Median wall time (s) and peak RSS (KiB) of ``repeat`` fresh pylint processes (run in ``cwd``)."""
    command = [sys.executable, *python_flags, "-c", RUNNER, *args]
    runs = [_time_once(command, env, cwd) for _ in range(repeat)]
    return statistics.median(run[0] for run in runs), max(run[1] for run in runs)


def in_turn(
    commands: Sequence[List[str]],
    repeat: int,
    env: Optional[dict],
    python_flags: Sequence[str] = (),
    cwd: Optional[Path] = None,
) -> List[Round]:
    """``repeat`` rounds of the pylint ``commands``, one after the other: the machine's speed drifts,
    and each ratio compares runs made side by side."""
    return [tuple(measure(args, 1, env, python_flags, cwd) for args in commands) for _ in range(repeat)]


def median_run(rounds: Sequence[Round], index: int) -> Tuple[float, int]:
    """Median wall time and highest peak RSS of the ``index``-th command over the rounds."""
    return statistics.median(each[index][0] for each in rounds), max(each[index][1] for each in rounds)


def median_ratio(rounds: Sequence[Round], numerator: int, denominator: int) -> float:
    """Median over the rounds of the time ratio of two of their commands."""
    return statistics.median(
        each[numerator][0] / each[denominator][0] for each in rounds if each[denominator][0]
    )


def instructions_in(valgrind_output: str) -> int:
    """The instructions of a run, from valgrind's summaries: one per process (ms_lint may fork)."""
    return sum(int(found.replace(",", "")) for found in INSTRUCTION_COUNT.findall(valgrind_output))


def count_instructions(args: List[str], env: Optional[dict] = None, python_flags: Sequence[str] = ()) -> int:
    """The instructions one pylint process executes (its forked children included)."""
    command = [*VALGRIND, sys.executable, *python_flags, "-c", RUNNER, *args]
    stderr = _run_pylint(command, dict(env or os.environ, PYTHONHASHSEED="0"))
    count = instructions_in(stderr)
    if not count:
        raise SystemExit(f"valgrind counted nothing:\n{stderr}")
    return count


def report_instructions(label: str, baseline: int, collector: int, candidate: int) -> None:
    print(f"{label}")
    print(f"  pylint, parse only:                    {baseline / 1e9:8.3f} G instructions")
    print(f"  pylint, parse, ms_lint's collector:    {collector / 1e9:8.3f} G instructions")
    print(f"  pylint + ms_lint checks:               {candidate / 1e9:8.3f} G instructions")
    print(f"  ratio: {candidate / baseline:.4f}; to the parse with the same collector: "
          f"{candidate / collector:.4f} (instructions, not time)")


def report(label: str, rounds: Sequence[Round]) -> None:
    """Print the rounds of the baseline, the parse with the collector alone and ms_lint's checks."""
    print(f"{label}")
    for index, name in enumerate(
        ("pylint, parse only:", "pylint, parse, ms_lint's collector:", "pylint + ms_lint checks:")
    ):
        seconds, kib = median_run(rounds, index)
        print(f"  {name:<37} {seconds:7.2f} s   {kib / 1024:7.0f} MiB")
    ratio = median_ratio(rounds, 2, 0)
    print(f"  ratio: {ratio:.3f} (ms_lint adds {100 * (ratio - 1):+.1f}%; median of paired runs)")
    print(f"  ratio to the parse with the same collector: {median_ratio(rounds, 2, 1):.3f} (what ms_lint's checks cost)")


def hidden_env(scratch_dir: Path) -> dict:
    """The environment (with ``-S``) of an interpreter that cannot import MindSpore."""
    package_root = str(Path(__file__).resolve().parent.parent.parent)
    shadow = _site_without_mindspore(scratch_dir)
    return dict(os.environ, PYTHONPATH=os.pathsep.join([package_root, str(shadow)]))


def report_full(plain: Tuple[float, int], hidden: Tuple[float, int], installed: Optional[Tuple[float, int]]) -> None:
    print("full pylint (all of pylint's checks)")
    print(f"  plain pylint, MindSpore hidden:         {plain[0]:7.2f} s   {plain[1] / 1024:7.0f} MiB")
    print(f"  pylint + ms_lint, MindSpore hidden:     {hidden[0]:7.2f} s   {hidden[1] / 1024:7.0f} MiB")
    print(f"  ratio to plain pylint: {hidden[0] / plain[0]:.3f}")
    if installed is None:
        print("  MindSpore is not installed here: run again where it is to compare")
        return
    print(f"  pylint + ms_lint, MindSpore installed:  {installed[0]:7.2f} s   {installed[1] / 1024:7.0f} MiB")
    print(f"  ratio installed / hidden: {installed[0] / hidden[0]:.3f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="directories or files to lint")
    parser.add_argument("--repeat", type=int, default=5, help="paired runs (medians are reported)")
    parser.add_argument("--jobs", type=int, default=1, help="pylint --jobs")
    parser.add_argument("--full", action="store_true", help="also time all of pylint's checks, with and without ms_lint")
    parser.add_argument("--instructions", action="store_true", help="count instructions under valgrind instead of timing")
    options = parser.parse_args(argv)
    if options.instructions and shutil.which("valgrind") is None:
        print("--instructions counts with valgrind, which is not installed here (apt-get install valgrind)")
        return 2
    with tempfile.TemporaryDirectory(prefix="ms_lint_bench_") as scratch:
        scratch_dir = Path(scratch)
        rcfile = empty_rcfile(scratch_dir)
        common = [f"--rcfile={rcfile}", f"--jobs={options.jobs}", *COMMON]
        files = python_files(options.paths)
        byte_compile_ms_lint()
        runs = "one run each" if options.instructions else f"median of {options.repeat} run(s)"
        print(f"python {sys.version.split()[0]}, {len(files)} file(s), {runs}, jobs={options.jobs}")
        installed = importlib.util.find_spec("mindspore") is not None
        label = "MindSpore installed" if installed else "MindSpore not installed"
        three = [[*common, *BASELINE, *files], [*common, *COLLECTOR_ONLY, *files], [*common, *MS_LINT, *files]]
        hidden_label = "MindSpore hidden (same environment, MindSpore left out of site-packages)"
        if options.instructions:
            report_instructions(label, *(count_instructions(args) for args in three))
            if installed:
                env = hidden_env(scratch_dir)
                report_instructions(hidden_label, *(count_instructions(args, env, ["-S"]) for args in three))
            return 0
        report(label, in_turn(three, options.repeat, None))
        env = hidden_env(scratch_dir)
        if installed:
            report(hidden_label, in_turn(three, options.repeat, env, ["-S"]))
        if options.full:
            full = [f"--rcfile={rcfile}", f"--jobs={options.jobs}", *FULL]
            report_full(
                measure([*full, *files], options.repeat, env, ["-S"]),
                measure([*full, "--load-plugins=ms_lint", *files], options.repeat, env, ["-S"]),
                measure([*full, "--load-plugins=ms_lint", *files], options.repeat, None) if installed else None,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
