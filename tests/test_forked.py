"""Work spread over forked workers (``semantics.program.forked``)."""

import os
import sys
import threading

import pytest

from ms_lint.semantics.program import forked

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")


def _pid_and_square(number):
    return os.getpid(), number * number


def _fails_on_seven(number):
    if number == 7:
        raise ValueError(number)
    return number


@pytest.fixture
def two_cores(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})


def test_the_answers_are_those_of_a_loop_in_this_process_worked_out_by_workers(two_cores):
    items = list(range(3 * forked.PER_WORKER))
    found = forked.map_in_workers(_pid_and_square, items)
    assert [square for _, square in found] == [number * number for number in items]
    assert os.getpid() not in {pid for pid, _ in found}


def test_too_few_items_for_two_workers_are_left_to_the_caller(two_cores):
    assert forked.worker_count(2 * forked.PER_WORKER - 1) == 1
    assert forked.map_in_workers(_pid_and_square, list(range(2 * forked.PER_WORKER - 1))) is None


def test_one_core_is_left_to_the_caller(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert forked.map_in_workers(_pid_and_square, list(range(4 * forked.PER_WORKER))) is None


def test_a_process_running_another_thread_does_not_fork(two_cores):
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert forked.worker_count(4 * forked.PER_WORKER) == 1
        assert forked.map_in_workers(_pid_and_square, list(range(4 * forked.PER_WORKER))) is None
    finally:
        release.set()
        other.join()
    assert forked.worker_count(4 * forked.PER_WORKER) == 2


def test_a_failing_worker_leaves_the_work_to_the_caller(two_cores):
    assert forked.map_in_workers(_fails_on_seven, list(range(4 * forked.PER_WORKER))) is None
