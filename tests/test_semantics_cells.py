"""Cell classes and parameter holders, followed across the user's own modules."""

import itertools
import textwrap

import astroid
import pytest

from ms_lint.semantics.cells import cells
from ms_lint.semantics.names import resolve

COUNTER = itertools.count()


@pytest.fixture(name="package")
def fixture_package(tmp_path, monkeypatch):
    """Write a throw-away package of user modules and return a function that parses one of them."""
    name = f"userpkg{next(COUNTER)}"
    root = tmp_path / name
    root.mkdir()
    (root / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))

    def write(modules):
        for module, code in modules.items():
            (root / f"{module}.py").write_text(textwrap.dedent(code))
        return lambda module: astroid.MANAGER.ast_from_module_name(f"{name}.{module}")

    write.name = name
    return write


def classdef(module, name):
    return next(node for node in module.nodes_of_class(astroid.nodes.ClassDef) if node.name == name)


def test_user_classes_reach_nn_cell_through_other_modules(package):
    load = package(
        {
            "base": """
                import mindspore as ms
                class Base(ms.nn.Cell):
                    pass
            """,
            "blocks": """
                from .base import Base
                class Block(Base):
                    pass
            """,
            "net": f"""
                from {package.name}.blocks import Block
                from . import blocks
                class Net(Block):
                    pass
                class ViaModule(blocks.Block):
                    pass
                class Plain(object):
                    pass
                class Unknown(SomethingElse):
                    pass
            """,
        }
    )
    net = load("net")
    assert cells.is_cell_class(classdef(net, "Net")) is True
    assert cells.is_cell_class(classdef(net, "ViaModule")) is True
    assert cells.is_cell_class(classdef(net, "Plain")) is False
    assert cells.is_cell_class(classdef(net, "Unknown")) is None
    lineage = cells.ancestry(classdef(net, "Net"))
    assert [user.name for user in lineage.user] == ["Block", "Base"]


def test_resolution_never_enters_mindspore_or_installed_packages():
    node = astroid.extract_node("from mindspore import nn\nnn.Dense #@")
    assert resolve.definition(node) is None
    installed = astroid.extract_node("from pylint.checkers import BaseChecker\nBaseChecker #@")
    assert resolve.definition(installed) is None
    assert not resolve.is_project_module("mindspore.nn")
    assert not resolve.is_project_module("json")


def test_inheritance_cycles_end():
    module = astroid.parse("class A(B):\n    pass\nclass B(A):\n    pass\n")
    assert cells.is_cell_class(module.body[0]) is None


@pytest.mark.parametrize(
    "bases, complete, before_cell",
    [
        ("nn.Cell", True, 0),
        ("nn.Cell, Mixin", False, 0),  # after nn.Cell in the MRO
        ("nn.Cell, Mixin, Other", False, 0),
        ("Mixin, nn.Cell", False, 1),  # may define construct, or be a Cell itself
        ("nn.Dense, Mixin", False, 1),  # Mixin may be a Cell, placed before nn.Cell
        ("Base, Mixin", False, 1),  # likewise after a user Cell
        ("Shadowed", False, 0),  # an ancestor's order holds in its subclasses
        ("Open", False, 1),
    ],
)
def test_unresolved_bases_before_nn_cell(bases, complete, before_cell):
    module = astroid.parse(
        f"""
from mindspore import nn
from unknown_package import Mixin, Other
class Base(nn.Cell):
    pass
class Shadowed(nn.Cell, Mixin):
    pass
class Open(Mixin, nn.Cell):
    pass
class Net({bases}):
    pass
"""
    )
    lineage = cells.ancestry(module.body[-1])
    assert (lineage.complete, lineage.unresolved_before_cell) == (complete, before_cell)


@pytest.mark.parametrize(
    "expr, expected",
    [
        ("nn.Dense(2, 2)", True),
        ("nn.ReLU()", False),
        ("ops.Add()", False),
        ("ms.Parameter(ms.Tensor([1.0]), name='w')", True),
        ("nn.SequentialCell([nn.ReLU(), nn.Dense(2, 2)])", True),
        ("nn.SequentialCell([nn.ReLU()])", False),
        ("ms.Tensor([1.0])", False),
        ("3", False),
        ("a + b", False),
        ("make()", None),
        ("Weighted(4)", True),
        ("Empty()", False),
        ("Given(arg)", None),
        ("Plain()", False),
        ("factory()", True),
    ],
)
def test_holds_parameters(expr, expected):
    code = f"""
import mindspore as ms
from mindspore import nn, ops
class Weighted(nn.Cell):
    def __init__(self, width):
        super().__init__()
        self.dense = nn.Dense(width, width)
class Empty(nn.Cell):
    def __init__(self):
        super().__init__()
        self.act = nn.ReLU()
        self.ratio = 0.5
class Given(nn.Cell):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
class Plain:
    pass
def factory():
    return nn.Conv2d(3, 3, 3)
{expr} #@
"""
    assert cells.holds_parameters(astroid.extract_node(code)) is expected


def test_a_user_cell_inherits_parameters_from_a_mindspore_layer():
    module = astroid.parse("from mindspore import nn\nclass Wide(nn.Dense):\n    pass\n")
    assert cells.class_holds_parameters(module.body[1]) is True
    assert cells.builds_cell(astroid.extract_node("from mindspore import nn\nclass C(nn.Cell): pass\nC() #@"))


HELPERS = """
from mindspore import nn
def stage(width):
    layers = []
    for _ in range(2):
        layers.append(nn.Conv2d(width, width, 3))
    return nn.SequentialCell(layers)
def either(flag):
    if flag:
        return nn.Dense(2, 2)
    block = nn.SequentialCell([nn.Dense(2, 2)])
    return block
def optional(flag):
    if flag:
        return nn.Dense(2, 2)
    return None
def listing():
    return [nn.Dense(2, 2)]
def given(cell):
    return cell
def popped():
    layers = [nn.Dense(2, 2)]
    layers.pop()
    return nn.SequentialCell(layers)
def generated():
    yield nn.Dense(2, 2)
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.stage = {expr}  #@
    def _make_layer(self):
        return nn.SequentialCell([nn.Dense(2, 2)])
    @staticmethod
    def _act():
        return nn.ReLU()
"""


@pytest.mark.parametrize(
    "expr, builds, holds",
    [
        ("stage(4)", True, True),
        ("either(True)", True, True),
        ("optional(True)", None, True),
        ("listing()", False, True),
        ("given(nn.Dense(2, 2))", None, None),
        ("popped()", True, None),
        ("generated()", False, False),
        ("self._make_layer()", True, True),
        ("self._act()", True, False),
        ("self._missing()", None, None),
    ],
)
def test_helpers_are_followed_into_what_they_return(expr, builds, holds):
    value = astroid.extract_node(HELPERS.format(expr=expr)).value
    assert cells.builds_cell(value) is builds
    assert cells.holds_parameters(value) is holds


def test_lineage_of_a_helper_is_that_of_every_value_it_returns():
    sequential = "mindspore.nn.layer.container.SequentialCell"
    assert sequential in cells.lineage(astroid.extract_node(HELPERS.format(expr="self._make_layer()")).value)
    assert sequential in cells.lineage(astroid.extract_node(HELPERS.format(expr="either(True)")).value)
    assert cells.lineage(astroid.extract_node(HELPERS.format(expr="optional(True)")).value) is None
    assert cells.lineage(astroid.extract_node(HELPERS.format(expr="given(nn.Dense(2, 2))")).value) is None
