"""The data-pipeline semantics: datasets, entries, what the pipeline runs, and operators in it."""

import textwrap

import astroid
import pytest

from ms_lint.semantics.program import pipeline

HEADER = """
import mindspore.dataset as ds
from mindspore import nn, ops, Tensor
"""


def _node(code: str):
    return astroid.extract_node(HEADER + textwrap.dedent(code))


@pytest.mark.parametrize(
    "code, expected",
    [
        ("ds.MnistDataset('/d')  #@", True),
        ("data = ds.MnistDataset('/d')\ndata = data.map(f)\ndata = data.batch(2)\ndata  #@", True),
        ("def make():\n    return ds.Cifar10Dataset('/d').shuffle(4)\nmake()  #@", True),
        ("def f(data: ds.Dataset):\n    data  #@", True),
        ("def f(data):\n    data  #@", None),
        ("[1, 2]  #@", False),
        ("nn.Dense(2, 2)  #@", False),
        ("x = [1]\nx = ds.MnistDataset('/d')\nx  #@", True),
        # A dataset returned by a function the factory defines is not what the factory returns.
        ("def make():\n    def inner():\n        return ds.MnistDataset('/d')\n    return [inner]\nmake()  #@", None),
    ],
)
def test_is_dataset(code, expected):
    node = _node(code)
    assert pipeline.is_dataset(node) is expected


def test_entries_need_a_traced_dataset_or_a_map_only_keyword():
    traced = _node("ds.MnistDataset('/d').map(f, ['image'])  #@")
    assert [(e.what, e.certain) for e in pipeline.entries(traced)] == [("Dataset.map", True)]
    keyword = _node("def g(data):\n    data.map(f, ['image'], num_parallel_workers=4)  #@")
    assert [(e.what, e.certain) for e in pipeline.entries(keyword)] == [("Dataset.map", False)]
    other = _node("def g(data):\n    data.map(f, input_columns=['image'])  #@")
    assert pipeline.entries(other) == []
    source = _node("ds.GeneratorDataset(src, ['x'], collate_fn=c)  #@")
    assert [e.what for e in pipeline.entries(source)] == ["GeneratorDataset(source=...)", "GeneratorDataset(collate_fn=...)"]


def test_runners_and_reachable_functions():
    call = _node(
        """
        def inner(x):
            return x
        class Source:
            def __getitem__(self, i):
                return self.load(i)
            def load(self, i):
                return inner(i)
        ds.GeneratorDataset(Source(), ['x'])  #@
        """
    )
    (entry,) = pipeline.entries(call)
    runners = pipeline.runners(entry)
    assert [runner.label for runner in runners] == ["Source.__getitem__"]
    chains = [chain for _, chain in pipeline.reachable(runners)]
    assert chains == [("Source.__getitem__",), ("Source.__getitem__", "Source.load"), ("Source.__getitem__", "Source.load", "inner")]


def test_operator_uses_one_per_line():
    function = _node(
        """
        def f(x):  #@
            t = Tensor(x)
            y = ops.relu(t) * 2
            z = t.asnumpy()
            w = Tensor(x).asnumpy()
            return x.shape
        """
    )
    uses = [(use.node.lineno - function.lineno, use.kind, use.text) for use in pipeline.operator_uses(function)]
    assert uses == [
        (2, "operator", "ops.relu"),
        (3, "Tensor method", "t.asnumpy()"),
        (4, "Tensor method", "Tensor(x).asnumpy()"),
    ]
