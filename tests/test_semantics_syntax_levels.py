"""The JIT syntax level: read from set_context, JitConfig and @jit(fullgraph=True), and the option."""

import argparse

import astroid
import pytest

from ms_lint import options
from ms_lint.semantics.graph import syntax_levels
from ms_lint.semantics.program import facts


def levels(code):
    return facts.module_facts(astroid.parse(code, module_name="train")).facts.syntax_levels


@pytest.mark.parametrize(
    "setting, expected",
    [
        ("ms.set_context(jit_syntax_level=ms.STRICT)", {"STRICT"}),
        ("ms.set_context(jit_syntax_level=ms.LAX)", {"LAX"}),
        ("context.set_context(jit_syntax_level=context.COMPATIBLE)", {"COMPATIBLE"}),
        ("ms.set_context(jit_syntax_level=0)", {"STRICT"}),
        ("LEVEL = ms.STRICT\nms.set_context(jit_syntax_level=LEVEL)", {"STRICT"}),
        ("ms.set_context(jit_syntax_level=args.level)", {"dynamic"}),
        ("if use_backbone:\n    ms.set_context(jit_syntax_level=0)", {"dynamic"}),
        ("def main():\n    ms.set_context(jit_syntax_level=0)", {"STRICT"}),
        ("ms.set_context(mode=ms.GRAPH_MODE)", set()),
        ("config = ms.JitConfig(jit_syntax_level='STRICT')", {"config:STRICT"}),
        ("config = JitConfig(jit_level='O1')", set()),
        ("torch.set_context(jit_syntax_level=0)", set()),
    ],
)
def test_levels_the_program_sets(setting, expected):
    code = "import mindspore as ms\nfrom mindspore import context, JitConfig\n" + setting
    assert levels(code) == expected


@pytest.mark.parametrize(
    "found, version, expected",
    [
        (set(), (2, 10, 0), "LAX"),
        (set(), (2, 0, 0), "STRICT"),
        (set(), (1, 10, 1), "STRICT"),
        ({"STRICT"}, (2, 10, 0), "STRICT"),
        ({"STRICT", "LAX"}, (2, 10, 0), None),
        ({"dynamic"}, (2, 10, 0), None),
        ({"config:STRICT"}, (2, 10, 0), None),  # some networks only: the others run at LAX
        ({"STRICT", "config:STRICT"}, (2, 10, 0), "STRICT"),
        ({"config:LAX"}, (2, 10, 0), "LAX"),
    ],
)
def test_program_level(found, version, expected):
    assert syntax_levels.program_level(frozenset(found), version) == expected


def config(level="auto"):
    return argparse.Namespace(
        mindspore_version="2.10.0", mindspore_device_target="auto", mindspore_mode="auto", mindspore_jit_syntax_level=level
    )


def test_the_option_wins_over_the_program():
    program = facts.ProgramFacts(syntax_levels=frozenset({"STRICT"}))
    assert options.target(config(), program).syntax_level == "STRICT"
    assert options.target(config("LAX"), program).syntax_level == "LAX"
    assert options.target(config(), facts.ProgramFacts()).syntax_level == "LAX"


def test_fullgraph_functions_and_what_they_nest_are_strict():
    module = astroid.parse(
        """
import mindspore as ms
from mindspore import jit

@ms.jit(fullgraph=True)
def strict(x):
    def inner(y):
        return y
    return inner(x)

@jit(fullgraph=False)
def lax(x):
    return x

@ms.jit
def plain(x):
    return x

def python(x):
    return x
"""
    )
    functions = {node.name: node for node in module.nodes_of_class(astroid.nodes.FunctionDef)}
    assert {name for name, node in functions.items() if syntax_levels.is_fullgraph(node)} == {"strict", "inner"}


def test_an_unknown_level_gets_one_line_naming_the_accepted_values(tmp_path):
    import subprocess  # pylint: disable=import-outside-toplevel
    import sys  # pylint: disable=import-outside-toplevel

    (tmp_path / "net.py").write_text("x = 1\n")
    result = subprocess.run(
        [sys.executable, "-m", "pylint", "--load-plugins=ms_lint", "--mindspore-jit-syntax-level=strict", "net.py"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )
    assert result.returncode != 0 and "Traceback" not in result.stderr
    error = [line for line in result.stderr.splitlines() if "mindspore-jit-syntax-level" in line]
    assert error == [
        "pylint: error: argument --mindspore-jit-syntax-level: invalid choice: 'strict' "
        "(choose from 'auto', 'STRICT', 'COMPATIBLE', 'LAX')"
    ]
