"""The speed comparison's decision, from made-up timings: no clock is read, so no machine can change the outcome."""

import pytest

from ms_lint.probe import speed
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, UNCONFIRMABLE

SUBJECT, REFERENCE = "map(normalize)", "the numpy version normalize_np in PYNATIVE_MODE"


def timings(ratios, load=0.5, cores=2, reference=0.001):
    """Timings whose pairs have the given ratios (seconds per sample)."""
    return speed.Timings(
        flagged=tuple(ratio * reference for ratio in ratios), reference=(reference,) * len(ratios), load=load, cores=cores
    )


def decide(ratios, **machine):
    return speed.decide(timings(ratios, **machine), SUBJECT, REFERENCE)


@pytest.mark.parametrize(
    "ratios, status",
    [
        ([7.9, 13.1, 5.5, 4.5, 6.8], CONFIRMED),
        ([2.0, 2.0, 2.0, 2.0, 2.0], CONFIRMED),  # the threshold itself confirms
        ([1.1, 0.9, 1.3, 1.0, 1.2], NOT_REPRODUCED),
        ([1.9, 1.9, 1.9, 1.9, 1.9], NOT_REPRODUCED),
        ([7.9, 13.1, 1.2, 4.5, 6.8], CONFIRMED),  # one stalled numpy run is outvoted
        ([1.1, 0.9, 9.0, 1.0, 1.2], NOT_REPRODUCED),  # one stalled MindSpore run too
    ],
)
def test_agreeing_repeats_on_a_quiet_machine_decide_and_are_kept(ratios, status):
    verdict = decide(ratios)
    assert verdict.status == status
    assert verdict.repeatable


@pytest.mark.parametrize("ratios", [[1.6, 12.8, 1.5, 9.0, 7.7], [1.6, 1.4, 12.8, 9.0, 1.2], [1.9, 2.1, 1.9, 2.1, 2.0]])
def test_repeats_on_both_sides_of_the_threshold_are_too_noisy_and_not_kept(ratios):
    verdict = decide(ratios)
    assert verdict.status == UNCONFIRMABLE and not verdict.repeatable
    assert verdict.evidence.startswith("timings too noisy (2 of 5 runs ")


@pytest.mark.parametrize("ratios", [[1.2, 1.4, 1.6, 1.3, 1.5], [7.9, 13.1, 5.5, 4.5, 6.8]])
def test_a_busy_machine_gives_no_verdict_either_way(ratios):
    verdict = decide(ratios, load=3.1, cores=2)
    assert verdict.status == UNCONFIRMABLE and not verdict.repeatable
    assert verdict.evidence.startswith("timings too noisy (load 3.1 on 2 cores), measured again next run: map(normalize) took ")


def test_load_up_to_the_cores_or_unknown_is_quiet():
    assert decide([5.0] * 5, load=2.0, cores=2).repeatable
    assert decide([5.0] * 5, load=None).status == CONFIRMED


def test_evidence_names_both_versions_the_median_and_the_range_of_the_repeats():
    verdict = decide([7.9, 13.1, 5.5, 4.5, 6.8], reference=0.0005)
    assert verdict.evidence == (
        "map(normalize) took 3.40 ms per sample, 6.8x the numpy version normalize_np in PYNATIVE_MODE "
        "(median of 5 interleaved runs, 4.5x to 13.1x)"
    )
    noisy = decide([1.6, 12.8, 1.5, 9.0, 7.7], load=2.5)
    assert noisy.evidence.startswith("timings too noisy (2 of 5 runs below 2x; load 2.5 on 2 cores), measured again next run: ")


def test_a_reference_too_fast_to_time_counts_as_infinitely_faster():
    assert speed.Timings(flagged=(0.001,), reference=(0.0,)).ratios == [float("inf")]


def test_measure_interleaves_the_versions_and_keeps_the_highest_load_seen():
    order, loads = [], iter([0.4, 1.7])

    def run(name, seconds):
        def timed():
            order.append(name)
            return seconds

        return timed

    measured = speed.measure(run("flagged", 0.004), run("numpy", 0.001), repeats=3, load=lambda: next(loads), count_cores=lambda: 4)
    assert order == ["flagged", "numpy"] * 3
    assert measured == speed.Timings(flagged=(0.004,) * 3, reference=(0.001,) * 3, load=1.7, cores=4)
    assert speed.measure(run("a", 1.0), run("b", 1.0), repeats=1, load=lambda: None).load is None


def test_the_machine_s_load_and_cores_are_read_where_the_system_gives_them():
    assert speed.cores() >= 1
    assert speed.load_average() is None or speed.load_average() >= 0
