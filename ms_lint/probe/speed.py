"""Whether flagged code is slower than a reference version, from repeated, interleaved timings.

One run of a small pipeline takes milliseconds, and another process on the machine can
stretch any of them several times over. So :func:`measure` times the two versions in turns
(flagged, reference, flagged, ...), and :func:`decide` takes the median of the pairs'
ratios, giving a verdict only when the pairs agree with it and the machine was not busy.
Otherwise the verdict is "unconfirmable: timings too noisy", marked as not repeatable so
the cache never keeps it and the next run measures again. :func:`decide` is a pure function
of the numbers (tested with made-up timings); only :func:`measure` reads a clock's results.
"""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.verdict import Verdict, confirmed, not_reproduced, unconfirmable

SLOWER = 2.0  # a median ratio to the reference at or above this confirms
REPEATS = 5  # interleaved pairs of runs
OUTLIERS = 1  # pairs allowed on the other side of SLOWER than the median: a one-off stall
MEASURED = Text(
    "%s took %s ms per sample, %sx %s (median of %s interleaved runs, %sx to %sx)",
    "%s 每个样本耗时 %s ms，是 %s 倍（相对于%s；%s 次交错运行的中位数，%s 倍到 %s 倍）",
)
BELOW = Text("%s of %s runs below %sx", "%s/%s 次运行低于 %s 倍")
AT_OR_ABOVE = Text("%s of %s runs at or above %sx", "%s/%s 次运行达到或超过 %s 倍")
LOAD = Text("load %s on %s cores", "负载 %s（%s 个核心）")
NOISY = Text("timings too noisy (%s), measured again next run: %s", "计时噪声过大（%s），下次运行重新测量：%s")


@dataclass(frozen=True)
class Timings:
    """Seconds per sample of each run of both versions, pair by pair, and how busy the machine was."""

    flagged: Tuple[float, ...]
    reference: Tuple[float, ...]
    load: Optional[float] = None  # highest 1-minute load average around the runs; None where the system has none
    cores: int = 1

    @property
    def ratios(self) -> List[float]:
        return [flagged / reference if reference > 0 else float("inf") for flagged, reference in zip(self.flagged, self.reference)]

    @property
    def busy(self) -> bool:
        """More runnable work than cores: other processes took turns with the runs."""
        return self.load is not None and self.load > self.cores


def load_average() -> Optional[float]:
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):  # not on Windows
        return None


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def measure(
    flagged: Callable[[], float],
    reference: Callable[[], float],
    repeats: int = REPEATS,
    load: Callable[[], Optional[float]] = load_average,
    count_cores: Callable[[], int] = cores,
) -> Timings:
    """Run both versions in turns, ``repeats`` times each; each call returns its seconds per sample."""
    before = load()
    pairs = [(flagged(), reference()) for _ in range(repeats)]
    after = load()
    loads = [value for value in (before, after) if value is not None]
    return Timings(
        flagged=tuple(pair[0] for pair in pairs),
        reference=tuple(pair[1] for pair in pairs),
        load=max(loads) if loads else None,
        cores=count_cores(),
    )


def decide(timings: Timings, subject: str, reference: str) -> Verdict:
    """The verdict on "``subject`` is slower than ``reference``" that the timings support.

    ``subject`` names what was timed ("map(normalize)"), ``reference`` what it was timed
    against ("the numpy version normalize_np in PYNATIVE_MODE").
    """
    ratios = timings.ratios
    ratio = statistics.median(ratios)
    slower = ratio >= SLOWER
    disagreeing = sum(1 for each in ratios if (each >= SLOWER) != slower)
    measured = MEASURED % (
        subject, f"{statistics.median(timings.flagged) * 1000:.2f}", f"{ratio:.1f}", reference,
        len(ratios), f"{min(ratios):.1f}", f"{max(ratios):.1f}",
    )
    noise = []
    if disagreeing > OUTLIERS:
        noise.append((BELOW if slower else AT_OR_ABOVE) % (disagreeing, len(ratios), f"{SLOWER:g}"))
    if timings.busy:
        noise.append(LOAD % (f"{timings.load:.1f}", timings.cores))
    if noise:
        return unconfirmable(NOISY % (language.join("; ", noise), measured), repeatable=False)
    return confirmed(measured) if slower else not_reproduced(measured)
