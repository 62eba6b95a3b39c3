"""The Ascend limits table, the constant folder and argument binding behind the ascend-* rules."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import astroid
import pytest

from ms_lint.semantics.graph import ascend
from ms_lint.semantics.names import arguments, catalog, constants


def test_every_api_of_the_table_is_a_catalog_entity_with_a_signature():
    table = ascend.data()
    for entry in table["families"] + table["groups"]:
        assert entry["source"] in table["sources"]
        assert set(entry.get("documented_by", ())) <= set(entry["apis"])
        for api in entry["apis"]:
            entity = catalog.lookup(api)
            assert entity is not None, api
            assert entity.args or entity.path in table["signatures"], api
    for source in table["sources"].values():
        assert source["url"].startswith("https://") and source["version"]


def test_every_limit_names_an_attribute_the_apis_take():
    for entry in ascend.data()["families"]:
        for limit in entry["limits"]:
            assert limit["attribute"] in ascend.PARAMETERS
            assert limit.get("axes", "") in ("", "d", "hw")
            assert limit["low"] <= limit["high"]


@pytest.mark.parametrize(
    "name, dims",
    [("mindspore.nn.layer.conv.Conv1d", 1), ("mindspore.ops.operations.nn_ops.Conv3DTranspose", 3),
     ("mindspore.ops.function.nn_func.max_pool2d", 2), ("mindspore.ops.operations.nn_ops.MaxPool", 2)],
)
def test_spatial_dims_come_from_the_name(name, dims):
    assert ascend.spatial_dims(name) == dims


def _value(code: str):
    module = astroid.parse(textwrap.dedent(code))
    return constants.fold(module.body[-1].value)


@pytest.mark.parametrize(
    "code, expected",
    [
        ("x = 64", 64),
        ("x = -3", -3),
        ("A = 8\nx = A * 8", 64),
        ("A = (1, 2)\nx = A + (3,)", (1, 2, 3)),
        ("x = (2,) * 3", (2, 2, 2)),
        ("x = [1, 'same']", (1, "same")),
        ("x = (y, 64)", (None, 64)),
        ("A = 1\nA = 2\nx = A", 2),
        ("A = 1\nif c:\n    A = 2\nx = A", None),
        ("for A in range(3):\n    pass\nx = A", None),
        ("x = True", None),
        ("x = 1.5", None),
        ("x = 2 ** 10", None),
        ("x = 1 // 0", None),
        ("x = f(3)", None),
        ("x = (*a, 1)", None),
    ],
)
def test_constant_folding(code, expected):
    assert _value(code) == expected


def test_a_function_argument_is_not_a_constant():
    function = astroid.extract_node("def f(stride=64):\n    return stride  #@\n")
    assert constants.fold(function.value) is None


def test_arguments_bind_by_position_and_keyword():
    call = astroid.extract_node("f(1, 2, *rest, c=3)")
    bound = arguments.bound(call, ("a", "b", "c", "d"))
    assert {name: value.as_string() for name, value in bound.items()} == {"a": "1", "b": "2", "c": "3"}


def _call(code: str):
    return astroid.extract_node(textwrap.dedent(code))


def test_violations_carry_the_limit_and_its_confidence():
    call = _call("from mindspore import nn, ops\nops.avg_pool2d(x, 2, (1, 100))")
    (violation,) = ascend.attribute_violations(call)
    assert (violation.parameter, violation.value, violation.largest) == ("stride", (1, 100), 100)
    assert (violation.kernel, violation.limit.high, violation.confidence) == ("AvgPool", 63, "HIGH")
    call = _call("from mindspore import nn\nnn.Conv2d(8, 8, 3, stride=64)")
    assert [v.confidence for v in ascend.attribute_violations(call)] == ["INFERENCE"]


def test_a_group_violation_lists_what_is_known():
    call = _call("from mindspore import nn\nnn.Conv2d(c, 16, 3, group=8)")
    violation = ascend.group_violation(call)
    assert violation.values == (("group", 8), ("out_channels", 16))
    assert ascend.group_violation(_call("from mindspore import nn\nnn.Conv2d(c, 8, 3, group=8)")) is None


def test_the_tables_render_for_the_docs():
    assert "| Conv2D |" in ascend.limits_table()
    assert "`ops.Conv3D`" in ascend.groups_table()


TRAIN = """
import mindspore as ms
from models.net import Net
ms.set_device("Ascend")
net = Net()
"""
NET = """
from mindspore import nn
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(64, 128, 3, stride=64, group=4)
    def construct(self, x):
        return self.conv(x)
"""
EVAL = """
import mindspore as ms
from models.net import Net
ms.set_device("CPU")
"""


def _run(project: Path, jobs: int, *files: str):
    result = subprocess.run(
        [sys.executable, "-m", "pylint", f"-j{jobs}", "--rcfile", str(Path(__file__).parent / "empty.rc"),
         "--load-plugins=ms_lint", "--disable=all", "--enable=mindspore", "--output-format=json2", *files],
        cwd=project, env=dict(os.environ), capture_output=True, text=True, check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return sorted((m["path"], m["line"], m["symbol"], m["confidence"]) for m in json.loads(result.stdout)["messages"])


def test_a_target_set_in_the_entry_script_reaches_the_models_with_any_jobs(tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "__init__.py").write_text("")
    (tmp_path / "models" / "net.py").write_text(textwrap.dedent(NET))
    (tmp_path / "train.py").write_text(textwrap.dedent(TRAIN))
    expected = [
        ("models/net.py", 6, "ascend-group-conv-unsupported", "INFERENCE"),
        ("models/net.py", 6, "ascend-op-attr-out-of-range", "INFERENCE"),
    ]
    assert _run(tmp_path, 1, "train.py", "models") == expected
    assert _run(tmp_path, 2, "train.py", "models") == expected
    # The models linted alone still read the target train.py sets.
    assert _run(tmp_path, 1, "models") == expected
    # Another program runs the same model on CPU: the target is ambiguous, silent.
    (tmp_path / "eval.py").write_text(textwrap.dedent(EVAL))
    assert _run(tmp_path, 1, "train.py", "eval.py", "models") == []


def test_the_rule_pages_render_the_tables():
    from ms_lint.tools import docs  # pylint: disable=import-outside-toplevel

    pages = {rule.symbol: docs.rule_page(rule) for rule in docs.rules()}
    assert ascend.limits_table() in pages["ascend-op-attr-out-of-range"]
    assert ascend.groups_table() in pages["ascend-group-conv-unsupported"]
    assert "### Limits table" not in pages["ops-in-dataset-pipeline"]
