"""The execution mode a program sets: literals, constants, argparse and config defaults."""

import argparse
import functools

import astroid
import pytest

from ms_lint import options
from ms_lint.semantics.graph import modes
from ms_lint.semantics.program import facts, project

SETTINGS = argparse.Namespace(mindspore_version="2.10.0", mindspore_device_target="auto", mindspore_mode="auto")


def program_mode(*sources):
    """The mode of a program made of these modules (the first imports the others)."""
    module_facts = [facts.module_facts(astroid.parse(source, module_name=f"m{i}")) for i, source in enumerate(sources)]
    return options.target(SETTINGS, functools.reduce(project.merge, (item.facts for item in module_facts))).mode


@pytest.mark.parametrize(
    "source, expected",
    [
        ("import mindspore as ms\nms.set_context(mode=0)\n", "graph"),
        ("import mindspore as ms\nms.set_context(mode=ms.PYNATIVE_MODE)\n", "pynative"),
        ("import mindspore as ms\nMODE = ms.GRAPH_MODE\nms.set_context(mode=MODE)\n", "graph"),
        ("import mindspore as ms\nms.set_context(mode=ms.GRAPH_MODE if fast else ms.GRAPH_MODE)\n", "graph"),
        ("import mindspore as ms\nms.set_context(mode=ms.GRAPH_MODE if fast else ms.PYNATIVE_MODE)\n", None),
        ("import mindspore as ms\ndef main(mode=0):\n    ms.set_context(mode=mode)\n", None),
        ("import mindspore as ms\nms.set_context(mode=True)\n", None),
        ("import mindspore as ms\nms.set_context(mode=modes[0])\n", None),
    ],
    ids=["literal", "constant", "module-constant", "same-both-ways", "either-way", "argument", "bool", "subscript"],
)
def test_mode_from_a_value(source, expected):
    assert program_mode(source) == expected


ARGPARSE = """
import argparse
import functools
import mindspore as ms
parser = argparse.ArgumentParser()
parser.add_argument("--mode", type=int, default={default})
args = parser.parse_args()
ms.set_context(mode=args.mode)
"""


@pytest.mark.parametrize(
    "default, expected", [("0", "graph"), ("ms.PYNATIVE_MODE", "pynative"), ("None", None), ("'graph'", None)]
)
def test_mode_from_an_argparse_default(default, expected):
    assert program_mode(ARGPARSE.format(default=default)) == expected


def test_a_table_of_modes_indexed_by_an_option():
    source = ARGPARSE.replace("--mode", "--graph_mode").replace(
        "ms.set_context(mode=args.mode)", "mode = {0: ms.GRAPH_MODE, 1: ms.PYNATIVE_MODE}\nms.set_context(mode=mode[args.graph_mode])"
    )
    assert program_mode(source.replace("{default}", "0")) == "graph"
    assert program_mode(source.replace("{default}", "1")) == "pynative"
    swapped = source.replace("{0: ms.GRAPH_MODE, 1: ms.PYNATIVE_MODE}", "{1: ms.GRAPH_MODE, 0: ms.PYNATIVE_MODE}")
    assert program_mode(swapped.replace("{default}", "0")) is None


def test_an_option_defined_in_another_module_of_the_program():
    train = "import mindspore as ms\nfrom config import parse_args\nargs = parse_args()\nms.set_context(mode=args.ms_mode)\n"
    config = "import argparse\ndef parse_args():\n    p = argparse.ArgumentParser()\n    p.add_argument('--ms-mode', default=0)\n    return p.parse_args()\n"
    assert program_mode(train, config) == "graph"


def test_options_of_that_name_that_disagree_leave_the_mode_unknown():
    other = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--mode', dest='mode', default=1)\n"
    assert program_mode(ARGPARSE.format(default="0"), other) is None


def test_an_option_without_mode_in_its_name_is_not_followed():
    source = "import mindspore as ms\nimport argparse\np = argparse.ArgumentParser()\np.add_argument('--graph', default=0)\nms.set_context(mode=p.parse_args().graph)\n"
    assert program_mode(source) is None


def test_mode_from_a_config_class_default():
    source = """
import dataclasses
import mindspore as ms

@dataclasses.dataclass
class RunConfig:
    mode: int = ms.GRAPH_MODE
    device_target: str = "CPU"

def main(cfg: RunConfig):
    ms.set_context(mode=cfg.mode)
"""
    assert program_mode(source) == "graph"


def test_option_references_stay_unresolved_until_the_program_is_known():
    found = facts.module_facts(astroid.parse("import mindspore as ms\nms.set_context(mode=cfg.run_mode)\n"))
    assert found.facts.modes == {modes.OPTION + "run_mode"}
    assert modes.resolve(found.facts.modes, {"run_mode=pynative"}) == {"pynative"}
    assert modes.resolve(found.facts.modes, set()) == {"dynamic"}
