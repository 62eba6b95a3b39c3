"""The probe's child processes, without MindSpore: timeouts, crashes, import errors, isolation.

The experiments here (``probe_fixtures/fake_experiments.py``) misbehave on request.
The backend runs them in real child processes started with ``--no-mindspore``.
"""

import os
import sys

import pytest

from ms_lint.probe.backend import ProcessBackend
from ms_lint.probe.verdict import CONFIRMED, UNCONFIRMABLE, Task

from probe_support import copy_project, with_fixtures_on_path

EXPERIMENT = "fake_experiments:Scripted"


@pytest.fixture(name="project")
def fixture_project(tmp_path, monkeypatch):
    with_fixtures_on_path(monkeypatch)
    return copy_project(tmp_path)


@pytest.fixture(name="backend")
def fixture_backend(project):  # pylint: disable=unused-argument
    backend = ProcessBackend(jobs=1, timeout=5, mindspore=False)
    yield backend
    backend.close()


def task(project, do, module="pkg.model", experiment=EXPERIMENT, line=1):
    path = project.joinpath(*module.split(".")).with_suffix(".py")
    return Task(experiment=experiment, path=str(path), module=module, root=str(project), payload={"do": do, "line": line})


def verdicts(backend, groups):
    outcomes = backend.run(groups)
    return [[outcomes[item.key()][0].verdict for item in group] for group in groups]


def test_a_hung_experiment_times_out_and_the_next_one_still_runs(project):
    backend = ProcessBackend(jobs=1, timeout=2, mindspore=False)
    try:
        (slow, after), = verdicts(backend, [[task(project, "sleep"), task(project, "confirm", line=2)]])
    finally:
        backend.close()
    assert (slow.status, slow.evidence, slow.repeatable) == (UNCONFIRMABLE, "timed out after 2 s", False)
    assert after.status == CONFIRMED


def test_a_crash_is_reported_with_its_signal_and_the_next_experiment_still_runs(backend, project):
    (crashed, after), = verdicts(backend, [[task(project, "crash"), task(project, "confirm", line=2)]])
    assert crashed.status == UNCONFIRMABLE and not crashed.repeatable
    assert crashed.evidence.startswith("the MindSpore process crashed (killed by SIGSEGV")
    assert after.status == CONFIRMED


def test_a_verdict_that_would_not_repeat_says_so_across_the_process_boundary(backend, project):
    (noisy, kept), = verdicts(backend, [[task(project, "noisy"), task(project, "confirm", line=2)]])
    assert (noisy.status, noisy.repeatable) == (UNCONFIRMABLE, False)
    assert kept.repeatable


def test_sys_exit_in_the_code_under_test_does_not_end_the_child(backend, project):
    (exited, after), = verdicts(backend, [[task(project, "exit"), task(project, "pid", line=2)]])
    assert exited.evidence == "the code under test called sys.exit(3)"
    assert after.status == CONFIRMED


def test_an_experiment_s_own_error_is_unconfirmable_with_its_reason(backend, project):
    (failed,), = verdicts(backend, [[task(project, "raise")]])
    assert failed.status == UNCONFIRMABLE
    assert failed.evidence.startswith("the experiment failed: KeyError: 'oops' at fake_experiments.py:")


def test_a_module_that_fails_to_import_is_unconfirmable_with_the_error_and_line(backend, project):
    (failed,), = verdicts(backend, [[task(project, "confirm", module="pkg.broken")]])
    assert failed.status == UNCONFIRMABLE
    assert failed.evidence == "importing pkg.broken failed: KeyError: 'missing' (at pkg/broken.py:3)"


def test_modules_are_imported_by_name_never_as_main_and_leave_nothing_in_the_tree(backend, project):
    before = sorted(str(path.relative_to(project)) for path in project.rglob("*"))
    (where,), = verdicts(backend, [[task(project, "where")]])
    assert where.status == CONFIRMED
    assert "name=pkg.model " in where.evidence and "glog=3" in where.evidence
    assert "argv=[] stdin=''" in where.evidence  # no arguments, an empty input
    details = dict(part.split("=", 1) for part in where.evidence.split())
    assert details["cwd"] == details["om"] and not details["cwd"].startswith(str(project))
    backend.close()
    assert not os.path.exists(details["cwd"]), "the child's working directory outlived it"
    after = sorted(str(path.relative_to(project)) for path in project.rglob("*"))
    assert after == before  # no main-block marker, no relative_litter.txt, no __pycache__


def test_one_child_serves_many_files_and_every_group_starts_from_a_fresh_import(backend, project):
    groups = [[task(project, "pid")], [task(project, "pid", module="pkg.helpers")], [task(project, "pid", line=3)]]
    pids = {verdict.evidence for group in verdicts(backend, groups) for verdict in group}
    assert len(pids) == 1


def test_two_jobs_use_two_children(project):
    backend = ProcessBackend(jobs=2, timeout=10, mindspore=False)
    try:
        groups = [[task(project, "pid", line=line)] for line in range(1, 5)]
        pids = {verdict.evidence for group in verdicts(backend, groups) for verdict in group}
        assert 1 <= len(pids) <= 2
    finally:
        backend.close()


def test_experiments_in_fresh_processes_get_one_child_each(backend, project):
    twice = task(project, "", experiment="fake_experiments:Twice")
    twice = Task(twice.experiment, twice.path, twice.module, twice.root, twice.payload, processes=2)
    outcomes = backend.run([[twice]])[twice.key()]
    assert len(outcomes) == 2
    assert outcomes[0].data["pid"] != outcomes[1].data["pid"]


def test_a_child_that_cannot_import_mindspore_stops_the_backend_with_the_reason(project):
    command = [sys.executable, "-c", "import sys; print('{\"ready\": false, \"error\": \"ImportError: no mindspore\"}')"]
    backend = ProcessBackend(jobs=2, timeout=5, command=command)
    outcomes = backend.run([[task(project, "confirm")], [task(project, "confirm", line=2)]])
    assert outcomes == {}
    assert backend.failure == "importing MindSpore failed: ImportError: no mindspore"
