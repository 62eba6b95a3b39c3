"""The probe of graph-tensor-numpy-fallback on MindSpore (skipped where it is not installed): the flagged
numpy call, compiled at the LAX level, is a PyExecute node of the validated IR, or it is not."""

import dataclasses
import re

from ms_lint import explain
from ms_lint.probe import backend, config
from ms_lint.probe.engine import Engine
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, UNCONFIRMABLE

from lint import RULES, run_pylint
from probe_support import FIXTURES, finding, requires_mindspore

pytestmark = requires_mindspore
SYMBOL = "graph-tensor-numpy-fallback"
BAD = RULES / SYMBOL / "bad.py"
EXAMPLE = FIXTURES / "experiments" / "numpy_fallback.py"
PROBE = ("--load-plugins=ms_lint,ms_lint.probe", "--probe-cache-dir=off", "--probe-timeout=120")
SUFFIX = re.compile(r" \[probe (confirmed|not reproduced|unconfirmable): (.*)\]$")
BECOMES = "{call} at line {line}, columns {start}-{end} compiles to a PyExecute node (JIT Fallback: the Python interpreter runs it)"


def _engine(configuration=None):
    return Engine(
        backend_factory=lambda: backend.shared(2, 120),
        cache=None,
        config_for=lambda path: configuration or config.ProbeConfig(),
    )


def _finding(path, module, call, cell=None):
    """A finding of the rule on the line of ``path`` that holds ``call``, at the call's columns."""
    lines = path.read_text(encoding="utf-8").splitlines()
    (line,) = [number for number, text in enumerate(lines, start=1) if call in text and "# [" in text]
    col = lines[line - 1].index(call)
    found = finding(path, module, line, symbol=SYMBOL, args=(call,), cell=cell)
    return dataclasses.replace(found, col=col, end_col=col + len(call))


def test_each_call_of_the_bad_example_compiles_to_a_pyexecute_node():
    messages = run_pylint([BAD], *PROBE)
    verdicts = {message.line: SUFFIX.search(message.msg).groups() for message in messages}
    assert sorted(verdicts) == [19, 28, 35]
    assert verdicts[19] == (
        CONFIRMED,
        "compiling MaskedDense.construct in GRAPH_MODE with static inputs x: float32[2, 8] (guessed from its first "
        "layer, Dense(8)) at the LAX syntax level: " + BECOMES.format(call="x.asnumpy()", line=19, start=26, end=37)
        + "; its result's type is Any(Tensor)[Float32]",
    )
    # No layer tells MeanPositive's inputs, nor keep_positive's: placeholders of unknown shape stand in.
    assert verdicts[28] == (
        CONFIRMED,
        "compiling MeanPositive.construct in GRAPH_MODE with inputs of unknown shape x: float32[?] (none configured) "
        "at the LAX syntax level: " + BECOMES.format(call="np.sum(positive)", line=28, start=16, end=32)
        + "; its result's type is Any(Tensor)[Bool]",
    )
    assert verdicts[35][0] == CONFIRMED
    assert verdicts[35][1].startswith(
        "calling keep_positive in GRAPH_MODE with inputs of unknown shape x: float32[?] at the LAX syntax level: "
        + BECOMES.format(call="np.where(x > 0, x, 0)", line=35, start=11, end=32)
    )
    assert all(message.confidence.name == "HIGH" for message in messages)


def test_numpy_the_graph_folds_is_not_reproduced_and_a_refused_line_is_unconfirmable():
    findings = [
        _finding(EXAMPLE, "numpy_fallback", "x.asnumpy()", cell="Masked"),
        _finding(EXAMPLE, "numpy_fallback", "np.sqrt(x.shape[-1])", cell="Scaled"),
        _finding(EXAMPLE, "numpy_fallback", "self.weight.asnumpy()", cell="Weighted"),
    ]
    report = _engine().probe(findings)
    assert not report.notices, report.notices
    masked, scaled, weighted = (report.verdicts[index] for index in range(3))
    assert masked.status == CONFIRMED, masked.evidence
    assert BECOMES.format(call="x.asnumpy()", line=15, start=48, end=59) in masked.evidence
    # With a static shape, numpy on it is a constant the compiler computes: no PyExecute at the call.
    assert (scaled.status, scaled.evidence) == (
        NOT_REPRODUCED,
        "compiling Scaled.construct in GRAPH_MODE with static inputs x: float32[2, 8] (guessed from its first layer, "
        "Dense(8)) at the LAX syntax level: np.sqrt(x.shape[-1]) at line 24, columns 31-51 compiles without a "
        "PyExecute node: the graph computes it (with its own operators, or as a constant)",
    )
    assert weighted.status == UNCONFIRMABLE
    assert weighted.evidence.startswith(
        "no PyExecute node to read: MindSpore refuses the flagged line rather than run it in the Python interpreter: "
        "compiling Weighted.construct in GRAPH_MODE with inputs of unknown shape x: float32[?] (none configured) at "
        "the LAX syntax level fails at line 33: RuntimeError: Failed to compile in GRAPH_MODE because the "
        "'Parameter' object's method 'asnumpy' is not supported"
    )


def test_a_function_run_on_configured_inputs_tells_what_it_raised_after_compiling():
    configuration = config.from_table({"cells": [{"class": "keep_positive", "inputs": [{"dtype": "float32", "shape": [2, 3]}]}]})
    report = _engine(configuration).probe([_finding(BAD, "bad", "np.where(x > 0, x, 0)")])
    verdict = report.verdicts[0]
    assert verdict.status == CONFIRMED, verdict.evidence
    assert verdict.evidence.startswith("calling keep_positive in GRAPH_MODE with static inputs x: float32[2, 3] at the LAX")
    assert verdict.evidence.endswith(
        "; then MindSpore raised TypeError: Failed calling Add with \"Add()(input=Tensor, other=<class 'numpy.ndarray'>)\"."
    )
    assert SYMBOL in {match.symbol for match in explain.rules_matching(verdict.evidence)}
