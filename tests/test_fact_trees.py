"""A file that is not linted is built for its facts alone, and they are the facts a full tree gives."""

import astroid
import pytest

from lint import REPO, RULES, write_project
from ms_lint.semantics.names import memo
from ms_lint.semantics.program import fact_trees, facts, workspace


def _python_files():
    return sorted([*RULES.rglob("*.py"), *(REPO / "tests" / "functional").rglob("*.py"), *(REPO / "ms_lint").rglob("*.py")])


@pytest.fixture(autouse=True)
def _fresh_run():
    memo.new_run()
    yield
    memo.new_run()


def test_the_facts_of_a_file_are_those_of_its_full_tree():
    for path in _python_files():
        name = workspace.module_name(str(path))
        try:
            full = astroid.MANAGER.ast_from_file(str(path), name, source=True)
        except astroid.AstroidBuildingError:
            continue
        assert fact_trees.facts_of_file(str(path), name) == facts.module_facts(full), path


CLASSES_TRANSFORMS_CHANGE = """\
import dataclasses
import enum

import mindspore as ms
from mindspore import nn


class Mode(enum.IntEnum):
    GRAPH = 0
    PYNATIVE = 1


@dataclasses.dataclass
class Config:
    mode: int = 0
    sink_size: int = 2

    def seed(self):
        ms.set_seed(1)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 2)
        self.init_weights()

    def init_weights(self):
        for _, cell in self.cells_and_names():
            cell.weight.set_data(ms.common.initializer.initializer("zeros", cell.weight.shape))


def main(config=Config()):
    ms.set_context(mode=config.mode)
    ms.set_context(mode=Mode.GRAPH)
    config.seed()
    ms.train.Model(Net()).train(1, None, dataset_sink_mode=False, sink_size=config.sink_size)


if __name__ == "__main__":
    main()
"""


def test_the_facts_of_classes_transforms_change_are_those_of_the_full_tree(tmp_path):
    write_project(tmp_path, {"transformed.py": CLASSES_TRANSFORMS_CHANGE})
    path = str(tmp_path / "transformed.py")
    full = astroid.MANAGER.ast_from_file(path, "transformed", source=True)
    expected = facts.module_facts(full)
    assert expected.facts.scripts and expected.facts.mode_options  # the case says something
    assert fact_trees.facts_of_file(path, "transformed") == expected


def test_the_tree_built_for_facts_stays_out_of_astroids_cache(tmp_path):
    write_project(tmp_path, {"lonely_facts_module.py": "import mindspore as ms\nms.set_seed(1)\n"})
    found = fact_trees.facts_of_file(str(tmp_path / "lonely_facts_module.py"), "lonely_facts_module")
    assert found.facts.seeds
    assert "lonely_facts_module" not in astroid.MANAGER.astroid_cache


def test_facts_that_read_instance_attributes_come_from_a_full_tree(tmp_path, monkeypatch):
    """The tree built for facts records no instance attributes: a question about them is answered
    by the full tree, as if the file were linted."""
    write_project(tmp_path, {"attributes.py": "class Net:\n    def __init__(self):\n        self.dense = 1\n"})

    def attribute_names(module):
        classdef = module.body[0]
        return sorted(classdef.instance_attrs)

    monkeypatch.setattr(fact_trees, "module_facts", attribute_names)
    assert fact_trees.facts_of_file(str(tmp_path / "attributes.py"), "attributes") == ["dense"]


def test_facts_that_never_read_instance_attributes_come_from_the_tree_built_for_them(tmp_path, monkeypatch):
    write_project(tmp_path, {"attributes.py": "class Net:\n    def __init__(self):\n        self.dense = 1\n"})
    full_builds = []
    monkeypatch.setattr(astroid.MANAGER, "ast_from_file", lambda *args, **kwargs: full_builds.append(args))
    found = fact_trees.facts_of_file(str(tmp_path / "attributes.py"), "attributes")
    assert found.module == "attributes" and not full_builds
