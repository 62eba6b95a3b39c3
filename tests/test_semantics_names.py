"""Qualified MindSpore names from every import form, and the catalog behind them."""

import sys

import astroid
import pytest

from ms_lint.semantics.names import catalog, index, names


def name_of(code):
    return names.qualified_name(astroid.extract_node(code))


@pytest.mark.parametrize(
    "code, expected",
    [
        ("import mindspore\nmindspore.nn.Dense #@", "mindspore.nn.Dense"),
        ("import mindspore as ms\nms.nn.Dense #@", "mindspore.nn.Dense"),
        ("import mindspore.nn as nn\nnn.Dense #@", "mindspore.nn.Dense"),
        ("import mindspore.nn\nmindspore.nn.Dense #@", "mindspore.nn.Dense"),
        ("from mindspore import nn\nnn.Dense #@", "mindspore.nn.Dense"),
        ("from mindspore import nn as msnn\nmsnn.Dense #@", "mindspore.nn.Dense"),
        ("from mindspore.nn import Dense\nDense #@", "mindspore.nn.Dense"),
        ("from mindspore.nn import Dense as Linear\nLinear #@", "mindspore.nn.Dense"),
        ("from mindspore.ops import operations as P\nP.Conv2D #@", "mindspore.ops.operations.Conv2D"),
        ("import mindspore.common.dtype as mstype\nmstype.float32 #@", "mindspore.common.dtype.float32"),
        ("from mindspore import nn\nLayer = nn.Dense\nLayer #@", "mindspore.nn.Dense"),
        ("def f():\n    from mindspore import ops\n    ops.relu #@", "mindspore.ops.relu"),
        ("import numpy as np\nnp.sum #@", "numpy.sum"),
    ],
)
def test_qualified_name(code, expected):
    assert name_of(code) == expected


@pytest.mark.parametrize(
    "code",
    [
        "def f(nn):\n    return nn.Dense #@",  # an argument, not the import
        "x = compute()\nx.Dense #@",
        "from mindspore import nn\nif cond:\n    nn = other\nnn.Dense #@",  # ambiguous binding
        "unknown_name #@",
        "foo().bar #@",
    ],
)
def test_names_that_do_not_come_from_imports_are_unknown(code):
    assert name_of(code) is None


def test_relative_imports_resolve_against_the_package():
    module = astroid.parse("from ..layers import Block\nfrom . import utils\n", module_name="pkg.models.net")
    first, second = module.body
    assert names.absolute_module(first) == "pkg.layers"
    assert names.absolute_module(second) == "pkg.models"
    init = astroid.parse("from .net import Net\n", module_name="pkg.models", path="pkg/models/__init__.py")
    init.package = True
    assert names.absolute_module(init.body[0]) == "pkg.models.net"


def test_star_import_resolves_through_the_catalog():
    node = astroid.extract_node("from mindspore.nn import *\nDense #@")
    assert names.mindspore_name(node) == "mindspore.nn.Dense"
    unknown = astroid.extract_node("from mindspore.nn import *\nNotAMindSporeName #@")
    assert names.mindspore_name(unknown) is None


def test_entity_and_called_entity():
    call = astroid.extract_node("import mindspore as ms\nms.ops.relu(x) #@")
    entity = names.called_entity(call)
    assert entity.kind == "function" and entity.op
    dense = names.entity(astroid.extract_node("from mindspore import nn\nnn.Dense #@"))
    assert dense.is_cell and dense.params > 0
    assert dense.is_subclass_of(catalog.CELL)


def test_builtins_are_told_from_user_bindings():
    assert names.is_builtin(astroid.extract_node("len #@"))
    assert not names.is_builtin(astroid.extract_node("len = 3\nlen #@"))
    assert names.basename(astroid.extract_node("a.b.set_context #@")) == "set_context"


@pytest.mark.parametrize(
    "path, kind",
    [
        ("mindspore.nn.Dense", "cell"),
        ("mindspore.nn.CellList", "cell"),
        ("mindspore.ops.Conv2D", "primitive"),
        ("mindspore.ops.operations.Conv2D", "primitive"),
        ("mindspore.ops.relu", "function"),
        ("mindspore.mint.add", "function"),
        ("mindspore.numpy.sum", "function"),
        ("mindspore.float16", "dtype"),
        ("mindspore.common.dtype.float32", "dtype"),
        ("mindspore.Parameter", "parameter"),
        ("mindspore.Tensor", "tensor"),
        ("mindspore.GRAPH_MODE", "constant"),
        ("mindspore.dataset.GeneratorDataset", "dataset"),
        ("mindspore.nn", "module"),
    ],
)
def test_catalog_kinds(path, kind):
    assert catalog.lookup(path).kind == kind


def test_catalog_facts_the_rules_rely_on():
    assert catalog.version() == "2.10.0"
    assert catalog.lookup("mindspore.GRAPH_MODE").value == 0
    assert catalog.lookup("mindspore.PYNATIVE_MODE").value == 1
    assert catalog.lookup("mindspore.nn.ReLU").params == 0
    assert catalog.lookup("mindspore.nn.Conv2d").args[:3] == ("in_channels", "out_channels", "kernel_size")
    assert catalog.lookup("mindspore.nn.Conv2d").defaults["stride"] == 1
    assert "construct" not in catalog.tensor_methods() and "asnumpy" in catalog.tensor_methods()
    assert "set_train" in catalog.cell_methods()
    assert catalog.lookup("mindspore.float16") == catalog.lookup("mindspore.common.dtype.float16")
    assert catalog.lookup("numpy.sum") is None and catalog.lookup("mindspore.not_a_name") is None


def test_a_comprehension_variable_is_not_a_builtin():
    comprehension = astroid.extract_node("[len(x) for x in items]")
    assert names.is_builtin(comprehension.elt.func)
    assert not names.is_builtin(comprehension.elt.args[0])


def test_a_lambda_argument_is_not_a_builtin():
    function = astroid.extract_node("lambda len: len")
    assert not names.is_builtin(function.body)


def test_lookup_gives_what_astroid_gives_for_every_name():
    # Names read from outside a function (or a class's methods) share one lookup; these are the cases
    # where that could differ.
    module = astroid.parse(
        '''
        import mindspore.ops as ops
        from mindspore import nn
        counter = 0
        try:
            import numpy as np
        except ImportError:
            np = None

        def first(x):
            y = ops.relu(x)
            z = ops.abs(y)
            return np.sum(z) + counter

        def bump():
            global counter
            if counter:
                return counter
            counter = 1
            return counter

        def outer(x):
            ops_local = ops
            def inner(y):
                return ops_local.relu(y) + ops.abs(x)
            ops = None
            return inner

        class Net(nn.Cell):
            def construct(self, x, scale=ops.ones(1)):
                return [ops.relu(v) for v in x]

        def late():
            return later_name

        def defaults(x=ops.zeros(1)) -> ops.Tensor:
            return ops.add(x, 1)

        if counter:
            scale = 1

            class InBranch:
                def first(self):
                    return scale + counter

                def second(self):
                    global scale
                    return scale
        else:
            scale = 2

            class Other:
                class Inner:
                    def deep(self):
                        return scale + len(__class__.__name__)

                def method(self):
                    return super().method() + len(__class__.__name__) + scale

                def other(self):
                    return __class__

        def factory(scale):
            class Local:
                def method(self):
                    return scale

            return Local

        def sets_it_globally():
            def helper():
                global shared
                shared = 2
            value = shared
            helper()
            return value + shared

        def reads_it():
            return shared

        def chooses(flag):
            if flag:
                def setter():
                    global chosen
                    chosen = 1
                return setter
            else:
                return chosen

        def reads_chosen():
            return chosen

        chosen = 0

        shared = 1

        for step in range(2):
            def in_loop():
                return step + ops.abs(step)

        try:
            import missing
        except ImportError as error:
            def handler():
                return error
            missing = None

        def after_handler():
            return missing, error

        del later_name

        def after_del():
            return later_name

        later_name = 1
        nn = None
        ops = None
        '''
    )
    checked = 0
    for node in module.nodes_of_class(astroid.nodes.Name):
        try:
            scope, found = node.lookup(node.name)
            expected = (scope, tuple(found))
        except Exception:  # pylint: disable=broad-except
            expected = (None, ())
        assert names.lookup(node) == expected, node.as_string()
        checked += 1
    assert checked > 20


def test_lookup_leaves_astroid_lookup_cache_alone():
    # ms_lint remembers each node's lookup itself; entries in astroid's 128-entry cache would only
    # be pushed out again, as garbage for the collector to count.
    module = astroid.parse(
        '''
        import mindspore.ops as ops

        def first(x):
            y = ops.relu(x)
            return ops.abs(y) + len(x)
        '''
    )
    cached = astroid.nodes.Name.lookup
    if not hasattr(cached, "cache_info"):
        pytest.skip("this astroid keeps no lookup cache")
    before = cached.cache_info().currsize
    found = [names.lookup(node) for node in module.nodes_of_class(astroid.nodes.Name)]
    assert all(scope is not None for scope, _ in found) and len(found) == 6
    assert cached.cache_info().currsize == before


def test_names_bound_by_each_star_import_are_astroid_s():
    module = astroid.parse(
        '''
        from os.path import *
        from posixpath import *
        from json import *
        join = 1
        '''
    )
    stars = [node for node in module.body if isinstance(node, astroid.nodes.ImportFrom)]
    for statement in stars:
        for only, test in ((False, any), (True, all)):
            expected = frozenset(
                name for name, bound in module.locals.items() if test(binding is statement for binding in bound)
            )
            assert names._bound_by(statement, module, only=only) == expected
    assert "dumps" in names._bound_by(stars[2], module, only=True)
    assert "join" not in names._bound_by(stars[0], module, only=True)


def test_earlier_siblings_are_the_chain_of_previous_siblings():
    blocks = [
        "    if a:\n        b = 1\n        c = b\n    else:\n        d = 2\n",
        "    try:\n        e = 3\n    except ValueError as error:\n        g = error\n    finally:\n        h = 4\n",
    ]
    if sys.version_info >= (3, 10):  # `match` parses from Python 3.10 on
        blocks.append("    match a:\n        case 1:\n            i = 5\n        case _:\n            j = 6\n")
    module = astroid.parse(
        "import os\nx = 1\ndef f(a):\n" + "".join(blocks) + "    return a\nclass C:\n    y = x\n"
    )
    checked = 0
    for node in module.nodes_of_class(astroid.nodes.NodeNG):
        if isinstance(node, astroid.nodes.Module):
            continue
        expected, sibling = [], node.previous_sibling()
        while sibling is not None:
            expected.append(sibling)
            sibling = sibling.previous_sibling()
        found = index.earlier_siblings(node)
        assert len(found) == len(expected) and all(a is b for a, b in zip(found, expected)), node.as_string()
        checked += 1
    assert checked > 30
