"""The astroid brain: pylint's own checks see MindSpore as stub modules built from the catalog."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from astroid import MANAGER
from pylint.lint import Run

from lint import EMPTY_RC, REPO
from ms_lint import brain

# pylint's own checks only: ms_lint's rules (some of them errors too) are tested elsewhere.
CHECKS = "no-member,no-name-in-module,import-error,arguments-differ,not-callable,unsubscriptable-object,E"

IMPORT_FORMS = (Path(__file__).resolve().parent / "brain_forms.py").read_text(encoding="utf-8")


def pylint(tmp_path, source: str, *args: str) -> set:
    target = tmp_path / "target.py"
    target.write_text(source, encoding="utf-8")
    command = [
        sys.executable, "-m", "pylint", f"--rcfile={EMPTY_RC}", "--load-plugins=ms_lint", "--disable=all",
        f"--enable={CHECKS}", "--disable=mindspore", "--persistent=n", "--output-format=json2", *args, str(target),
    ]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert "Traceback" not in result.stderr, result.stderr
    return {(m["line"], m["symbol"]) for m in json.loads(result.stdout)["messages"]}


def expected(source: str) -> set:
    return {
        (number, text.rpartition("# [")[2].rstrip("]"))
        for number, text in enumerate(source.splitlines(), start=1)
        if "# [" in text
    }


def test_stub_modules_for_every_import_form(tmp_path):
    assert pylint(tmp_path, IMPORT_FORMS) == expected(IMPORT_FORMS)


def test_opt_out_leaves_pylint_its_own_view(tmp_path):
    found = pylint(tmp_path, IMPORT_FORMS, "--mindspore-brain=n")
    if importlib.util.find_spec("mindspore") is None:
        # Nothing to read: every mindspore import fails, and no name can be checked.
        assert {symbol for _, symbol in found} == {"import-error"}
    else:
        # pylint reads the installed MindSpore itself (its own no-member findings are its business).
        assert "import-error" not in {symbol for _, symbol in found}


def test_a_stub_is_small_and_built_on_first_use():
    brain.enable(True)
    try:
        nn = MANAGER.ast_from_module_name("mindspore.nn")
        assert nn.file.startswith(str(brain.STUBS_PATH.parent))
        dense = next(nn.igetattr("Dense"))
        assert "mindspore.nn.cell.Cell" in {base.qname() for base in dense.ancestors()}
        assert "construct" in dense.locals
        assert MANAGER.ast_from_module_name("mindspore.nn.layer.basic").qname() == "mindspore.nn.layer.basic"
    finally:
        brain.enable(False)
    assert "mindspore.nn" not in MANAGER.astroid_cache


@pytest.mark.parametrize("name", ["mindspore.nn.Linear", "mindspore.no_such_module"])
def test_no_module_where_mindspore_has_none(name):
    assert brain.build(name) is None


def test_only_mindspore_is_served():
    cache = brain.StubCache()
    assert "mindspore_hub" not in cache and "numpy" not in cache
    assert "mindspore.ops" in cache


def test_a_run_of_ms_lint_alone_gets_empty_stand_ins():
    brain.enable(True, stubs=False)
    try:
        nn = MANAGER.ast_from_module_name("mindspore.nn")
        assert not nn.locals and not nn.package
        assert [type(value).__name__ for value in nn.getattr("Dense")] == ["Unknown"]
        assert [type(value).__name__ for value in nn.getattr("Linear")] == ["Unknown"]  # nothing is vouched for
    finally:
        brain.enable(False)


@pytest.mark.parametrize(
    "enabled, stubs", [("mindspore", False), ("syntax-error", False), ("mindspore,no-member", True), ("W", True)]
)
def test_stubs_are_built_only_when_a_pylint_check_may_read_them(tmp_path, enabled, stubs):
    target = tmp_path / "target.py"
    target.write_text("x = 1\n", encoding="utf-8")
    Run([f"--rcfile={EMPTY_RC}", "--load-plugins=ms_lint", "--disable=all", f"--enable={enabled}", "--persistent=n", str(target)], exit=False)
    try:
        assert MANAGER.astroid_cache.stubs is stubs
    finally:
        brain.enable(False)


ONE_MISTAKE = '''\
from mindspore import nn, ops
from mindspore import ms_function
from mindspore.dataset.vision import c_transforms
import mindspore.dataset.vision.py_transforms as P
from mindspore.dataset.transforms.c_transforms import Compose


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = ops.Relu()
        self.seq = nn.Sequential()
        self.missing = nn.NoSuchLayer()


print(c_transforms, P, ms_function, Compose, Net)
'''
RULES_OF_THOSE_NAMES = "pytorch-name-on-mindspore-module,api-removed"


def test_a_name_ms_lint_reports_gets_its_message_only(tmp_path):
    # ms_lint's message says what is wrong and what to use; pylint's would say the same mistake again.
    found = pylint(tmp_path, ONE_MISTAKE, f"--enable={RULES_OF_THOSE_NAMES}")
    assert found == {
        (2, "api-removed"),
        (3, "api-removed"),
        (4, "api-removed"),
        (5, "api-removed"),
        (8, "pytorch-name-on-mindspore-module"),
        (11, "pytorch-name-on-mindspore-module"),
        (12, "pytorch-name-on-mindspore-module"),
        (13, "no-member"),  # no rule reports a misspelt name: pylint's message stays
    }


def test_with_those_rules_off_pylint_reports_the_names_itself(tmp_path):
    found = pylint(tmp_path, ONE_MISTAKE)
    assert {(8, "no-member"), (11, "no-member"), (12, "no-member"), (13, "no-member")} <= found
    assert {(2, "no-name-in-module"), (3, "no-name-in-module"), (4, "import-error")} <= found
