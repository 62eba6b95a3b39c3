"""The table of operators MindSpore fails to run on CPU (ms_lint/data/cpu_unsupported_ops.py) and the tool that observes
it (ms_lint/tools/cpu_ops.py), without MindSpore: entries against the per-version catalogs, recipes against the table,
and the tool's verdicts and crash handling against a scripted child process."""

import ast
import sys
import textwrap

import pytest

from ms_lint.data import cpu_unsupported_ops as table
from ms_lint.semantics.names import versions
from ms_lint.tools import cpu_ops

CATALOGUED = tuple(tuple(int(part) for part in text.split(".")[:2]) for text in versions.versions())
ids = lambda entry: entry.api  # noqa: E731


def test_every_observed_version_is_catalogued():
    assert set(table.OBSERVED_VERSIONS) <= set(CATALOGUED)


@pytest.mark.parametrize("entry", table.CPU_UNSUPPORTED_OPS, ids=ids)
def test_entry_exists_in_every_version_it_fails_in(entry):
    assert entry.versions, entry.api
    assert list(entry.versions) == sorted(set(entry.versions)), "versions are listed once each, oldest first"
    assert set(entry.versions) <= set(table.OBSERVED_VERSIONS), "a version nobody ran"
    for version in entry.versions:
        assert versions.present(entry.api, version) is True, f"{entry.api} is not in MindSpore {table.named(version)}"


@pytest.mark.parametrize("entry", [entry for entry in table.CPU_UNSUPPORTED_OPS if entry.alternative], ids=ids)
def test_alternative_exists_in_every_version_it_is_offered_for(entry):
    for version in entry.versions:
        assert versions.present(f"mindspore.{entry.alternative}", version) is True, entry.alternative


def test_failing_compares_major_and_minor():
    dropout = table.BY_API["mindspore.mint.nn.functional.dropout"]
    assert table.failing(dropout, (2, 10, 0)) and table.failing(dropout, (2, 10, 1))
    assert not table.failing(dropout, (2, 9, 0))
    assert table.failing(table.BY_API["mindspore.mint.equal"], (2, 7, 0))
    assert not table.failing(table.BY_API["mindspore.mint.equal"], (2, 6, 0))
    assert table.named((2, 9, 1)) == "2.9"


def test_every_entry_has_a_recipe_and_every_recipe_an_entry():
    assert list(cpu_ops.RECIPES) == [entry.api for entry in table.CPU_UNSUPPORTED_OPS]
    offered = {f"mindspore.{entry.alternative}" for entry in table.CPU_UNSUPPORTED_OPS if entry.alternative}
    assert set(cpu_ops.alternatives()) == offered
    assert cpu_ops.recipe_of("mindspore.ops.cumsum") == cpu_ops.RECIPES["mindspore.mint.cumsum"]


@pytest.mark.parametrize("api", list(cpu_ops.RECIPES))
def test_recipe_writes_a_cell_that_parses(api):
    recipe = cpu_ops.RECIPES[api]
    assert "{op}" in recipe.call
    for is_class in (False, True):
        source = cpu_ops.cell_source(api, recipe, is_class)
        construct = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.FunctionDef)][-1]
        assert [arg.arg for arg in construct.args.args] == ["self", *recipe.inputs()]
    for name in recipe.inputs():
        assert name in cpu_ops.INPUTS


def test_cell_source_builds_a_primitive_and_calls_a_function():
    einsum = cpu_ops.cell_source("mindspore.ops.Einsum", cpu_ops.RECIPES["mindspore.ops.Einsum"], True)
    assert "self.op = mindspore.ops.Einsum('ij,jk->ik')" in einsum
    assert "def construct(self, m):\n        return self.op((m, m))" in einsum
    addmm = cpu_ops.cell_source("mindspore.mint.addmm", cpu_ops.RECIPES["mindspore.mint.addmm"], False)
    assert "return mindspore.mint.addmm(m, m, m)" in addmm


KERNEL_SELECT = "RuntimeError: - Kernel select failed: Unsupported op [%s] on CPU"


@pytest.mark.parametrize(
    "pynative, graph, verdict, kernel",
    [
        ("RuntimeError: The kernel EqualExt unregistered.", KERNEL_SELECT % "EqualExt", "fails", "EqualExt"),
        # 2.7 names a pyboost kernel by its C++ type, 2.8 also the device by its number (CPU is 1).
        ("RuntimeError: Not found op N9mindspore6kernel7pyboost5AddmmE on device CPU", KERNEL_SELECT % "Addmm",
         "fails", "Addmm"),
        ("RuntimeError: Not found op N9mindspore6kernel7pyboost13FuncMaxPool2DE on device 1",
         KERNEL_SELECT % "MaxPoolWithMask", "fails", "FuncMaxPool2D / MaxPoolWithMask"),
        ("RuntimeError: Create kernelmod for op LayerNormExt failed", KERNEL_SELECT % "LayerNormExt",
         "fails", "LayerNormExt"),
        ("RuntimeError: Not found op FuncMaxPool2D on device 2", KERNEL_SELECT % "MaxPoolWithMask", "inconclusive", ""),
        ("RuntimeError: Not implement exception", KERNEL_SELECT % "DropoutExt", "inconclusive", ""),
        ("", KERNEL_SELECT % "Einsum", "inconclusive", ""),
        ("ValueError: For 'Inverse', the input must be square", "ValueError: the same", "inconclusive", ""),
        ("", "", "runs", ""),
    ],
)
def test_judge(pynative, graph, verdict, kernel):
    found = cpu_ops.judge("api", {"PyNative": pynative, "GRAPH_MODE": graph})
    assert (found.verdict, found.kernel) == (verdict, kernel)


def test_kernel_name_reads_a_cpp_type_name():
    assert cpu_ops.kernel_name("N9mindspore6kernel7pyboost5AddmmE") == "Addmm"
    assert cpu_ops.kernel_name("NPUGetFloatStatus") == "NPUGetFloatStatus"
    assert cpu_ops.kernel_name("NonMaxSuppressionV3") == "NonMaxSuppressionV3"


# A child process that speaks the tool's protocol: "crash" aborts, "hang" sleeps, "gone" is absent,
# "fine" runs, anything else fails for want of a kernel; every start is logged.
FAKE_CHILD = textwrap.dedent(
    """
    import json, os, sys, time
    with open(sys.argv[1], "a") as log:
        log.write(" ".join(sys.argv[2:]) + "\\n")
    for api in sys.argv[2:]:
        print("@@cpu_ops " + json.dumps({"start": api}), flush=True)
        if api == "crash":
            os.abort()
        if api == "hang":
            time.sleep(30)
        if api == "gone":
            print("@@cpu_ops " + json.dumps({"api": api, "absent": True}), flush=True)
            continue
        said = "" if api == "fine" else "RuntimeError: The kernel X unregistered."
        print("@@cpu_ops " + json.dumps({"api": api, "errors": {"PyNative": said, "GRAPH_MODE": said}}), flush=True)
    """
)


def _fake(tmp_path):
    script = tmp_path / "child.py"
    script.write_text(FAKE_CHILD, encoding="utf-8")
    log = tmp_path / "runs.log"
    return (sys.executable, str(script), str(log)), log


def test_a_crash_is_run_again_alone_and_the_rest_in_a_new_child(tmp_path):
    command, log = _fake(tmp_path)
    found = cpu_ops.observe(["a", "crash", "b", "fine", "gone"], batch=5, jobs=1, command=command, startup=10)
    assert {api: obs.verdict for api, obs in found.items()} == {
        "a": "fails", "crash": "inconclusive", "b": "fails", "fine": "runs", "gone": "absent"
    }
    assert list(found) == ["a", "crash", "b", "fine", "gone"]
    assert "the process ended: exit status" in found["crash"].errors["PyNative"]
    assert log.read_text(encoding="utf-8").splitlines() == ["a crash b fine gone", "crash", "b fine gone"]


def test_a_child_that_hangs_is_stopped(tmp_path):
    command, log = _fake(tmp_path)
    found = cpu_ops.observe(["a", "hang", "b"], batch=3, jobs=2, timeout=0.2, command=command, startup=2.0)
    assert [obs.verdict for obs in found.values()] == ["fails", "inconclusive", "fails"]
    assert "timed out" in found["hang"].errors["GRAPH_MODE"]
    assert sorted(log.read_text(encoding="utf-8").splitlines()) == ["a hang b", "b", "hang"]


def test_an_api_without_a_recipe_is_refused(capsys):
    with pytest.raises(SystemExit):
        cpu_ops.main(["mindspore.mint.add"])
    assert "no recipe for mindspore.mint.add" in capsys.readouterr().err
