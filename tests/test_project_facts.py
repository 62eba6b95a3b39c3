"""Facts flow from a program's entry script to the modules it imports, with -j 1 and -j N alike."""

import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import astroid
import pytest

from ms_lint.checkers.base import MODULE_FACTS_TAG
from ms_lint.semantics.names import memo
from ms_lint.semantics.program.facts import ModuleFacts, ProgramFacts
from ms_lint.semantics.program.project import Project

PLUGINS = Path(__file__).parent / "plugins"


def module(name, imports=(), modes=()):
    return ModuleFacts(name, frozenset(imports), ProgramFacts(modes=frozenset(modes)))


def test_an_entry_script_shares_its_facts_with_what_it_imports():
    project = Project(
        [
            module("train", imports=["pkg.models.net", "numpy"], modes=["graph"]),
            module("pkg.models.net", imports=["pkg.layers"]),
            module("pkg.layers"),
            module("other_script", modes=["pynative"]),
        ]
    )
    assert project.facts_for("pkg.layers").modes == {"graph"}
    assert project.facts_for("pkg.models.net").modes == {"graph"}
    assert project.facts_for("other_script").modes == {"pynative"}


def test_a_module_shared_by_two_programs_sees_both():
    project = Project(
        [
            module("train", imports=["net.Model"], modes=["graph"]),
            module("infer", imports=["net"], modes=["pynative"]),
            module("net"),
        ]
    )
    assert project.facts_for("net").modes == {"graph", "pynative"}
    assert project.facts_for("train").modes == {"graph"}


def test_import_cycles_without_an_entry_still_form_a_program():
    project = Project([module("a", imports=["b"], modes=["graph"]), module("b", imports=["a"])])
    assert project.facts_for("b").modes == {"graph"}


def test_unlinted_module_has_no_facts():
    assert Project([]).facts_for("missing") == ProgramFacts()


TRAIN = """
import mindspore as ms
from pkg.net import Net
ms.set_context(mode=ms.GRAPH_MODE)
net = Net()
"""
NET = """
from mindspore import nn
class Net(nn.Cell):
    def construct(self, x):
        return x
"""
SCRIPT = """
from mindspore import nn
class Lonely(nn.Cell):
    def construct(self, x):  # pylint: disable=test-construct-mode
        return x
class Other(nn.Cell):
    def construct(self, x):
        return x
"""


@pytest.fixture(name="project_dir")
def fixture_project_dir(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "net.py").write_text(textwrap.dedent(NET))
    (tmp_path / "train.py").write_text(textwrap.dedent(TRAIN))
    (tmp_path / "script.py").write_text(textwrap.dedent(SCRIPT))
    return tmp_path


def run_json(project_dir, jobs):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(PLUGINS), os.environ.get("PYTHONPATH", "")]))
    result = subprocess.run(
        [
            sys.executable, "-m", "pylint", f"-j{jobs}", "--rcfile", str(Path(__file__).parent / "empty.rc"),
            "--load-plugins=ms_lint,program_mode_echo", "--disable=all", "--enable=test-construct-mode",
            "--output-format=json2", "train.py", "pkg", "script.py",
        ],
        cwd=project_dir, env=env, capture_output=True, text=True, check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return sorted(
        (m["path"], m["line"], m["column"], m["endLine"], m["message"], m["confidence"])
        for m in json.loads(result.stdout)["messages"]
    )


def test_deferred_findings_are_the_same_with_one_or_two_jobs(project_dir):
    sequential = run_json(project_dir, 1)
    assert sequential == [
        ("pkg/net.py", 4, 4, 4, "construct Net", "HIGH"),
        ("script.py", 7, 4, 7, "construct Other", "INFERENCE"),
    ]
    assert run_json(project_dir, 2) == sequential


def test_a_disabled_project_checker_still_answers_for_its_map_data():
    """pylint -j N collects map data from every registered checker, opened or not."""
    from pylint.lint import PyLinter  # pylint: disable=import-outside-toplevel

    from plugins.program_mode_echo import ProgramModeEcho  # pylint: disable=import-outside-toplevel

    memo.new_run()  # as a pylint worker starts
    checker = ProgramModeEcho(PyLinter())
    assert checker.get_map_data() == (MODULE_FACTS_TAG, "ProgramModeEcho", (), ())


def test_module_facts_go_to_the_main_process_once_whichever_checkers_visited(tmp_path):
    """With -j N, the first project checker asked for its map data after a file takes the file's facts."""
    from pylint.lint import PyLinter  # pylint: disable=import-outside-toplevel

    from plugins.program_mode_echo import ProgramModeEcho  # pylint: disable=import-outside-toplevel

    memo.new_run()
    path = tmp_path / "net.py"
    path.write_text(textwrap.dedent(NET))
    module = astroid.MANAGER.ast_from_file(str(path), "net")
    visiting, asked_later = ProgramModeEcho(PyLinter()), ProgramModeEcho(PyLinter())
    visiting.visit_module(module)
    first, second = asked_later.get_map_data(), visiting.get_map_data()
    assert [item.module for item in first[2]] == ["net"]
    assert second[2] == ()


def test_pickled_facts_share_one_empty_set_and_equal_the_originals():
    """A stored project's facts (or a -j N worker's) come back with one empty set for all their empty fields."""
    program = ProgramFacts(modes=frozenset({"graph"}), seeds=frozenset(), weights_set=frozenset(["a"]) - {"a"})
    module = ModuleFacts(module="net", imports=frozenset(), facts=program, path="net.py", called=frozenset(["f"]) - {"f"})
    loaded = pickle.loads(pickle.dumps([module, program], pickle.HIGHEST_PROTOCOL))
    assert loaded == [module, program]
    empties = {id(value) for item in (loaded[0], loaded[1], loaded[0].facts) for value in vars(item).values() if value == frozenset()}
    assert len(empties) == 1
    assert loaded[1].modes == frozenset({"graph"})


def test_a_module_s_empty_facts_are_the_one_shared_empty_set():
    """The facts of every module live as long as the run: their many empty sets are one object."""
    from ms_lint.semantics.program import facts  # pylint: disable=import-outside-toplevel

    module = astroid.parse("import mindspore as ms\nms.set_context(mode=ms.GRAPH_MODE)\n", module_name="empties_net")
    found = facts.module_facts(module)
    empty = [value for value in (*vars(found.facts).values(), found.import_paths, found.distributed_functions) if not value]
    assert empty and all(value is facts.EMPTY for value in empty)
    assert found.facts.modes == frozenset({"graph"})
