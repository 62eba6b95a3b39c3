"""The probe of the API-change rules: stand-ins where the code's values cannot be used, changed defaults.

The decision on a changed default is tested without MindSpore (any installed version can be
faked); the rest runs under the installed MindSpore (2.10 on CPU when these were written).
"""

import re

from ms_lint.probe.experiments.api_changes import STAND_INS, default_verdict, defaults_verdict
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, UNCONFIRMABLE

from lint import run_pylint
from probe_support import requires_mindspore

PROBE = ("--load-plugins=ms_lint,ms_lint.probe", "--probe-cache-dir=off", "--probe-timeout=120")
SUFFIX = re.compile(r" \[probe (confirmed|not reproduced|unconfirmable): (.*)\]$")
DENSE = {
    "name": "mindspore.nn.Dense",
    "parameter": "weight_init",
    "removed": False,
    "default": ["'normal'", "None"],
    "changed_in": "2.1",
    "reference": "https://www.mindspore.cn/docs/en/r2.1/RELEASE.html",
}


def _verdicts(tmp_path, source, *options):
    path = tmp_path / "script.py"
    path.write_text(source)
    found = {}
    for message in run_pylint([path], *PROBE, *options):
        match = SUFFIX.search(message.msg)
        assert match, message.msg
        found.setdefault(message.line, []).append((message.symbol, match.group(1), _without_version(match.group(2))))
    return found


def _without_version(evidence):
    """The evidence after its ``MindSpore 2.10.0: ``, which names the installed version."""
    version = re.match(r"MindSpore [^:]+: ", evidence)
    assert version, evidence
    return evidence[version.end():]


# -- a changed default, decided from the installed signature (no MindSpore needed) ----------------


def test_a_default_changed_before_the_installed_version_is_confirmed_from_its_signature():
    verdict = default_verdict("2.10.0", DENSE, None)
    assert verdict.status == CONFIRMED
    assert verdict.evidence == (
        "MindSpore 2.10.0: nn.Dense(weight_init=...) defaults to None; the code was written for a version where it "
        "was 'normal' (the table: https://www.mindspore.cn/docs/en/r2.1/RELEASE.html)"
    )


def test_a_mindspore_older_than_the_change_cannot_show_the_later_default():
    verdict = default_verdict("2.0.0", DENSE, "normal")
    assert verdict.status == UNCONFIRMABLE
    assert verdict.evidence == (
        "MindSpore 2.0.0 predates MindSpore 2.1, which changed the default of nn.Dense(weight_init=...): it cannot "
        "show the later default"
    )


def test_an_installed_default_other_than_the_table_s_is_not_reproduced():
    verdict = default_verdict("2.10.0", DENSE, "normal")
    assert verdict.status == NOT_REPRODUCED
    assert "defaults to 'normal', not to the table's None" in verdict.evidence


def test_a_default_of_the_same_text_but_another_type_is_not_the_table_s():
    verdict = default_verdict("2.10.0", dict(DENSE, default=["'normal'", "'None'"]), None)
    assert verdict.status == NOT_REPRODUCED


def test_a_call_s_changed_defaults_are_confirmed_together_and_refuted_by_any_one():
    bias = dict(DENSE, parameter="bias_init", default=["'zeros'", "None"])
    both = defaults_verdict([default_verdict("2.10.0", DENSE, None), default_verdict("2.10.0", bias, None)])
    assert both.status == CONFIRMED
    assert "nn.Dense(weight_init=...) defaults to None" in both.evidence
    assert "nn.Dense(bias_init=...) defaults to None" in both.evidence
    # The experiment reads signatures: it confirms the change, and leaves the program's reliance to the lint.
    assert str(both.evidence).endswith(" (measured: the installed default, not the program's reliance on it, which is the lint's finding)")
    assert str(defaults_verdict([default_verdict("2.10.0", DENSE, None)]).evidence).count("measured") == 1
    one_differs = defaults_verdict([default_verdict("2.10.0", DENSE, None), default_verdict("2.10.0", bias, "zeros")])
    assert one_differs.status == NOT_REPRODUCED
    older = defaults_verdict([default_verdict("2.0.0", DENSE, "normal"), default_verdict("2.10.0", bias, None)])
    assert older.status == UNCONFIRMABLE


# -- under MindSpore ------------------------------------------------------------------------------

CONTEXT = """\
import argparse
import mindspore as ms

args = argparse.ArgumentParser().parse_args()
ms.set_context(mode=ms.GRAPH_MODE, device_target="Ascend")
ms.set_context(device_target=args.device_target)
ms.set_context(device_target="CPU")
ms.set_context(device_id=int(args.device_id))
"""


@requires_mindspore
def test_set_context_device_target_is_tried_with_cpu_where_the_code_s_device_cannot_be_used(tmp_path):
    assert STAND_INS["mindspore.set_context(device_target=)"] == {"device_target": "CPU"}
    verdicts = _verdicts(tmp_path, CONTEXT, "--disable=all", "--enable=api-context-option-deprecated")
    logged = (
        "set_context(device_target='CPU') logged: For 'context.set_context', the parameter "
        "'device_target' will be deprecated"
    )
    for line, note in (
        (5, "(the code's 'Ascend' is not available here: tried with 'CPU')"),
        (6, "(the code's value is computed: tried with 'CPU')"),
    ):
        ((_, status, evidence),) = verdicts[line]
        assert status == CONFIRMED, evidence
        assert evidence.startswith(logged) and evidence.endswith(note), evidence
    ((_, status, evidence),) = verdicts[7]
    assert status == CONFIRMED and "tried with" not in evidence, evidence
    ((_, status, evidence),) = verdicts[8]  # no stand-in: MindSpore logs before it refuses None
    assert status == CONFIRMED, evidence
    assert evidence.startswith("set_context(device_id=None) logged: "), evidence
    assert evidence.endswith("(the code's value is computed: tried with None)"), evidence


DEPRECATED_CLASSES = """\
from mindspore import nn, SparseTensor

first = nn.Unfold(ksizes=[1, 2, 2, 1], strides=[1, 1, 1, 1], rates=[1, 1, 1, 1])
second = nn.Unfold([1, 3, 3, 1], [1, 1, 1, 1], [1, 1, 1, 1], "same")
"""


@requires_mindspore
def test_a_deprecated_class_is_built_with_the_call_s_literal_arguments_each_time(tmp_path):
    """MindSpore logs each deprecation once per process: the second Unfold is confirmed too."""
    verdicts = _verdicts(tmp_path, DEPRECATED_CLASSES, "--disable=all", "--enable=api-deprecated")
    logged = " logged: 'Unfold' is deprecated from version "
    for line, built in (
        (3, "Unfold(ksizes=[1, 2, 2, 1], strides=[1, 1, 1, 1], rates=[1, 1, 1, 1])"),
        (4, "Unfold([1, 3, 3, 1], [1, 1, 1, 1], [1, 1, 1, 1], 'same')"),
    ):
        ((_, status, evidence),) = verdicts[line]
        assert status == CONFIRMED, evidence
        assert evidence.startswith(built + logged), evidence
    ((_, status, evidence),) = verdicts[1]
    assert status == CONFIRMED, evidence
    assert evidence.startswith("SparseTensor(indices=[[0, 1]], values=[1.0], shape=(2, 2)) logged: ")
    assert evidence.endswith("(stand-in arguments: the code's are not literal)"), evidence


@requires_mindspore
def test_a_changed_default_is_confirmed_from_the_installed_signature(tmp_path):
    source = "from mindspore import nn\n\nlayer = nn.Conv2d(3, 8, 3)\n"
    verdicts = _verdicts(
        tmp_path, source, "--disable=all", "--enable=api-default-changed", "--mindspore-code-version=2.0"
    )
    ((_, status, evidence),) = verdicts[3]
    assert status == CONFIRMED, evidence
    assert evidence.startswith(
        "nn.Conv2d(weight_init=...) defaults to None; the code was written for a version where it was 'normal'"
    ), evidence
    assert evidence.endswith("not the program's reliance on it, which is the lint's finding)"), evidence


@requires_mindspore
def test_one_finding_per_call_has_each_of_its_changed_defaults_read(tmp_path):
    source = "from mindspore import nn\n\nlayer = nn.Dense(3, 8)\n"
    verdicts = _verdicts(
        tmp_path, source, "--disable=all", "--enable=api-default-changed", "--mindspore-code-version=2.0"
    )
    ((_, status, evidence),) = verdicts[3]
    assert status == CONFIRMED, evidence
    assert "nn.Dense(weight_init=...) defaults to None" in evidence
    assert "nn.Dense(bias_init=...) defaults to None" in evidence


@requires_mindspore
def test_a_computed_keyword_is_tried_with_its_default_and_a_type_error_about_the_value_refutes_nothing(tmp_path):
    source = "from mindspore import nn\n\n\ndef block(rate):\n    return nn.Dropout(keep_prob=1 - rate)\n"
    verdicts = _verdicts(tmp_path, source, "--disable=all", "--enable=api-deprecated")
    ((_, status, evidence),) = verdicts[5]
    assert status == CONFIRMED, evidence
    assert evidence.startswith("Dropout(keep_prob=0.5) logged: "), evidence
    assert evidence.endswith("(the code's value is computed: tried with 0.5)"), evidence


@requires_mindspore
def test_a_python_number_first_is_confirmed_by_calling_the_function_so(tmp_path):
    source = "from mindspore import Tensor, ops\n\nx = Tensor([1.0, 2.0])\nsame = ops.equal(1.0, x)\n"
    verdicts = _verdicts(tmp_path, source, "--disable=all", "--enable=api-removed")
    ((symbol, status, evidence),) = verdicts[4]
    assert (symbol, status) == ("api-removed", CONFIRMED), evidence
    assert evidence.startswith("mindspore.ops.equal(1.0, Tensor([1.0, 2.0])) raises TypeError: Failed calling"), evidence
