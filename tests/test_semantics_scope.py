"""Graph-compiled scope (ms_lint.semantics.graph.scope)."""

import textwrap

import astroid
import pytest
from astroid import nodes

from ms_lint.semantics.graph import scope

ALWAYS, GRAPH = scope.ALWAYS, scope.IN_GRAPH_MODE


def kinds(code):
    """{function name: graph kind} for every function of a snippet (nested names dotted)."""
    module = astroid.parse(textwrap.dedent(code))
    found = {}
    for function in module.nodes_of_class(nodes.FunctionDef):
        found[_dotted(function)] = scope.graph_kind(function)
    return found


def _dotted(function):
    parts = [function.name]
    parent = function.parent
    while not isinstance(parent, nodes.Module):
        if isinstance(parent, (nodes.FunctionDef, nodes.ClassDef)):
            parts.append(parent.name)
        parent = parent.parent
    return ".".join(reversed(parts))


def test_construct_and_bprop_of_cells_depend_on_the_mode():
    found = kinds(
        """
        from mindspore import nn
        import mindspore.nn as msnn
        from unknown_package import Base

        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
            def construct(self, x):
                return x
            def bprop(self, x, out, dout):
                return (dout,)
            def unused(self, x):
                return x

        class Sub(Net):
            def construct(self, x):
                return x

        class Other(msnn.SequentialCell):
            def construct(self, x):
                return x

        class Plain:
            def construct(self, x):
                return x

        class Unresolved(Base):
            def construct(self, x):
                return x
        """
    )
    assert found == {
        "Net.__init__": None,
        "Net.construct": GRAPH,
        "Net.bprop": GRAPH,
        "Net.unused": None,
        "Sub.construct": GRAPH,
        "Other.construct": GRAPH,
        "Plain.construct": None,
        "Unresolved.construct": None,
    }


@pytest.mark.parametrize(
    "imports, decorator",
    [
        ("import mindspore as ms", "@ms.jit"),
        ("import mindspore as ms", "@ms.jit()"),
        ("import mindspore", "@mindspore.jit(jit_level='O1')"),
        ("from mindspore import jit", "@jit"),
        ("from mindspore import jit as compile_graph", "@compile_graph"),
        ("from mindspore import ms_function", "@ms_function"),
        (
            "try:\n    from mindspore import jit\nexcept ImportError:\n    from mindspore import ms_function as jit",
            "@jit",
        ),
    ],
)
def test_jit_functions_are_always_compiled(imports, decorator):
    found = kinds(f"{imports}\n{decorator}\ndef step(x):\n    return x\n")
    assert found == {"step": ALWAYS}


@pytest.mark.parametrize(
    "decorator",
    ['@ms.jit(capture_mode="bytecode")', '@ms.jit(mode="PIJit")', "@ms.ops.constexpr", "@constexpr"],
)
def test_bytecode_jit_and_constexpr_helpers_are_not_graph(decorator):
    code = f"""
    import mindspore as ms
    from mindspore.ops import constexpr
    import other
    from mindspore import nn

    {decorator}
    def helper(x):
        return x

    class Net(nn.Cell):
        def construct(self, x):
            return helper(x)
    """
    assert kinds(code)["helper"] is None


def test_a_jit_of_another_library_is_not_mindspore_jit():
    code = """
    import other
    from numba import jit

    @other.jit
    def first(x):
        return x

    @jit
    def second(x):
        return x
    """
    assert kinds(code) == {"first": None, "second": None}


def test_a_bytecode_jit_construct_is_not_graph():
    code = """
    import mindspore as ms
    from mindspore import nn

    class Net(nn.Cell):
        @ms.jit(capture_mode="bytecode")
        def construct(self, x):
            return x
    """
    assert kinds(code) == {"Net.construct": None}


def test_callees_are_compiled_with_their_callers():
    found = kinds(
        """
        import mindspore as ms
        from mindspore import nn

        def shared(x):
            return x

        def only_graph(x):
            return shared(x)

        def python_only(x):
            return x

        class Base(nn.Cell):
            def inherited(self, x):
                return x

        class Net(Base):
            def __init__(self):
                super().__init__()
                self.prepare()
            def prepare(self):
                pass
            def construct(self, x):
                y = self.helper(x)
                return self.inherited(only_graph(y))
            def helper(self, x):
                return self._deeper(x)
            def _deeper(self, x):
                return x

        @ms.jit
        def step(x):
            return shared(x)

        python_only(1)
        """
    )
    assert found == {
        "shared": ALWAYS,
        "only_graph": GRAPH,
        "python_only": None,
        "Base.inherited": GRAPH,
        "Net.__init__": None,
        "Net.prepare": None,
        "Net.construct": GRAPH,
        "Net.helper": GRAPH,
        "Net._deeper": GRAPH,
        "step": ALWAYS,
    }


def test_nested_functions_lambdas_and_wrapped_functions():
    code = """
    import mindspore as ms
    from mindspore import nn, ops

    def make_step(network, optimizer):
        def forward_fn(data, label):
            return network(data)

        grad_fn = ops.value_and_grad(forward_fn, None, optimizer.parameters)

        @ms.jit
        def train_step(data, label):
            loss, grads = grad_fn(data, label)
            return loss

        return train_step

    def eval_step(x):
        return x

    eval_step = ms.jit(eval_step)

    class Net(nn.Cell):
        def construct(self, x):
            def inner(y):
                return y
            return inner(x)
    """
    assert kinds(code) == {
        "make_step": None,
        "make_step.forward_fn": ALWAYS,
        "make_step.train_step": ALWAYS,
        "eval_step": ALWAYS,
        "Net.construct": GRAPH,
        "Net.construct.inner": GRAPH,
    }
    module = astroid.parse("from mindspore import nn\nclass N(nn.Cell):\n    def construct(self, x):\n        f = lambda v: v\n")
    lam = next(module.nodes_of_class(nodes.Lambda))
    assert scope.graph_kind(lam.body) == GRAPH
    assert scope.enclosing_function(lam.body).name == "construct"


def test_module_level_code_is_not_graph():
    module = astroid.parse("import mindspore as ms\nx = ms.ops.relu(1)\n")
    assert scope.graph_kind(module.body[1].value) is None
    assert scope.enclosing_function(module.body[1].value) is None


@pytest.mark.parametrize(
    "kind, mode, expected",
    [
        (ALWAYS, None, True),
        (ALWAYS, "pynative", True),
        (GRAPH, "graph", True),
        (GRAPH, None, None),
        (GRAPH, "pynative", False),
        (None, "graph", False),
    ],
)
def test_compiled(kind, mode, expected):
    assert scope.compiled(kind, mode) is expected
