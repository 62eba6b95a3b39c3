"""A parameter whose function only other modules call holds what every one of their calls passes
(ms_lint.semantics.program.importer_calls, through the program's facts)."""

import textwrap

import astroid

from lint import findings_file_by_file, project_findings, write_project
from ms_lint.semantics.names import memo, resolve
from ms_lint.semantics.program import importer_calls

RULE = "pytorch-method-on-cell-or-tensor"
UTILS = """
    def predict(net, ids=None):
        net.eval()
        return net(ids)
"""


def _train(body: str) -> str:
    return "from mindspore import nn\nfrom utils import predict\n\n\ndef main(given):\n" + textwrap.indent(
        textwrap.dedent(body), "    "
    )


def test_a_cell_every_importer_passes(tmp_path):
    project = write_project(tmp_path, {"utils.py": UTILS, "train.py": _train("predict(nn.Dense(2, 2))\n")})
    expected = [("utils.py", 3, RULE, "HIGH")]
    assert project_findings(project, RULE, 1, "utils.py", "train.py") == expected
    assert project_findings(project, RULE, 2, "utils.py", "train.py") == expected
    assert findings_file_by_file(project, RULE) == expected


def test_cells_from_two_importers_through_a_module_alias(tmp_path):
    other = "import utils\nfrom mindspore import nn\n\nutils.predict(nn.SequentialCell(nn.Dense(2, 2)), 3)\n"
    files = {"utils.py": UTILS, "train.py": _train("predict(net=nn.Dense(2, 2))\n"), "infer.py": other}
    project = write_project(tmp_path, files)
    assert findings_file_by_file(project, RULE) == [("utils.py", 3, RULE, "HIGH")]


def test_silent_unless_every_importer_call_proves_a_cell(tmp_path):
    cases = {
        "a parameter of the caller": "predict(given)\n",
        "one call passes something else": "predict(nn.Dense(2, 2))\npredict(given)\n",
        "passed around as a value": "predict(nn.Dense(2, 2))\nhooks = [predict]\n",
        "arguments from *args": "predict(*given)\n",
        "a Cell of the user's that has eval": (
            "class Net(nn.Cell):\n    def eval(self):\n        return self\n\npredict(Net())\n"
        ),
        "imported, never called": "return None\n",
    }
    for number, (case, body) in enumerate(cases.items()):
        project = write_project(tmp_path / str(number), {"utils.py": UTILS, "train.py": _train(body)})
        assert project_findings(project, RULE, 1, "utils.py", "train.py") == [], case


def test_silent_when_another_module_calls_a_function_of_that_name_it_does_not_import(tmp_path):
    other = "from mindspore import nn\nfrom helpers import predict\n\npredict(nn.Dense(2, 2))\n"
    helpers = "def predict(net):\n    return net\n"
    files = {"utils.py": UTILS, "helpers.py": helpers, "train.py": _train("predict(nn.Dense(2, 2))\n")}
    files["run.py"] = "import train\n" + other
    project = write_project(tmp_path, files)
    assert project_findings(project, RULE, 1, "utils.py", "train.py", "run.py", "helpers.py") == []


def test_what_a_module_records_of_its_calls(tmp_path):
    write_project(tmp_path, {"utils.py": UTILS})
    source = _train("predict(nn.Dense(2, 2))\npredict(given, ids=1)\n")
    (tmp_path / "train.py").write_text(source, encoding="utf-8")
    memo.new_run()
    module = astroid.MANAGER.ast_from_file(str(tmp_path / "train.py"), "train", source=True)
    records = importer_calls.passed(module)
    utils = str((tmp_path / "utils.py").resolve())
    assert {(name, parameter, summary and summary[0]) for path, name, parameter, summary in records if path == utils} == {
        ("predict", "net", "Cell"),
        ("predict", "net", None),
    }  # ``ids`` receives no PyTorch method call in ``predict``: no rule asks what it holds


def test_a_call_through_an_alias_in_another_module_counts(tmp_path):
    files = {
        "pkg/__init__.py": "",
        "pkg/impl.py": UTILS,
        "pkg/api.py": "from pkg import impl\n\nrun = impl.predict\n",
        "train.py": "from mindspore import nn\nfrom pkg.impl import predict\n\npredict(nn.Dense(2, 2))\n",
    }
    project = write_project(tmp_path / "cells", {name: files[name] for name in ("pkg/__init__.py", "pkg/impl.py", "train.py")})
    assert findings_file_by_file(project, RULE) == [("pkg/impl.py", 3, RULE, "HIGH")]
    files["infer.py"] = "from pkg.api import run\n\n\ndef main(given):\n    run(given)\n"
    project = write_project(tmp_path / "unknown", files)
    assert project_findings(project, RULE, 1, *files) == []
    assert findings_file_by_file(project, RULE) == []


def test_a_submodule_imported_from_its_package(tmp_path):
    files = {
        "pkg/__init__.py": "",
        "pkg/impl.py": UTILS,
        "train.py": "from mindspore import nn\nfrom pkg import impl\n\nimpl.predict(nn.Dense(2, 2))\n",
    }
    project = write_project(tmp_path, files)
    assert project_findings(project, RULE, 2, *files) == [("pkg/impl.py", 3, RULE, "HIGH")]


def test_modules_without_such_functions_are_read_from_their_text_not_parsed(tmp_path):
    helpers = "def build(net):\n    return net\n\n\ndef step(optimizer):\n    optimizer.step()\n"
    losses = "def total(net):\n    return net.trainable_params()\n"
    write_project(tmp_path, {"helpers.py": helpers, "losses.py": losses})
    source = "from mindspore import nn\nfrom helpers import build\nimport losses\n\nlosses.total(build(nn.Dense(2, 2)))\n"
    (tmp_path / "train.py").write_text(source, encoding="utf-8")
    memo.new_run()
    for name in ("helpers", "losses"):
        astroid.MANAGER.astroid_cache.pop(name, None)
    module = astroid.MANAGER.ast_from_file(str(tmp_path / "train.py"), "train", source=True)
    assert importer_calls.passed(module) == frozenset()
    # ``step`` is not imported, ``total`` calls no PyTorch method of its parameter: no tree is built.
    assert "helpers" not in astroid.MANAGER.astroid_cache and "losses" not in astroid.MANAGER.astroid_cache
    # The facts still rest on those files: a change to one is seen by a file linted alone.
    found = {name: str((tmp_path / f"{name}.py").resolve()) for name in ("helpers", "losses")}
    assert resolve.files_read(str(tmp_path / "train.py")) == found
