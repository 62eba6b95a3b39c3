"""How users turn ms_lint on and off: pyproject.toml, --disable=mindspore, pragmas, options."""

import importlib.util
import json
import subprocess
import sys
import textwrap

import pytest

from lint import REPO

BAD = textwrap.dedent(
    """
    from mindspore import nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = [nn.Dense(2, 2), nn.Dense(2, 2)]
            self.frozen = [nn.Dense(2, 2)]  # pylint: disable=cell-container-not-registered

        def forward(self, x):
            return x
    """
)


def pylint_json(project, *args):
    result = subprocess.run(
        [sys.executable, "-m", "pylint", "--output-format=json2", "--persistent=n", *args, "net.py"],
        cwd=project, capture_output=True, text=True, check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)["messages"]


@pytest.fixture(name="project")
def fixture_project(tmp_path):
    (tmp_path / "net.py").write_text(BAD)
    return tmp_path


def ms_lint_symbols(messages):
    return sorted((m["line"], m["symbol"]) for m in messages if m["messageId"][1:3] == "73")


EXPECTED = [(7, "cell-container-not-registered"), (10, "forward-without-construct")]


def test_pyproject_load_plugins_works_like_the_flag(project):
    (project / "pyproject.toml").write_text('[tool.pylint.main]\nload-plugins = ["ms_lint"]\n')
    assert ms_lint_symbols(pylint_json(project)) == EXPECTED
    (project / "pyproject.toml").unlink()
    assert ms_lint_symbols(pylint_json(project, "--load-plugins=ms_lint")) == EXPECTED


def test_disable_mindspore_turns_the_whole_plugin_off(project):
    assert ms_lint_symbols(pylint_json(project, "--load-plugins=ms_lint", "--disable=mindspore")) == []
    others = pylint_json(project, "--load-plugins=ms_lint", "--disable=mindspore")
    assert others, "pylint's own checks keep running"


def test_one_symbol_can_be_disabled(project):
    found = pylint_json(project, "--load-plugins=ms_lint", "--disable=forward-without-construct")
    assert ms_lint_symbols(found) == EXPECTED[:1]


def test_only_mindspore_checks(project):
    found = pylint_json(project, "--load-plugins=ms_lint", "--disable=all", "--enable=mindspore")
    assert sorted((m["line"], m["symbol"]) for m in found) == EXPECTED


def test_options_are_accepted_in_pyproject_and_on_the_command_line(project):
    (project / "pyproject.toml").write_text(
        '[tool.pylint.main]\nload-plugins = ["ms_lint"]\n\n'
        '[tool.pylint.mindspore]\nmindspore-version = "2.3.1"\nmindspore-device-target = "Ascend"\n'
        'mindspore-mode = "graph"\n'
    )
    assert ms_lint_symbols(pylint_json(project)) == EXPECTED
    assert ms_lint_symbols(pylint_json(project, "--mindspore-device-target=CPU", "--mindspore-mode=pynative")) == EXPECTED
    result = subprocess.run(
        [sys.executable, "-m", "pylint", "--mindspore-mode=eager", "net.py"],
        cwd=project, capture_output=True, text=True, check=False,
    )
    assert result.returncode != 0 and "mindspore-mode" in result.stderr


def test_help_lists_the_plugin_options():
    result = subprocess.run(
        [sys.executable, "-m", "pylint", "--load-plugins=ms_lint", "--help"], capture_output=True, text=True, check=False
    )
    for option in ("--mindspore-version", "--mindspore-device-target", "--mindspore-mode"):
        assert option in result.stdout


def test_help_msg_explains_a_rule():
    result = subprocess.run(
        [sys.executable, "-m", "pylint", "--load-plugins=ms_lint", "--help-msg=cell-container-not-registered"],
        capture_output=True, text=True, check=False,
    )
    assert "W7300" in result.stdout and "nn.CellList" in result.stdout
    # pylint wraps the text at hyphens: compare without the line breaks.
    assert "docs/rules/cell-container-not-registered.md" in "".join(result.stdout.split())


def test_help_msg_links_only_pages_that_exist():
    from pylint.lint import PyLinter  # pylint: disable=import-outside-toplevel

    linter = PyLinter()
    linter.load_plugin_modules(["ms_lint"])
    linked = [
        definition.symbol
        for checker in linter.get_checkers()
        if checker.name == "mindspore"
        for msgid in checker.msgs
        for definition in linter.msgs_store.get_message_definitions(msgid)
        if "docs/rules/" in definition.description
    ]
    assert "cell-container-not-registered" in linked and "graph-findings-withheld" not in linked
    assert [symbol for symbol in linked if not (REPO / "docs" / "rules" / f"{symbol}.md").exists()] == []


@pytest.mark.skipif(importlib.util.find_spec("mindspore") is None, reason="needs MindSpore installed (the probe extra)")
def test_catalog_is_reproducible_from_the_installed_mindspore(tmp_path):
    from importlib import metadata  # pylint: disable=import-outside-toplevel

    from ms_lint.semantics.names import catalog

    if metadata.version("mindspore") != catalog.version():
        pytest.skip(f"installed MindSpore {metadata.version('mindspore')} differs from the catalog's {catalog.version()}")
    output = tmp_path / "catalog.json"
    subprocess.run([sys.executable, "-m", "ms_lint.tools.catalog", "--output", str(output)], check=True, capture_output=True)
    assert json.loads(output.read_text()) == json.loads(catalog.CATALOG_PATH.read_text())
    assert not (REPO / "rank_0").exists()
