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

from ms_lint import explain
from ms_lint.probe import backend, config
from ms_lint.probe.engine import Engine
from ms_lint.probe.experiments import EXPERIMENTS, Declared
from ms_lint.probe.experiments.pipeline import PipelineCall
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, UNCONFIRMABLE

from lint import RULES, annotated, rule_dirs, rule_rcfile, run_pylint
from probe_support import FIXTURES, finding, requires_mindspore

pytestmark = requires_mindspore
EXAMPLES = FIXTURES / "experiments"
PROBE = ("--load-plugins=ms_lint,ms_lint.probe", "--probe-cache-dir=off", "--probe-timeout=120")
RAISED = re.compile(r"\b\w*(Error|Exception): ")  # an evidence that quotes an error MindSpore raised
SUFFIX = re.compile(r" \[probe (confirmed|not reproduced|unconfirmable): (.*)\]$")
# A speed comparison, whatever it concluded: both versions were timed, in turns, and compared.
SPEED = re.compile(
    r"^(timings too noisy \(.+\), measured again next run: )?map\(\w+\) took [\d.]+ ms per sample, [\d.]+x the numpy "
    r"version .+ in (PYNATIVE|GRAPH)_MODE \(median of 5 interleaved runs, [\d.]+x to [\d.]+x\)$"
)


# Findings of a rule's bad example that its experiment leaves unconfirmable, by line, each for the reason
# its verdict gives.
LEFT_UNCONFIRMABLE = {
    "dataset-shard-arguments-swapped": {22},  # only names say which value is the rank: known only in a launch
}


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
    messages = run_pylint([rule_dir / "bad.py"], *PROBE, rcfile=rule_rcfile(rule_dir))
    assert {(m.line, m.symbol) for m in messages} == annotated(rule_dir / "bad.py")
    experiment = EXPERIMENTS.get(rule_dir.name)
    verdicts = [(message.line, *probe_status(message), message.confidence.name) for message in messages]
    if experiment is None or isinstance(experiment, Declared):
        assert {status for _, status, _, _ in verdicts} == {UNCONFIRMABLE}, verdicts
    elif isinstance(experiment, PipelineCall):
        assert any(SPEED.search(evidence) for _, _, evidence, _ in verdicts), verdicts
        assert all(status != CONFIRMED or confidence == "HIGH" for _, status, _, confidence in verdicts), verdicts
    else:
        left = LEFT_UNCONFIRMABLE.get(rule_dir.name, set())
        assert [(line, status) for line, status, _, _ in verdicts] == [
            (line, UNCONFIRMABLE if line in left else CONFIRMED) for line, _, _, _ in verdicts
        ], verdicts
        assert all(confidence == "HIGH" for line, _, _, confidence in verdicts if line not in left), verdicts
    # What MindSpore raised on the example is what `ms-lint explain` leads back to this rule.
    for _, status, evidence, _ in verdicts:
        if status == CONFIRMED and RAISED.search(evidence):
            assert rule_dir.name in {match.symbol for match in explain.rules_matching(evidence)}, evidence


@pytest.mark.parametrize("rule_dir", rule_dirs(), ids=[path.name for path in rule_dirs()])
def test_a_good_example_has_nothing_to_confirm(rule_dir):
    assert run_pylint([rule_dir / "good.py"], *PROBE, rcfile=rule_rcfile(rule_dir)) == []


def test_container_evidence_names_the_lost_parameters_and_the_compile_error():
    messages = run_pylint([RULES / "cell-container-not-registered" / "bad.py"], *PROBE)
    evidence = {message.line: probe_status(message)[1] for message in messages}
    assert evidence[13].startswith("Tower() has 0 Parameters; the 5 reachable through self.layers ('weight', ")
    assert evidence[35].startswith("Stack(width=4, depth=2) has 0 Parameters; the 4 reachable through self.blocks")
    # MindSpore 2.10 sometimes aborts natively once the compile error is raised; the evidence then says so after it.
    measured = re.sub(r" \(killed by SIG\w+: .*\)$", "", evidence[35])
    assert measured.endswith("compiling in GRAPH_MODE fails: RuntimeError: ... its name 'dense.weight' already exists")


UNBUILDABLE = """from mindspore import nn


class Block(nn.Cell):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)


class Net(nn.Cell):
    def __init__(self, channels=8, depth=2):
        super().__init__()
        self.blocks = [Block(channels) for _ in range(depth)]


class Tower(nn.Cell):
    def __init__(self, width, depth=2):
        super().__init__()
        self.layers = [nn.Conv2d(width, width, 3, padding=1) for _ in range(depth)]
"""
PAD_ERROR = (
    "ValueError: For 'Conv2D', the 'pad' must be zero when 'pad_mode' is not 'pad', but got 'pad': 1 and 'pad_mode': "
    "same."
)


def test_a_container_whose_cell_cannot_be_built_names_the_finding_that_explains_why(tmp_path):
    """Building the Cell raises at a convolution another finding of the run flags: that is the cause to fix,
    not the arguments the probe chose."""
    path = tmp_path / "net.py"
    path.write_text(UNBUILDABLE)
    verdicts = {(m.line, m.symbol): probe_status(m) for m in run_pylint([path], *PROBE)}
    assert verdicts[(7, "conv-padding-without-pad-mode")][0] == CONFIRMED
    assert verdicts[(19, "conv-padding-without-pad-mode")][0] == CONFIRMED
    assert verdicts[(13, "cell-container-not-registered")] == (
        UNCONFIRMABLE,
        f"building Net() (with its parameters' defaults) raised {PAD_ERROR} (see the conv-padding-without-pad-mode "
        f"finding at {path}:7)",
    )
    assert verdicts[(19, "cell-container-not-registered")] == (
        UNCONFIRMABLE,
        f"building Tower(width=8) (guessed from the parameters' names: width=8) raised {PAD_ERROR} (see the "
        f"conv-padding-without-pad-mode finding at {path}:19)",
    )
    alone = run_pylint([path], *PROBE, "--disable=mindspore", "--enable=cell-container-not-registered")
    assert [probe_status(m)[1] for m in alone] == [
        f"building Net() (with its parameters' defaults) raised {PAD_ERROR} (at net.py:7): give its arguments in a "
        "[[tool.ms_lint.probe.cells]] entry",
        f"building Tower(width=8) (guessed from the parameters' names: width=8) raised {PAD_ERROR} (at net.py:19): "
        "give its arguments in a [[tool.ms_lint.probe.cells]] entry",
    ]


def test_forward_evidence_is_mindspore_s_error():
    messages = run_pylint([RULES / "forward-without-construct" / "bad.py"], *PROBE)
    assert [probe_status(m)[1] for m in messages] == [
        "MLP()(float32[1]) raised AttributeError: For 'Cell', the method 'construct' is not defined.",
        "Head()(float32[1]) raised AttributeError: For 'Cell', the method 'construct' is not defined.",
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
    assert probe_status(probed[1])[1] == "self.acts of Net() holds no Parameters: nothing is left unregistered"
    gated = run_pylint([path], *PROBE, "--confidence=HIGH")
    assert [(m.line, probe_status(m)[0]) for m in gated] == [(20, CONFIRMED)]


def test_constructor_arguments_are_guessed_from_names_and_said_so(tmp_path):
    path = tmp_path / "needs_args.py"
    path.write_text(
        "from mindspore import nn\n\n\nclass Net(nn.Cell):\n    def __init__(self, width, depth=2):\n"
        "        super().__init__()\n        self.blocks = [nn.Dense(width, width) for _ in range(depth)]\n"
    )
    (message,) = run_pylint([path], *PROBE)
    status, evidence = probe_status(message)
    assert status == CONFIRMED, evidence
    assert evidence.startswith("Net(width=8) (guessed from the parameters' names: width=8) has 0 Parameters; the 4 ")


MODEL = (
    "from mindspore import nn\n\n\nclass Net(nn.Cell):\n    def __init__(self, size, depth=2):\n"
    "        super().__init__()\n        self.blocks = [nn.Dense(size, size) for _ in range(depth)]\n"
)


def test_constructor_arguments_come_from_a_call_in_the_project(tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "train.py").write_text(
        "import argparse\nfrom model import Net\n\nparser = argparse.ArgumentParser()\n"
        "parser.add_argument('--size', type=int, default=6)\n\n\ndef main():\n    args = parser.parse_args()\n"
        "    return Net(args.size, depth=3)\n"
    )
    (message,) = run_pylint([tmp_path / "model.py"], *PROBE)
    status, evidence = probe_status(message)
    assert status == CONFIRMED, evidence
    assert evidence.startswith("Net(6, depth=3) (as built at train.py:10) has 0 Parameters; the 6 reachable ")


def test_constructor_arguments_nothing_can_guess_are_named(tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    # A value known only when the script runs is no argument to build with.
    (tmp_path / "train.py").write_text("import os\nfrom model import Net\n\nnet = Net(int(os.environ['SIZE']))\n")
    (message,) = run_pylint([tmp_path / "model.py"], *PROBE)
    assert probe_status(message) == (
        UNCONFIRMABLE,
        "Net() needs size: give them in a [[tool.ms_lint.probe.cells]] entry for Net",
    )
    assert message.confidence.name == "HIGH"  # unconfirmable keeps the static confidence


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


PIPELINE_MODULE = """
import mindspore as ms
from mindspore import Tensor, ops


def scale(x):
    if ms.get_context("mode") != ms.GRAPH_MODE:
        raise RuntimeError("called in PyNative mode")
    return ops.mul(Tensor(x), 2.0).asnumpy()


def build(ds):
    data = ds.GeneratorDataset([(1.0,)] * 4, column_names=["x"])
    return data.map(operations=scale, input_columns="x", num_parallel_workers=2)
"""
TRAIN_SCRIPT = """
import mindspore as ms
import mindspore.dataset as ds

from data import build


def main():
    ms.set_context(mode=ms.GRAPH_MODE)
    for _ in build(ds).create_tuple_iterator():
        pass


if __name__ == "__main__":
    main()
"""


@pytest.mark.parametrize("option", [("--mindspore-mode=graph",), ()], ids=["option", "program"])
def test_the_pipeline_runs_in_the_program_s_mode_where_the_import_does_not_set_it(tmp_path, option):
    """train.py's main() sets GRAPH_MODE, which importing data.py never runs: the experiment must run in it all
    the same, alone and, after the fresh import it makes, in the pipeline's threads."""
    (tmp_path / "data.py").write_text(PIPELINE_MODULE)
    (tmp_path / "train.py").write_text(TRAIN_SCRIPT)
    paths = [tmp_path / "data.py", tmp_path / "train.py"]
    messages = run_pylint(paths, *PROBE, "--disable=mindspore", "--enable=ops-in-dataset-pipeline", *option)
    assert [(message.path, message.line) for message in messages] == [(str(paths[0]), 9)]
    status, evidence = probe_status(messages[0])
    assert "called in PyNative mode" not in evidence  # the function ran in graph mode, alone and in the threads
    if status == CONFIRMED:
        # MindSpore 2.10 itself sometimes aborts (double free) compiling in two worker threads at once, as the
        # test above allows: that crash is real, and says nothing of the mode.
        assert evidence.startswith("scale runs alone on float32[2, 4] (default sample) but map(scale) with 2 worker "
                                   "threads in GRAPH_MODE crashes (killed by SIG"), evidence
    else:
        assert status == NOT_REPRODUCED, evidence
        assert evidence.startswith(
            "map(scale) ran 8 samples of float32[2, 4] (default sample) with 2 worker threads in GRAPH_MODE without error"
        )


def test_a_map_function_run_on_a_sample_that_skips_the_operator_refutes_nothing():
    (skipped, mixed) = probe("ops-in-dataset-pipeline", "pipeline_branch")
    assert skipped[0] == UNCONFIRMABLE
    assert skipped[1].endswith(
        "but the sample the probe chose may not reach the flagged operator, so this refutes nothing: give a sample in "
        "a [[tool.ms_lint.probe.callables]] entry"
    )
    assert mixed[0] == NOT_REPRODUCED  # one default column per parameter, and the operator ran
    assert mixed[1].startswith("map(mix) ran 8 samples of float32[2, 4], float32[2, 4] (default sample)")


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
    assert (status, evidence) == (
        NOT_REPRODUCED,
        "Net() (the network passed to Momentum at line 22) built in two fresh processes: identical initial parameters",
    )


def test_the_seed_experiment_builds_the_network_the_program_trains_not_another_cell():
    """The module's parameterless loss Cell would start identically in both processes: the wrong object."""
    ((status, evidence),) = probe("distributed-training-without-seed", "seed_loss_cell")
    assert status == CONFIRMED, evidence
    assert evidence.startswith(
        "Net(8, classes=4) (the network passed to Momentum at line 39) built in two fresh processes without a seed"
    )


def test_a_trained_network_the_probe_cannot_build_leaves_the_finding_unconfirmable():
    ((status, evidence),) = probe("distributed-training-without-seed", "seed_unknown_argument")
    assert status == UNCONFIRMABLE, evidence
    assert "the network the program trains could not be built: Net(width): the value of width (width) is known" in evidence


def test_the_seed_experiment_calls_a_factory_that_returns_a_new_cell_and_nothing_else():
    ((status, evidence),) = probe("distributed-training-without-seed", "seed_factory")
    assert status == CONFIRMED, evidence
    assert evidence.startswith("create_network() built in two fresh processes without a seed: 4 of 4 initial parameters differ")


def test_the_trained_network_takes_the_value_its_function_gives_a_name_once():
    ((status, evidence),) = probe("distributed-training-without-seed", "seed_local_values")
    assert status == CONFIRMED, evidence
    assert evidence.startswith("Net(8, 4) (the network passed to Momentum at line 23) built in two fresh processes")


def test_required_command_line_arguments_parsed_at_import_get_stand_ins_and_the_evidence_says_so():
    ((status, evidence),) = probe("distributed-training-without-seed", "seed_required_arguments")
    assert status == CONFIRMED, evidence
    assert evidence.startswith("Net(8) (the network passed to Model at line 29) built in two fresh processes")
    assert evidence.endswith(
        "(its command line, parsed at import, got stand-ins for the required --classes, --data_url)"
    )


def test_code_that_asks_for_ascend_runs_on_cpu_and_says_so():
    path = EXAMPLES / "ascend_device.py"
    (line,) = flagged_lines(path)
    report = engine().probe([finding(path, "ascend_device", line, symbol="forward-without-construct", cell="Head")])
    assert report.verdicts[0].status == CONFIRMED
    assert report.verdicts[0].evidence.endswith(
        "(run on CPU: the code asks for Ascend, which this MindSpore lacks; that request was skipped)"
    )


def test_what_an_imported_module_asked_for_is_not_noted_on_an_experiment_that_did_not_import_it(tmp_path):
    path = tmp_path / "ported.py"
    path.write_text(
        "import mindspore as ms\nfrom mindspore import nn\n\nms.set_device('Ascend')\n\n\nclass Head(nn.Cell):\n"
        "    def __init__(self):\n        super().__init__()\n        self.fc = nn.Dense(2, 2)\n\n"
        "    def forward(self, x):\n        return self.fc(x)\n\n\n"
        "def port():\n    net = nn.Dense(2, 2)\n    net.cuda()\n"
    )
    verdicts = {m.symbol: probe_status(m) for m in run_pylint([path], *PROBE)}
    note = "(run on CPU: the code asks for Ascend, which this MindSpore lacks; that request was skipped)"
    assert verdicts["forward-without-construct"][0] == CONFIRMED
    assert verdicts["forward-without-construct"][1].endswith(note)
    assert verdicts["pytorch-method-on-cell-or-tensor"][0] == CONFIRMED
    assert note not in verdicts["pytorch-method-on-cell-or-tensor"][1]


def test_a_package_that_is_not_installed_is_named_and_nothing_is_installed(tmp_path):
    path = tmp_path / "ported.py"
    path.write_text(
        "import not_installed_anywhere_pkg\nfrom mindspore import nn\n\n\nclass Base(nn.Cell):\n    pass\n\n\n"
        "class Net(Base):\n    def forward(self, x):\n        return x\n"
    )
    messages = run_pylint([path], *PROBE)
    (message,) = [m for m in messages if m.symbol == "forward-without-construct"]
    assert probe_status(message) == (  # a base of the module: only its import could tell what it brings
        UNCONFIRMABLE,
        "needs the package 'not_installed_anywhere_pkg', which is not installed here (at ported.py:1); the probe "
        "installs nothing",
    )
    (notice,) = [m.msg for m in messages if m.symbol == "mindspore-probe-notice"]
    assert "1 finding could not be probed: their modules import packages that are not installed here: " in notice
    assert "not_installed_anywhere_pkg (1)" in notice


GUESSED_INPUTS = """\
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Picker(nn.Cell):
    def __init__(self, in_channels, num_classes=4):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, 8, 3)
        self.fc = nn.Dense(8, num_classes)

    def construct(self, x):
        y = self.conv(x)
        if y.shape[1] == 5:
            y = ops.masked_select(y, y > 0)
        return ops.masked_select(y, y > 0)
"""


def test_inputs_are_guessed_from_the_first_layer_and_a_line_they_do_not_reach_refutes_nothing(tmp_path):
    path = tmp_path / "picker.py"
    path.write_text(GUESSED_INPUTS)
    reached, unreached = sorted(run_pylint([path], *PROBE), key=lambda m: -m.line)
    assert probe_status(reached) == (
        CONFIRMED,
        "compiling Picker.construct in GRAPH_MODE with static inputs x: float32[2, 8, 32, 32] (guessed from its first "
        "layer, Conv2d(in_channels=8)), built as Picker(in_channels=8) (guessed from the parameters' names: "
        "in_channels=8): line 17 yields the dynamic shape Float32(-1); construct returns Float32(-1)",
    )
    status, evidence = probe_status(unreached)
    assert status == UNCONFIRMABLE
    assert evidence.startswith("3 guessed inputs, none conclusive: line 16 is not part of the graph")


def test_a_module_that_imports_its_own_project_from_the_folder_above_is_imported_from_there(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "layers.py").write_text("WIDTH = 4\n")
    path = tmp_path / "src" / "model.py"
    path.write_text(
        "from mindspore import nn\nfrom src.layers import WIDTH\n\n\nclass Net(nn.Cell):\n"
        "    def __init__(self):\n        super().__init__()\n        self.fc = nn.Dense(WIDTH, WIDTH)\n\n"
        "    def forward(self, x):\n        return self.fc(x)\n"
    )
    (message,) = run_pylint([path], *PROBE)
    status, evidence = probe_status(message)
    assert status == CONFIRMED, evidence


def test_a_condition_in_an_unrolled_loop_is_compiled_once_per_iteration_unless_the_compiler_decides_it():
    configuration = config.from_table({"cells": [{"class": "Loops", "inputs": [{"dtype": "float32", "shape": [2, 4]}]}]})
    path = EXAMPLES / "conditions.py"
    cells = {line: "Loops" for line in flagged_lines(path)}
    tensor, shape = probe("unrolled-loop-tensor-condition", "conditions", configuration, cells)
    assert tensor == (
        CONFIRMED,
        "compiling Loops.construct in GRAPH_MODE with static inputs x: float32[2, 4]: the condition at line 9 is "
        "compiled 3 times (one Switch per unrolled iteration)",
    )
    assert shape == (
        NOT_REPRODUCED,
        "compiling Loops.construct in GRAPH_MODE with static inputs x: float32[2, 4]: the compiler decides the "
        "condition at line 12 (no Switch)",
    )


def test_a_config_parameter_is_given_the_module_s_config_class_with_its_defaults(tmp_path):
    path = tmp_path / "bert.py"
    path.write_text(
        "from dataclasses import dataclass\nfrom mindspore import nn\n\n\n@dataclass\nclass BertConfig:\n"
        "    hidden: int = 4\n\n\nclass Bert(nn.Cell):\n    def __init__(self, config):\n        super().__init__()\n"
        "        self.dense = nn.Dense(config.hidden, config.hidden)\n\n    def forward(self, x):\n"
        "        return self.dense(x)\n"
    )
    (message,) = run_pylint([path], *PROBE)
    assert probe_status(message) == (
        CONFIRMED,
        "Bert(config=BertConfig())(float32[1]) (guessed from the parameters' names: config=BertConfig()) "
        "raised AttributeError: For 'Cell', the method 'construct' is not defined.",
    )


def test_a_module_mindspore_does_not_have_is_no_missing_package(tmp_path):
    path = tmp_path / "old.py"
    path.write_text(
        "from mindspore import nn\nfrom mindspore.no_such_module_here import thing\n\n\nclass Net(nn.Cell):\n"
        "    def forward(self, x):\n        return x\n"
    )
    messages = run_pylint([path], *PROBE)
    (message,) = [m for m in messages if m.symbol == "forward-without-construct"]
    status, evidence = probe_status(message)
    assert status == CONFIRMED  # from the source: its one base is nn.Cell
    assert "(the module itself does not import here: importing old failed: ModuleNotFoundError: No module named " \
        "'mindspore.no_such_module_here'" in evidence
    assert not [m for m in messages if m.symbol == "mindspore-probe-notice"]


def test_a_container_left_empty_by_guessed_arguments_refutes_nothing(tmp_path):
    path = tmp_path / "heads.py"
    path.write_text(
        "from mindspore import nn\n\n\nclass Heads(nn.Cell):\n    def __init__(self, names):\n        super().__init__()\n"
        "        self.heads = [nn.Dense(4, 4) for name in names if name]  # a list of Cells, as many as names\n"
    )
    (tmp_path / "train.py").write_text("from heads import Heads\n\nnet = Heads([])\n")
    (message,) = run_pylint([path], *PROBE)
    assert probe_status(message) == (
        UNCONFIRMABLE,
        "self.heads of Heads([]) (as built at train.py:3) holds no Parameters: it cannot show the effect",
    )
    (message,) = run_pylint([path], *PROBE, "--mindspore-language=zh")
    assert "Heads([])（按 train.py:3 处的方式构建）" in message.msg, message.msg  # where the arguments came from, too


def test_an_optimizer_is_built_over_small_parameters_the_probe_makes(tmp_path):
    path = tmp_path / "optim.py"
    path.write_text(
        "from mindspore import Parameter, nn\n\n\nclass Averaged(nn.Optimizer):\n    def __init__(self, params):\n"
        "        super().__init__(0.1, params)\n"
        "        self.copies = [Parameter(p.clone(), name=f'copy_{i}') for i, p in enumerate(params)]\n\n"
        "    def construct(self, gradients):\n        return gradients\n"
    )
    (message,) = run_pylint([path], *PROBE)
    status, evidence = probe_status(message)
    assert status == CONFIRMED, evidence
    assert evidence.startswith("Averaged(params=[Parameter(float32[2]), Parameter(float32[2])]) (guessed from")
    assert "the 2 reachable through self.copies ('copy_0', 'copy_1') are not among them" in evidence


def test_a_layer_built_in_construct_is_shown_with_inputs_read_from_the_first_layer_if_the_line_runs(tmp_path):
    path = tmp_path / "heads.py"
    path.write_text(
        "from mindspore import nn\n\n\nclass Head(nn.Cell):\n    def __init__(self):\n        super().__init__()\n"
        "        self.fc = nn.Dense(4, 4)\n\n    def construct(self, x):\n        x = self.fc(x)\n"
        "        return nn.Dense(4, 2)(x)\n\n\n"
        "class Rare(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.fc = nn.Dense(4, 4)\n\n"
        "    def construct(self, x):\n        x = self.fc(x)\n        if x.shape[0] > 100:\n"
        "            x = nn.Dense(4, 4)(x)\n        return x\n"
    )
    head, rare = sorted(run_pylint([path], *PROBE), key=lambda m: m.line)
    status, evidence = probe_status(head)
    assert status == CONFIRMED, evidence
    assert evidence.startswith(
        "Head() (guessed from its first layer, Dense(4)) in training mode holds 2 trainable Parameters before calling "
        "it and 2 after"
    ), evidence
    status, evidence = probe_status(rare)
    assert status == UNCONFIRMABLE
    assert "did not run line 22: the layer it creates there shows nothing" in evidence, evidence


def test_a_layer_its_cell_builds_only_under_other_arguments_refutes_nothing(tmp_path):
    path = tmp_path / "mlp.py"
    path.write_text(
        "from mindspore import nn\n\n\nclass Mlp(nn.Cell):\n    def __init__(self, width, drop):\n"
        "        super().__init__()\n        self.fc = nn.Dense(width, width)\n        self.drop = drop\n"
        "        if drop > 0.0:\n            self.drop = nn.Dropout(drop)\n\n"
        "    def construct(self, x):\n        return self.fc(x)\n"
    )
    (message,) = run_pylint([path], *PROBE, "--disable=all", "--enable=dropout-positional-keep-prob")
    assert probe_status(message) == (
        UNCONFIRMABLE,
        "nn.Dropout(drop) reads values of Mlp(width=8, drop=0.0) (guessed from the parameters' names: width=8, "
        "drop=0.0), which the probe chose: what it measures would show those, not the code's",
    )
    (tmp_path / "train.py").write_text("from mlp import Mlp\n\nnet = Mlp(4, 0.0)\n")
    (message,) = run_pylint([path], *PROBE, "--disable=all", "--enable=dropout-positional-keep-prob")
    assert probe_status(message) == (
        UNCONFIRMABLE,
        "building Mlp(4, 0.0) (as built at train.py:3) did not run line 10, which sets self.drop to the layer: it "
        "shows nothing about that layer",
    )


def test_a_container_set_by_another_branch_under_guessed_arguments_refutes_nothing(tmp_path):
    path = tmp_path / "blocks.py"
    path.write_text(
        "from mindspore import nn\n\n\nclass Blocks(nn.Cell):\n    def __init__(self, depth, legacy):\n"
        "        super().__init__()\n        if legacy:\n"
        "            self.blocks = [nn.Dense(4, 4) for _ in range(depth)]\n"
        "        else:\n            self.blocks = nn.CellList([nn.Dense(4, 4) for _ in range(depth)])\n"
    )
    (tmp_path / "train.py").write_text("from blocks import Blocks\n\nnet = Blocks(2, False)\n")
    (message,) = run_pylint([path], *PROBE)
    assert probe_status(message) == (
        UNCONFIRMABLE,
        "building Blocks(2, False) (as built at train.py:3) does not run line 8: the attribute was set elsewhere, "
        "which shows nothing about that line",
    )
    (tmp_path / "train.py").write_text("from blocks import Blocks\n\nnet = Blocks(2, True)\n")
    (message,) = run_pylint([path], *PROBE)
    assert probe_status(message)[0] == CONFIRMED


def test_layers_built_from_mindspore_imports_alone_need_no_user_module(tmp_path):
    path = tmp_path / "ported.py"
    path.write_text(
        "import not_installed_anywhere_pkg\nimport mindspore\nfrom mindspore import nn, ops\n\n\n"
        "class Block(nn.Cell):\n    def __init__(self, dim):\n        super().__init__()\n"
        "        self.conv = nn.Conv2d(dim, dim * 2, 3, padding=1)\n        self.bn = nn.BatchNorm2d(dim, momentum=0.1)\n\n"
        "    def construct(self, x):\n        return ops.Sigmoid(x)\n\n\n"
        "class Residual(mindspore.nn.Cell):\n    def forward(self, x):\n        return x\n"
    )
    messages = {m.symbol: probe_status(m) for m in run_pylint([path], *PROBE)}
    status, evidence = messages["conv-padding-without-pad-mode"]
    assert status == CONFIRMED
    assert evidence.startswith("building nn.Conv2d(8, 8, 3, padding=1) (standing in: 8 for dim, 8 for dim * 2) raised ValueError")
    status, evidence = messages["batchnorm-torch-momentum"]
    assert status == CONFIRMED
    assert evidence.startswith("after one training-mode step of nn.BatchNorm2d(8, momentum=0.1) (standing in: 8 for dim)")
    status, evidence = messages["primitive-called-with-tensors"]
    assert (status, evidence) == (CONFIRMED, "ops.Sigmoid(Tensor(float32[2, 3])) raised TypeError: too many positional arguments")
    status, evidence = messages["forward-without-construct"]
    assert status == CONFIRMED
    assert evidence.startswith(
        "a Cell of Residual's bases (mindspore.nn.Cell) without construct, Residual()(Tensor(float32[1])), raises "
        "AttributeError: For 'Cell', the method 'construct' is not defined"
    )
    assert "(the module itself does not import here: needs the package 'not_installed_anywhere_pkg'" in evidence


def test_a_cell_whose_module_cannot_import_is_not_confirmed_from_a_base_that_may_bring_construct(tmp_path):
    path = tmp_path / "ported.py"
    path.write_text(
        "import not_installed_anywhere_pkg\nfrom mindspore import nn\n\n\n"
        "class Stack(nn.SequentialCell):\n    def forward(self, x):\n        return x\n"
    )
    assert not run_pylint([path], *PROBE)  # SequentialCell has construct: no finding to probe
    path.write_text(
        "import not_installed_anywhere_pkg\nfrom mindspore import nn\nfrom project_bases import Base\n\n\n"
        "class Net(Base, nn.Cell):\n    def forward(self, x):\n        return x\n"
    )
    # A module name no other test uses: astroid keeps the modules it imported for the whole test run.
    (tmp_path / "project_bases.py").write_text("from mindspore import nn\n\n\nclass Base(nn.Cell):\n    pass\n")
    (message,) = [m for m in run_pylint([path], *PROBE) if m.symbol == "forward-without-construct"]
    assert probe_status(message)[0] == UNCONFIRMABLE


def test_a_cell_without_construct_that_cannot_be_built_is_confirmed_from_its_class_unless_it_may_set_construct(tmp_path):
    path = tmp_path / "ported.py"
    path.write_text(
        "from mindspore import nn\n\n\nclass Head(nn.Cell):\n    def __init__(self, spec):\n        super().__init__()\n"
        "        self.fc = nn.Dense(spec.width, 2)\n\n    def forward(self, x):\n        return self.fc(x)\n\n\n"
        "class Adapter(nn.Cell):\n    def __init__(self, spec):\n        super().__init__()\n"
        "        setattr(self, 'construct', self.forward)\n\n    def forward(self, x):\n        return x\n"
    )
    head, adapter = sorted(run_pylint([path], *PROBE), key=lambda m: m.line)
    assert probe_status(head) == (
        CONFIRMED,
        "Head could not be built here (Head() needs spec: give them in a [[tool.ms_lint.probe.cells]] entry for Head), "
        "but its construct is nn.Cell's own, which raises \"For 'Cell', the method 'construct' is not defined\" on "
        "every call: no class of its own in its MRO mentions construct or defines __call__",
    )
    assert probe_status(adapter) == (
        UNCONFIRMABLE,
        "Adapter() needs spec: give them in a [[tool.ms_lint.probe.cells]] entry for Adapter",
    )


def test_an_experiment_that_asks_mindspore_alone_runs_where_the_user_s_module_cannot_import(tmp_path):
    path = tmp_path / "ported.py"
    path.write_text(
        "import not_installed_anywhere_pkg\nfrom mindspore import nn\n\nnet = nn.Dense(2, 2)\nnet.cuda()\n"
    )
    messages = run_pylint([path], *PROBE)
    (message,) = [m for m in messages if m.symbol == "pytorch-method-on-cell-or-tensor"]
    status, evidence = probe_status(message)
    assert status == CONFIRMED, evidence
    assert "hasattr(mindspore.nn.layer.basic.Dense, 'cuda') is False" in evidence
# -- PyTorch semantics: the evidence names what was built and what it did --------------------------


def _evidence(symbol):
    messages = run_pylint([RULES / symbol / "bad.py"], *PROBE)
    return {message.line: probe_status(message)[1] for message in messages}


def test_dropout_evidence_is_the_fraction_zeroed():
    evidence = _evidence("dropout-positional-keep-prob")
    # The mask is random: about 90% of 10 000 values, never near the 10% p=0.1 would drop.
    about_90 = r"zeroes (8[6-9]|9[0-4])% of a 100x100 input of ones in training mode"
    assert re.fullmatch(r"nn\.Dropout\(0\.1\) \(Dropout\(keep_prob=0\.1\)\) " + about_90, evidence[12]), evidence[12]
    assert re.match(r"Classifier\(attn_drop=0\.1\)\.attn_drop \(Dropout\(keep_prob=0\.1\)\) " + about_90, evidence[14])
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
