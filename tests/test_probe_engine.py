"""The probe's engine against a fake backend: planning, grouping, caching, notices. No MindSpore here."""

import os

import pytest

from ms_lint.language import Text
from ms_lint.probe import config
from ms_lint.probe.cache import Cache
from ms_lint.probe.engine import NO_EXPERIMENT, NOT_INSTALLED, Engine
from ms_lint.probe.experiments import EXPERIMENTS, Declared
from ms_lint.probe.experiments.graph import DynamicShape
from ms_lint.probe.verdict import (
    CONFIRMED,
    MAX_EVIDENCE,
    NOT_REPRODUCED,
    UNCONFIRMABLE,
    Cause,
    Outcome,
    Verdict,
    confirmed,
    missing_package,
    unconfirmable,
    with_notes,
)

from probe_support import FakeBackend, copy_project, finding, with_fixtures_on_path

ANSWERS = {
    "confirm": [Outcome(confirmed("it happened"))],
    "not reproduced": [Outcome(Verdict(NOT_REPRODUCED, "it did not happen"))],
    "sleep": [Outcome(unconfirmable("timed out after 1 s", repeatable=False))],
    "noisy": [Outcome(unconfirmable("timings too noisy (load 3.1 on 2 cores)", repeatable=False))],
    "ascend": [Outcome(confirmed("ran"), devices=("Ascend",))],
    "no tqdm": [Outcome(unconfirmable(missing_package("tqdm", " (at pkg/util.py:3)")))],
    "no timm": [Outcome(unconfirmable(missing_package("timm", "")))],
}


@pytest.fixture(name="project")
def fixture_project(tmp_path, monkeypatch):
    with_fixtures_on_path(monkeypatch)
    return copy_project(tmp_path)


def make_engine(backend, experiments=None, cache=None, available=True, configuration=None):
    import fake_experiments  # pylint: disable=import-outside-toplevel

    table = experiments if experiments is not None else {"scripted": fake_experiments.Scripted()}
    return Engine(
        backend_factory=lambda: backend,
        cache=cache,
        config_for=lambda path: configuration or config.ProbeConfig(),
        experiments=table,
        available=lambda: available,
        version="2.10.0",
    )


def model(project):
    return project / "pkg" / "model.py"


def test_verdicts_come_back_per_finding_and_each_file_is_one_group(project):
    backend = FakeBackend(ANSWERS)
    findings = [
        finding(model(project), "pkg.model", 3, args=("confirm",)),
        finding(project / "pkg" / "helpers.py", "pkg.helpers", 1, args=("not reproduced",)),
        finding(model(project), "pkg.model", 9, args=("not reproduced",)),
    ]
    report = make_engine(backend).probe(findings)
    assert [report.verdicts[index].status for index in range(3)] == [CONFIRMED, NOT_REPRODUCED, NOT_REPRODUCED]
    assert sorted(len(group) for group in backend.groups) == [1, 2]
    assert report.notices == []


def test_a_rule_without_an_experiment_is_unconfirmable_and_nothing_runs(project):
    backend = FakeBackend(ANSWERS)
    report = make_engine(backend).probe([finding(model(project), "pkg.model", symbol="some-new-rule")])
    assert report.verdicts[0] == unconfirmable(NO_EXPERIMENT)
    assert backend.groups == []


def test_declared_rules_say_why_and_run_nothing(project):
    backend = FakeBackend(ANSWERS)
    table = {"ascend-op-attr-out-of-range": EXPERIMENTS["ascend-op-attr-out-of-range"]}
    report = make_engine(backend, experiments=table).probe([finding(model(project), "pkg.model", symbol="ascend-op-attr-out-of-range")])
    assert report.verdicts[0].status == UNCONFIRMABLE
    assert report.verdicts[0].evidence.startswith("needs Ascend: ")
    assert backend.groups == []


def test_every_ascend_only_rule_is_declared_as_needing_ascend():
    ascend = {symbol: experiment for symbol, experiment in EXPERIMENTS.items() if symbol.startswith("ascend-")}
    assert ascend
    for experiment in ascend.values():
        assert isinstance(experiment, Declared) and experiment.reason.startswith("needs Ascend: ")


def test_missing_input_specs_of_a_cell_are_guessed_in_the_child_and_of_a_function_asked_for(project):
    backend = FakeBackend({"": [Outcome(unconfirmable("guessed"))]})
    table = {"tensor-slice-variable-bound": DynamicShape()}
    found = finding(model(project), "pkg.model", symbol="tensor-slice-variable-bound", cell="Net")
    report = make_engine(backend, experiments=table).probe([found])
    assert report.verdicts[0].evidence == "guessed"
    assert [task.payload["guess_inputs"] for group in backend.groups for task in group] == [True]
    jitted = project / "pkg" / "jitted.py"
    jitted.write_text("def step(x):\n    return x[:x.sum()]\n", encoding="utf-8")
    backend = FakeBackend(ANSWERS)
    found = finding(jitted, "pkg.jitted", 2, symbol="tensor-slice-variable-bound")
    report = make_engine(backend, experiments=table).probe([found])
    assert report.verdicts[0].status == UNCONFIRMABLE
    assert "needs input specs for step" in report.verdicts[0].evidence
    assert backend.groups == []


def test_without_mindspore_nothing_is_probed_and_it_is_said_once(project):
    backend = FakeBackend(ANSWERS)
    findings = [finding(model(project), "pkg.model", line) for line in (1, 2, 3)]
    report = make_engine(backend, available=False).probe(findings)
    assert report.verdicts == {}
    assert report.notices == [NOT_INSTALLED]
    assert backend.groups == []


def test_a_backend_that_cannot_start_leaves_findings_unprobed_with_one_notice(project):
    backend = FakeBackend(ANSWERS, failure="importing MindSpore failed: ImportError: libc too old")
    report = make_engine(backend).probe([finding(model(project), "pkg.model", line) for line in (1, 2)])
    assert report.verdicts == {}
    assert len(report.notices) == 1 and "libc too old" in report.notices[0]


def test_devices_the_code_asked_for_are_named_in_the_evidence(project):
    report = make_engine(FakeBackend(ANSWERS)).probe([finding(model(project), "pkg.model", args=("ascend",))])
    assert report.verdicts[0].status == CONFIRMED
    assert "run on CPU: the code asks for Ascend" in report.verdicts[0].evidence


def test_results_of_several_fresh_processes_are_combined(project):
    import fake_experiments  # pylint: disable=import-outside-toplevel

    answers = {"": [Outcome(None, data={"pid": 1}), Outcome(None, data={"pid": 2})]}
    report = make_engine(FakeBackend(answers), experiments={"scripted": fake_experiments.Twice()}).probe(
        [finding(model(project), "pkg.model")]
    )
    assert report.verdicts[0] == confirmed("2 processes")


class TestCache:
    def test_a_second_run_on_unchanged_files_runs_nothing(self, project, tmp_path):
        cache = Cache(str(tmp_path / "cache"))
        findings = [finding(model(project), "pkg.model", 3), finding(model(project), "pkg.model", 4, args=("not reproduced",))]
        first = make_engine(FakeBackend(ANSWERS), cache=cache).probe(findings)
        backend = FakeBackend(ANSWERS)
        second = make_engine(backend, cache=cache).probe(findings)
        assert backend.groups == []
        assert second.verdicts == first.verdicts

    def test_a_changed_file_is_probed_again(self, project, tmp_path):
        cache = Cache(str(tmp_path / "cache"))
        findings = [finding(model(project), "pkg.model", 3)]
        make_engine(FakeBackend(ANSWERS), cache=cache).probe(findings)
        model(project).write_text(model(project).read_text() + "\n# edited\n")
        backend = FakeBackend(ANSWERS)
        make_engine(backend, cache=cache).probe(findings)
        assert len(backend.groups) == 1

    def test_a_changed_import_of_the_file_is_probed_again(self, project, tmp_path):
        cache = Cache(str(tmp_path / "cache"))
        helpers = project / "pkg" / "helpers.py"
        answers = {"confirm": [Outcome(confirmed("it happened"), deps=(str(helpers),))]}
        findings = [finding(model(project), "pkg.model", 3)]
        make_engine(FakeBackend(answers), cache=cache).probe(findings)
        backend = FakeBackend(answers)
        make_engine(backend, cache=cache).probe(findings)
        assert backend.groups == []
        helpers.write_text("VALUE = 2\n")
        make_engine(backend, cache=cache).probe(findings)
        assert len(backend.groups) == 1

    @pytest.mark.parametrize("order", ["sleep", "noisy"])
    def test_timeouts_crashes_and_noisy_timings_are_not_kept(self, project, tmp_path, order):
        cache = Cache(str(tmp_path / "cache"))
        findings = [finding(model(project), "pkg.model", 3, args=(order,))]
        make_engine(FakeBackend(ANSWERS), cache=cache).probe(findings)
        backend = FakeBackend(ANSWERS)
        make_engine(backend, cache=cache).probe(findings)
        assert len(backend.groups) == 1

    def test_another_configuration_or_mindspore_version_is_probed_again(self, project, tmp_path):
        cache = Cache(str(tmp_path / "cache"))
        findings = [finding(model(project), "pkg.model", 3)]
        make_engine(FakeBackend(ANSWERS), cache=cache).probe(findings)
        backend = FakeBackend(ANSWERS)
        engine = make_engine(backend, cache=cache)
        engine.version = "2.11.0"
        engine.probe(findings)
        assert len(backend.groups) == 1


LAYERS = """from mindspore import nn


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(
            8, 8, 3, padding=1)


class Net(nn.Cell):
    def __init__(self, depth=2):
        super().__init__()
        self.blocks = [Block() for _ in range(depth)]
"""


def unbuildable(path, line):
    """What the child says when building Net() raised at ``line`` of ``path``."""
    failure = Text("building Net() raised ValueError: bad pad", "构建 Net() 时抛出 ValueError: bad pad")
    evidence = Text.pair(f"{failure.en} (at layers.py:{line}): give its arguments", f"{failure.zh}（位于 layers.py:{line}）：请给出参数")
    return [Outcome(Verdict(UNCONFIRMABLE, evidence, cause=Cause(os.path.realpath(path), line, failure)))]


@pytest.mark.parametrize("cached", [False, True], ids=["run", "cached"])
def test_a_cell_that_cannot_be_built_names_the_finding_at_the_line_that_raised(project, tmp_path, cached):
    path = project / "pkg" / "layers.py"
    path.write_text(LAYERS)
    findings = [
        finding(path, "pkg.layers", 14, args=("unbuildable",)),
        finding(path, "pkg.layers", 8, symbol="scripted-conv", args=("confirm",)),  # at padding=1: the call starts at 7
    ]
    answers = dict(ANSWERS, unbuildable=unbuildable(path, 7))
    cache = Cache(str(tmp_path / "cache"))
    if cached:
        make_engine(FakeBackend(answers), cache=cache).probe(findings[:1])
    import fake_experiments  # pylint: disable=import-outside-toplevel

    backend = FakeBackend(answers)
    scripted = fake_experiments.Scripted()
    engine = make_engine(backend, experiments={"scripted": scripted, "scripted-conv": scripted}, cache=cache)
    verdict = engine.probe(findings).verdicts[0]
    assert (verdict.status, verdict.evidence) == (
        UNCONFIRMABLE,
        f"building Net() raised ValueError: bad pad (see the scripted-conv finding at {path}:8)",
    )
    assert verdict.evidence.zh == f"构建 Net() 时抛出 ValueError: bad pad （参见 scripted-conv 检查结果，位于 {path}:8）"
    assert [len(group) for group in backend.groups] == ([1] if cached else [2])


def test_a_cell_that_cannot_be_built_keeps_its_advice_when_no_finding_is_at_the_line_that_raised(project):
    path = project / "pkg" / "layers.py"
    path.write_text(LAYERS)
    findings = [finding(path, "pkg.layers", 14, args=("unbuildable",)), finding(path, "pkg.layers", 5)]
    answers = dict(ANSWERS, unbuildable=unbuildable(path, 7))
    verdict = make_engine(FakeBackend(answers)).probe(findings).verdicts[0]
    assert verdict.evidence == "building Net() raised ValueError: bad pad (at layers.py:7): give its arguments"


def test_configuration_errors_are_said_once(project):
    broken = config.from_table({"cells": [{"class": "Net", "inputs": [{"shape": [3, "x"]}]}], "colour": "blue"}, source="pyproject.toml")
    assert len(broken.errors) == 2
    findings = [finding(model(project), "pkg.model", line) for line in (1, 2)]
    report = make_engine(FakeBackend(ANSWERS), configuration=broken).probe(findings)
    assert len(report.notices) == 2
    assert all(notice.startswith("ignored part of the probe configuration in pyproject.toml") for notice in report.notices)


HANDED = """
import mindspore.dataset as ds


def scale(x):
    return x * 2


class Mixer:
    def __call__(self, x, y):
        return x, y


class Source:
    def __getitem__(self, index):
        return (index,)


def build(data):
    mixer = Mixer()
    data = data.map(operations=scale)
    data = data.map(mixer, input_columns=["x", "y"])
    data = data.map(operations=lambda x: x)
    data = ds.GeneratorDataset(Source(), column_names=["x"])
    data = data.map(operations=make())
    return data
"""


def test_a_finding_at_what_the_pipeline_is_handed_targets_that_callable():
    import astroid  # pylint: disable=import-outside-toplevel
    from astroid import nodes  # pylint: disable=import-outside-toplevel

    from ms_lint.probe.experiments.pipeline import _handed_over  # pylint: disable=import-outside-toplevel

    module = astroid.parse(HANDED, module_name="pipes")
    calls = [call for call in module.nodes_of_class(nodes.Call) if call.func.as_string().endswith(("map", "GeneratorDataset"))]
    arguments = [call.args[0] if call.args else call.keywords[0].value for call in calls]
    found = [_handed_over(argument) for argument in arguments]
    assert [item[:3] if isinstance(item, tuple) else item.split(":")[0] for item in found] == [
        ("pipes:scale", None, "pipes"),
        ("pipes:Mixer", "__call__", "pipes"),
        "the lambda handed to the pipeline cannot be reached by itself",
        ("pipes:Source", "__getitem__", "pipes"),
        "what make() holds is built at run time",
    ]
    assert _handed_over(calls[0].func) is None


def test_each_finding_is_planned_in_the_mode_its_program_runs_in(tmp_path, monkeypatch):
    with_fixtures_on_path(monkeypatch)
    path = tmp_path / "pipes.py"
    path.write_text("def scale(x):\n    return x * 2\n")
    backend = FakeBackend({"": [Outcome(confirmed("ran"))]})
    pipeline = {"ops-in-dataset-pipeline": EXPERIMENTS["ops-in-dataset-pipeline"]}
    findings = [finding(path, "pipes", 2, symbol="ops-in-dataset-pipeline") for _ in range(2)]
    make_engine(backend, experiments=pipeline).probe(findings, modes=["graph", None])
    assert sorted(str(task.payload["mode"]) for group in backend.groups for task in group) == ["None", "graph"]


def test_an_error_is_its_type_and_first_line_bounded_so_what_follows_it_in_the_evidence_stays():
    from ms_lint.probe.runtime import MAX_ERROR, error_text  # pylint: disable=import-outside-toplevel

    assert error_text(RuntimeError("\n  'For Cell, the method construct is not defined.'\nmore\n")) == (
        "RuntimeError: For Cell, the method construct is not defined."
    )
    long = error_text(RuntimeError("Illegal AnfNode for evaluating, node: " + "x" * 1000 + "\nsecond line"))
    assert long.startswith("RuntimeError: Illegal AnfNode for evaluating, node: xxx")
    assert len(long) <= MAX_ERROR and long.endswith("...")


def test_packages_that_are_not_installed_are_named_once_per_run(project):
    backend = FakeBackend(ANSWERS)
    findings = [
        finding(model(project), "pkg.model", 3, args=("no tqdm",)),
        finding(model(project), "pkg.model", 9, args=("no tqdm",)),
        finding(project / "pkg" / "helpers.py", "pkg.helpers", 1, args=("no timm",)),
    ]
    report = make_engine(backend).probe(findings)
    assert [report.verdicts[index].evidence for index in range(2)] == [
        "needs the package 'tqdm', which is not installed here (at pkg/util.py:3); the probe installs nothing"
    ] * 2
    assert report.notices == [
        "3 findings could not be probed: their modules import packages that are not installed here: timm (1), "
        "tqdm (2); install the project's requirements beside MindSpore to probe them"
    ]


def test_notes_on_how_an_experiment_ran_stay_whole_when_the_evidence_is_long():
    note = Text(" (run on CPU)", "（在 CPU 上运行）")
    verdict = Verdict("confirmed", with_notes("x" * 1000, [note]))
    assert verdict.evidence.endswith("... (run on CPU)") and len(verdict.evidence) <= MAX_EVIDENCE
    assert verdict.evidence.zh.endswith("... （在 CPU 上运行）")
    assert with_notes("short", [note]) == "short (run on CPU)"
