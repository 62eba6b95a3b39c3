"""The probe's experiments under real MindSpore (CPU). Skipped only where MindSpore is not installed.

Rules with examples in ``rules/``: every finding of ``bad.py`` is confirmed (or, for
rules declared unconfirmable here, says why), ``good.py`` has nothing to confirm.
Experiments whose rules are not in this tree yet run on ``probe_fixtures/experiments``.
All tests share the process-wide MindSpore children, so MindSpore is imported a
couple of times for the whole file, not per test.
"""

import re
from pathlib import Path

import pytest

from ms_lint.probe import backend, config
from ms_lint.probe.engine import Engine
from ms_lint.probe.experiments import EXPERIMENTS, Declared
from ms_lint.probe.experiments.pipeline import PipelineCall
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, UNCONFIRMABLE

from lint import RULES, annotated, rule_dirs, run_pylint
from probe_support import FIXTURES, finding, requires_mindspore

pytestmark = requires_mindspore
EXAMPLES = FIXTURES / "experiments"
PROBE = ("--load-plugins=ms_lint,ms_lint.probe", "--probe-cache-dir=off", "--probe-timeout=120")
SUFFIX = re.compile(r" \[probe (confirmed|not reproduced|unconfirmable): (.*)\]$")
# A speed comparison, whatever it concluded: both versions were timed, in turns, and compared.
SPEED = re.compile(
    r"^(timings too noisy \(.+\), measured again next run: )?map\(\w+\) took [\d.]+ ms per sample, [\d.]+x the numpy "
    r"version .+ in (PYNATIVE|GRAPH)_MODE \(median of 5 interleaved runs, [\d.]+x to [\d.]+x\)$"
)


def probe_status(message):
    match = SUFFIX.search(message.msg)
    assert match, f"no probe verdict in: {message.msg}"
    return match.group(1), match.group(2)


# -- the rules' own examples ----------------------------------------------------------------


@pytest.mark.parametrize("rule_dir", rule_dirs(), ids=[path.name for path in rule_dirs()])
def test_every_finding_of_a_bad_example_is_confirmed(rule_dir):
    """Confirmed, with the configuration in pyproject.toml; declared rules say why they cannot be.

    On CPU, MindSpore operators in a data pipeline often just work (slowly): there the
    probe confirms a failure, or compares the speed with a numpy version. How that
    comparison ends depends on the machine and its load, so these findings must show
    that a comparison was made (its decision is tested with made-up timings elsewhere).
    """
    messages = run_pylint([rule_dir / "bad.py"], *PROBE)
    assert {(m.line, m.symbol) for m in messages} == annotated(rule_dir / "bad.py")
    experiment = EXPERIMENTS.get(rule_dir.name)
    verdicts = [(message.line, *probe_status(message), message.confidence.name) for message in messages]
    if experiment is None or isinstance(experiment, Declared):
        assert {status for _, status, _, _ in verdicts} == {UNCONFIRMABLE}, verdicts
    elif isinstance(experiment, PipelineCall):
        assert any(SPEED.search(evidence) for _, _, evidence, _ in verdicts), verdicts
        assert all(status != CONFIRMED or confidence == "HIGH" for _, status, _, confidence in verdicts), verdicts
    else:
        assert [(line, status, confidence) for line, status, _, confidence in verdicts] == [
            (line, CONFIRMED, "HIGH") for line, _, _, _ in verdicts
        ], verdicts


@pytest.mark.parametrize("rule_dir", rule_dirs(), ids=[path.name for path in rule_dirs()])
def test_a_good_example_has_nothing_to_confirm(rule_dir):
    assert run_pylint([rule_dir / "good.py"], *PROBE) == []


def test_container_evidence_names_the_lost_parameters_and_the_compile_error():
    messages = run_pylint([RULES / "cell-container-not-registered" / "bad.py"], *PROBE)
    evidence = {message.line: probe_status(message)[1] for message in messages}
    assert evidence[13].startswith("Tower() has 0 Parameters; the 5 reachable through self.layers ('weight', ")
    assert evidence[35].startswith("Stack(width=4, depth=2) has 0 Parameters; the 4 reachable through self.blocks")
    assert evidence[35].endswith("compiling in GRAPH_MODE fails: RuntimeError: ... its name 'dense.weight' already exists")


def test_forward_evidence_is_mindspore_s_error():
    messages = run_pylint([RULES / "forward-without-construct" / "bad.py"], *PROBE)
    assert [probe_status(m)[1] for m in messages] == [
        "MLP()(x) raised AttributeError: For 'Cell', the method 'construct' is not defined.",
        "Head()(x) raised AttributeError: For 'Cell', the method 'construct' is not defined.",
    ]


UNSURE = '''
from mindspore import nn


class Wrap(nn.Cell):
    def __init__(self, inner=None):
        super().__init__()
        self.inner = inner if inner is not None else nn.Dense(2, 2)


class Quiet(nn.Cell):
    def __init__(self, inner=None):
        super().__init__()
        self.inner = inner if inner is not None else nn.ReLU()


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = [Wrap(), Wrap()]
        self.acts = [Quiet(), Quiet()]
'''


def test_confidence_high_keeps_what_the_probe_confirmed_and_drops_what_it_did_not(tmp_path):
    path = tmp_path / "unsure.py"
    path.write_text(UNSURE)
    static = run_pylint([path])
    # Wrap() builds its default nn.Dense: certain; Quiet() holds whatever Cell it is given: inferred.
    assert [(m.line, m.confidence.name) for m in static] == [(20, "HIGH"), (21, "INFERENCE")]
    probed = run_pylint([path], *PROBE)
    assert [(m.line, probe_status(m)[0], m.confidence.name) for m in probed] == [
        (20, CONFIRMED, "HIGH"),
        (21, NOT_REPRODUCED, "INFERENCE_FAILURE"),
    ]
    assert probe_status(probed[1])[1] == "Net().acts holds no Parameters: nothing is left unregistered"
    gated = run_pylint([path], *PROBE, "--confidence=HIGH")
    assert [(m.line, probe_status(m)[0]) for m in gated] == [(20, CONFIRMED)]


def test_constructor_arguments_missing_from_the_configuration_are_named(tmp_path):
    path = tmp_path / "needs_args.py"
    path.write_text(
        "from mindspore import nn\n\n\nclass Net(nn.Cell):\n    def __init__(self, width, depth=2):\n"
        "        super().__init__()\n        self.blocks = [nn.Dense(width, width) for _ in range(depth)]\n"
    )
    (message,) = run_pylint([path], *PROBE)
    assert probe_status(message) == (
        UNCONFIRMABLE,
        "Net() needs width: give them in a [[tool.ms_lint.probe.cells]] entry for Net",
    )
    assert message.confidence.name == "HIGH"  # unconfirmable keeps the static confidence
    (tmp_path / "pyproject.toml").write_text('[[tool.ms_lint.probe.cells]]\nclass = "Net"\nkwargs = { width = 3 }\n')
    (message,) = run_pylint([path], *PROBE)
    assert probe_status(message)[0] == CONFIRMED


# -- experiments for rules not in this tree yet -------------------------------------------------


def flagged_lines(path: Path):
    return [number for number, text in enumerate(path.read_text().splitlines(), start=1) if "# [flagged]" in text]


def engine(configuration=None):
    return Engine(
        backend_factory=lambda: backend.shared(2, 120),
        cache=None,
        config_for=lambda path: configuration or config.ProbeConfig(),
    )


def probe(symbol, module, configuration=None, cells=None):
    path = EXAMPLES / f"{module}.py"
    lines = flagged_lines(path)
    findings = [finding(path, module, line, symbol=symbol, args=(), cell=(cells or {}).get(line)) for line in lines]
    report = engine(configuration).probe(findings)
    assert not report.notices, report.notices
    return [(report.verdicts[index].status, report.verdicts[index].evidence) for index in range(len(findings))]


def test_a_slice_whose_length_the_data_decides_compiles_to_a_dynamic_shape():
    names = ("PositiveRows", "FirstRows", "RangeOverTensor", "from_largest")
    configuration = config.from_table({"cells": [{"class": name, "inputs": [{"dtype": "float32", "shape": ["None", 3]}]} for name in names]})
    path = EXAMPLES / "slices.py"
    dynamic, static, broken, jitted = flagged_lines(path)
    cells = {dynamic: "PositiveRows", static: "FirstRows", broken: "RangeOverTensor"}
    verdicts = probe("tensor-slice-variable-bound", "slices", configuration, cells)
    assert verdicts[0] == (
        CONFIRMED,
        "compiling PositiveRows.construct in GRAPH_MODE with static inputs x: float32[2, 3]: line 12 yields the "
        "dynamic shape Float32(-1, 3); construct returns Float32(-1, 3)",
    )
    assert verdicts[1] == (
        NOT_REPRODUCED,
        "compiling FirstRows.construct in GRAPH_MODE with static inputs x: float32[2, 3]: every value computed at "
        "line 24 has a static shape",
    )
    assert verdicts[2][0] == CONFIRMED
    assert verdicts[2][1].startswith("compiling RangeOverTensor.construct in GRAPH_MODE with static inputs x: float32[2, 3] fails at line 33: ")
    assert verdicts[3] == (
        CONFIRMED,
        f"calling from_largest in GRAPH_MODE with static inputs x: float32[2, 3]: line {jitted} yields the dynamic "
        "shape Float32(-1, 3); from_largest returns Float32(-1, 3)",
    )


def test_a_cell_called_by_two_pipeline_threads_in_graph_mode_fails():
    verdicts = probe("ops-in-dataset-pipeline", "pipeline_graph")
    assert verdicts[0][0] == CONFIRMED
    # MindSpore raises an error in the worker threads, or crashes the process (SIGSEGV): both confirm.
    assert re.match(
        r"project runs alone on float32\[2, 4\] \(default sample\) but map\(project\) with 2 worker threads in "
        r"GRAPH_MODE (fails: RuntimeError: .*\(raised in project\)|crashes \(killed by SIG)",
        verdicts[0][1],
    ), verdicts[0][1]
    assert verdicts[1][0] == NOT_REPRODUCED
    assert verdicts[1][1].startswith("map(scale) ran 8 samples of float32[2, 4] (default sample) with 2 worker threads in GRAPH_MODE without error")
    assert verdicts[2][0] == CONFIRMED
    assert verdicts[2][1].startswith("Source() gives an item alone but GeneratorDataset(Source()) with 2 worker threads in GRAPH_MODE ")


def test_ops_in_a_map_function_are_compared_with_the_numpy_version():
    """Both versions run in the pipeline and are compared; which verdict that gives depends on the machine."""
    for numpy_version in ("relu_numpy", "lambda x: np.maximum(x, 0)"):
        configuration = config.from_table({"callables": [{"name": "relu_ops", "numpy": numpy_version, "sample": [{"shape": [16, 16]}]}]})
        ((status, evidence),) = probe("ops-in-dataset-pipeline", "pipeline_speed", configuration)
        assert SPEED.match(evidence), evidence
        assert f"x the numpy version {numpy_version} in PYNATIVE_MODE (" in evidence
        assert (status == UNCONFIRMABLE) == evidence.startswith("timings too noisy"), (status, evidence)


def test_without_a_seed_two_fresh_processes_build_different_weights():
    ((status, evidence),) = probe("distributed-training-without-seed", "seed_missing")
    assert status == CONFIRMED
    assert re.match(r"Net\(\) built in two fresh processes without a seed: [12] of 2 initial parameters differ, e\.g\. 'fc\.weight' starts ", evidence)
    ((status, evidence),) = probe("distributed-training-without-seed", "seed_set")
    assert (status, evidence) == (NOT_REPRODUCED, "Net() built in two fresh processes: identical initial parameters")


def test_the_seed_experiment_calls_a_factory_that_returns_a_new_cell_and_nothing_else():
    ((status, evidence),) = probe("distributed-training-without-seed", "seed_factory")
    assert status == CONFIRMED, evidence
    assert evidence.startswith("create_network() built in two fresh processes without a seed: 4 of 4 initial parameters differ")


def test_code_that_asks_for_ascend_runs_on_cpu_and_says_so():
    path = EXAMPLES / "ascend_device.py"
    (line,) = flagged_lines(path)
    report = engine().probe([finding(path, "ascend_device", line, symbol="forward-without-construct", cell="Head")])
    assert report.verdicts[0].status == CONFIRMED
    assert report.verdicts[0].evidence.endswith(
        "(run on CPU: the code asks for Ascend, which this MindSpore lacks; that request was skipped)"
    )


# -- PyTorch semantics: the evidence names what was built and what it did --------------------------


def _evidence(symbol):
    messages = run_pylint([RULES / symbol / "bad.py"], *PROBE)
    return {message.line: probe_status(message)[1] for message in messages}


def test_dropout_evidence_is_the_fraction_zeroed():
    evidence = _evidence("dropout-positional-keep-prob")
    assert evidence[12] == "nn.Dropout(0.1) (Dropout(keep_prob=0.1)) zeroes 90% of a 100x100 input of ones in training mode"
    assert evidence[14].startswith("Classifier(attn_drop=0.1).attn_drop (Dropout(keep_prob=0.1)) zeroes 90%")
    assert evidence[22].startswith("building nn.Dropout(0.0) raised ValueError: For 'Dropout', the 'keep_prob' must be")


def test_batchnorm_evidence_is_the_moving_mean_after_one_step():
    evidence = _evidence("batchnorm-torch-momentum")
    assert evidence[12] == (
        "after one training-mode step of Block(channels=4).bn on a batch of 10s, moving_mean is 9 "
        "(PyTorch's momentum=0.1 gives 1)"
    )


def test_conv_evidence_is_the_error_building_it():
    evidence = _evidence("conv-padding-without-pad-mode")
    assert evidence[9].startswith("building nn.Conv2d(3, 64, 3, padding=1) raised ValueError: For 'Conv2D', the 'pad' must")
    assert evidence[10].startswith("building nn.Conv2d(64, 64, 3, 1, 1) raised TypeError: For 'Conv2D', the type of 'pad_mode'")


def test_layer_in_construct_evidence_is_the_trainable_parameters():
    evidence = _evidence("cell-built-in-construct")
    assert evidence[13].startswith("after Head(classes=4).set_train(True), a nn.Dropout(p=0.2) built as in construct has training=False")
    assert evidence[14].startswith("Head(classes=4) in training mode holds 0 trainable Parameters before calling it and 0 after")


def test_primitive_evidence_is_the_error_of_its_constructor():
    evidence = _evidence("primitive-called-with-tensors")
    assert evidence[9] == "ops.L2Normalize(Tensor(float32[2, 3]), axis=1) raised TypeError: multiple values for argument 'axis'"
