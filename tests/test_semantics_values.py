"""Tensor-valued versus compile-time-constant expressions (ms_lint.semantics.graph.values).

Each snippet marks the expressions to classify with ``__(...)``; the expected kinds
are listed in the same order.
"""

import textwrap

import astroid
import pytest

from ms_lint.semantics.graph import scope, values
from ms_lint.semantics.names import catalog, names
from ms_lint.semantics.graph.values import Kind

T, C, O, U = Kind.TENSOR, Kind.CONSTANT, Kind.OBJECT, Kind.UNKNOWN

HEADER = """
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter, jit
from mindspore import ops as P
"""


def classify(code):
    found = astroid.extract_node(HEADER + textwrap.dedent(code))
    found = found if isinstance(found, list) else [found]
    return [values.evaluator(scope.enclosing_function(node)).kind(node) for node in found]


CASES = {
    "construct inputs are tensors, self is an object, star arguments are unknown": (
        """
        class Net(nn.Cell):
            def construct(self, x, *inputs, **options):
                first, rank = inputs[0], inputs[1]
                return __(x), __(self), __(inputs), __(inputs[0]), __(options), __(rank), __(len(inputs))
        """,
        [T, O, U, U, U, U, C],
    ),
    "defaults and annotations": (
        """
        class Net(nn.Cell):
            def construct(self, x, k=2, scale=1.0, dtype=ms.float32, mask=None, n: int = 0, y: Tensor = None,
                          *, flag=True, limit):
                return __(k), __(scale), __(dtype), __(mask), __(n), __(y), __(flag), __(limit)
        """,
        [C, C, C, U, C, U, C, T],
    ),
    "python annotations are constants": (
        """
        from typing import List, Optional, Tuple, Union
        import typing

        class Net(nn.Cell):
            def construct(self, x, a: int, b: Tuple[int, ...], c: Optional[int], d: List[float], e: "str",
                          f: typing.Optional[typing.Tuple[int, int]], g: Union[int, float], h: tuple, i: int | None,
                          j: Tensor, k: Optional[Tensor]):
                return __(a), __(b), __(c), __(d), __(e), __(f), __(g), __(h), __(i), __(j), __(k), __(x[:, :a])
        """,
        [C, C, C, C, C, C, C, C, C, T, T, T],
    ),
    "python defaults no caller overrides with a tensor": (
        """
        class Block(nn.Cell):
            def construct(self, x, use_cache=False, scale=1.0, mode="train", limit=None, kept=2):
                return __(use_cache), __(scale), __(mode), __(limit), __(kept)

        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.block = Block()
            def construct(self, x):
                return self.block(x, True, kept=ops.argmax(x))
        """,
        [C, C, C, U, T],
    ),
    "bprop inputs are tensors; a helper's input is a tensor when every caller passes one": (
        """
        class Net(nn.Cell):
            def construct(self, x, size=4):
                return self.helper(x), self.mixed(x), self.mixed(size), self.unseen(x), self.mapped(x)
            def helper(self, y):
                return __(y)
            def mixed(self, y):
                return __(y)
            def uncalled(self, y):
                return __(y)
            def mapped(self, y):
                return __(y)
            def bprop(self, x, out, dout):
                return __(dout)
            def elsewhere(self, xs):
                return ops.Map()(self.mapped, xs)
        """,
        [T, U, U, U, T],
    ),
    "helper functions and static methods: every caller in the module counts": (
        """
        def crop(x, k):
            return __(x), __(k)

        class Net(nn.Cell):
            def construct(self, x, ids):
                a = crop(x, ops.argmax(x))
                b = crop(x, 3)
                return a, b, self.pad(ids, 2), self.pad(ids, x.shape[0])
            @staticmethod
            def pad(ids, width):
                return __(ids), __(width)
        """,
        [T, U, T, C],
    ),
    "jit function inputs are tensors": (
        """
        @jit
        def step(data, label, ratio: float):
            return __(data), __(ratio)

        @ms.jit(capture_mode="ast")
        def other(data):
            return __(data)
        """,
        [T, C, T],
    ),
    "op results are tensors": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                a = ops.argmax(x)
                b = ms.ops.relu(x)
                c = ms.mint.sum(x)
                d = ms.numpy.abs(x)
                return __(a), __(b), __(c), __(d), __(P.stop_gradient(x))
        """,
        [T, T, T, T, T],
    ),
    "shape ops and primitives are constants": (
        """
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.shape = ops.Shape()
                self.reshape = ops.Reshape()
            def construct(self, x):
                local = P.Shape()
                return (__(ops.shape(x)), __(P.Shape()(x)), __(self.shape(x)), __(local(x)), __(ops.rank(x)),
                        __(ops.size(x)), __(ops.dtype(x)), __(self.reshape(x, (2, -1))), __(ops.dyn_shape(x)))
        """,
        [C, C, C, C, C, C, C, T, T],
    ),
    "cell and primitive calls are tensors": (
        """
        class Block(nn.Cell):
            def construct(self, x):
                return x

        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.dense = nn.Dense(2, 2)
                self.block = Block()
                self.add = ops.Add()
                self.blocks = nn.CellList([Block(), Block()])
                self.layers = [nn.ReLU(), nn.Dense(2, 2)]
            def construct(self, x):
                y = x
                for block in self.blocks:
                    y = block(y)
                for layer in self.layers:
                    y = layer(y)
                return (__(self.dense(x)), __(self.block(x)), __(self.add(x, x)), __(self.blocks[0](x)),
                        __(block(x)), __(self.dense), __(self.blocks), __(layer(x)), __(self.layers[1]), __(y))
        """,
        [T, T, T, T, T, O, O, T, O, T],
    ),
    "tensor methods and attributes": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                return (__(x.sum()), __(x.astype(ms.int32)), __(x.T), __(x.shape), __(x.ndim), __(x.dtype),
                        __(x.size), __(x.dim()), __(x.shape[0]), __(x.shape[2:]), __(x.shape[-1] // 2))
        """,
        [T, T, T, C, C, C, C, C, C, C, C],
    ),
    "shape attributes are constants whatever they are read from": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                feat = self.backbone(x)
                return __(feat.shape[1]), __(self.unknown.ndim)
        """,
        [C, C],
    ),
    "len and range loop indices are constants": (
        """
        class Net(nn.Cell):
            def construct(self, x, *feats):
                total = 0
                for i in range(3):
                    total = total + i
                for j in range(len(feats)):
                    pass
                for k in range(x.shape[0]):
                    pass
                return __(len(x)), __(i), __(j), __(k), __(total)
        """,
        [C, C, C, C, C],
    ),
    "an input range() takes is a Python int (graph mode refuses a Tensor there)": (
        """
        class Net(nn.Cell):
            def construct(self, x, n, m):
                for i in range(n):
                    pass
                for j in range(m.shape[0]):
                    pass
                return __(n), __(i), __(n - i), __(x[:, : n - i]), __(m)
        """,
        [C, C, C, T, T],
    ),
    "range loop indices are python ints, whatever the bound": (
        """
        class Net(nn.Cell):
            def construct(self, x, lengths, steps):
                for i in range(ops.argmax(x)):
                    pass
                for j in range(max(lengths)):
                    pass
                for k in range(x.shape[1] // 2):
                    pass
                for m in range(int(steps * 2)):
                    pass
                return __(i), __(j), __(k), __(lengths), __(max(lengths)), __(steps)
        """,
        [C, C, C, C, C, C],
    ),
    "shapes, sizes and ints built from them": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                n = x.size(0)
                h, w = x.shape[-2:]
                half = int(h * 0.5) + x.ndim
                return __(n), __(x.size(1) // 2), __(x.size), __(half), __(len(x) - 1), __(x[:, : w // 2])
        """,
        [C, C, C, C, C, T],
    ),
    "membership tests on python containers are not tensors": (
        """
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.names = {"a": 1}
            def construct(self, x, key, **kwargs):
                return __("past" in kwargs), __(key in self.names), __(x in (1, 2)), __(key not in {1, 2})
        """,
        [C, U, U, U],
    ),
    "enumerate and zip": (
        """
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.blocks = nn.CellList([nn.Dense(2, 2)])
                self.sizes = (1, 2, 3)
            def construct(self, x, *feats):
                for i, block in enumerate(self.blocks):
                    pass
                for j, feat in enumerate(feats):
                    pass
                for size, feat2 in zip(self.sizes, feats):
                    pass
                for n, (size2, feat3) in enumerate(zip(self.sizes, feats)):
                    pass
                for row in x:
                    pass
                return __(i), __(block), __(j), __(feat), __(size), __(feat2), __(n), __(size2), __(feat3), __(row)
        """,
        [C, O, C, U, C, U, C, C, U, T],
    ),
    "tuple unpacking": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                b, c, h, w = x.shape
                values, indices = ops.max(x)
                first, second = ops.relu(x), 3
                (p, q), r = (1, x), 2
                head, *rest = x.shape
                return __(b), __(w), __(values), __(indices), __(first), __(second), __(p), __(q), __(r), __(rest)
        """,
        [C, C, T, T, T, C, C, T, C, C],
    ),
    "self attributes from __init__ literals, Parameters and Cells": (
        """
        class Base(nn.Cell):
            def __init__(self):
                super().__init__()
                self.inherited = 4

        class Net(Base):
            scale = 0.5

            def __init__(self, width, use_bias=True):
                super().__init__()
                self.k = 3
                self.ratio = 0.5 * self.k
                self.use_bias = use_bias
                self.width = width
                self.weight = Parameter(Tensor(np.ones(3), ms.float32), name="w")
                self.dense = nn.Dense(2, 2)
                self.pair_a, self.pair_b = 1, Tensor(np.ones(3))
                self.counts = ms.Tensor([1, 2])
            def construct(self, x):
                return (__(self.k), __(self.ratio), __(self.use_bias), __(self.width), __(self.weight), __(self.dense),
                        __(self.training), __(self.scale), __(self.inherited), __(self.pair_a), __(self.pair_b),
                        __(self.counts), __(self.missing))
        """,
        [C, C, C, U, T, O, C, C, C, C, T, T, U],
    ),
    "arithmetic joins": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                n = (x.sum() * 0.7).astype(ms.int32)
                m = x.shape[0] * 2 + 1
                mixed = m + n
                count = 0
                count += x.max()
                steps = 1
                steps += 2
                total = x.sum()
                total += 1
                return (__(n), __(m), __(mixed), __(-n), __(not m), __(m > 2), __(n > 2), __(m and n), __(count),
                        __(steps), __(int(n)), __(int(m)), __(max(m, 3)), __(min(m, n)), __(total))
        """,
        [T, C, T, T, C, C, T, T, T, C, T, C, C, T, T],
    ),
    "is None, isinstance and ternaries": (
        """
        class Net(nn.Cell):
            def construct(self, x, y=None):
                a = x if self.training else x * 2
                b = 1 if self.training else 2
                c = 1 if x > 0 else 2
                return (__(y is None), __(x is not None), __(isinstance(x, Tensor)), __(a), __(b), __(c),
                        __("abc" in ("a", "abc")), __(x == "train"), __(x in ("a", "b")))
        """,
        [C, C, C, T, C, T, C, C, C],
    ),
    "module constants and literals": (
        """
        NUM = 3
        NAMES = ("a", "b")

        class Net(nn.Cell):
            def construct(self, x):
                return __(NUM), __(NAMES[1]), __(f"{NUM}"), __(ms.float16), __([1, 2]), __(())
        """,
        [C, C, C, C, C, C],
    ),
    "objects and unknowns": (
        """
        import math
        from somewhere import THRESHOLD, helper

        def local_helper(x):
            return x

        class Net(nn.Cell):
            def construct(self, x):
                return (__(local_helper), __(local_helper(x)), __(THRESHOLD), __(helper(x)), __(math.sqrt(2)),
                        __(lambda v: v), __(len), __(print(x)), __(undefined_name))
        """,
        [O, U, U, U, U, O, O, U, U],
    ),
    "mutable and tensor constructors make run-time values": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                return __(ms.mutable(2)), __(ms.tensor(3)), __(Tensor(3, ms.int32)), __(ms.Tensor([1]))
        """,
        [T, T, T, T],
    ),
    "closures read the enclosing construct's inputs": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                def inner(scale):
                    return __(x), __(scale)
                return inner(2)
        """,
        [T, C],
    ),
    "comprehension variables": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                return [__(v) for v in (1, 2)], [__(row) for row in x]
        """,
        [C, T],
    ),
    "constants passed by the callers of a Cell in the same module": (
        """
        CLIP_TYPE = 1

        class Trainer(nn.Cell):
            def __init__(self):
                super().__init__()
                self.clip = ClipGradients()
                self.scale = Scale()
                self.all = All()
            def construct(self, grads, loss):
                grads = self.clip(grads, CLIP_TYPE, clip_value=1.0)
                return self.scale(loss, 2.0), self.scale(loss, ops.relu(loss)), self.all(loss, loss)

        class ClipGradients(nn.Cell):
            def construct(self, grads, clip_type, clip_value):
                return __(grads), __(clip_type), __(clip_value)

        class Scale(nn.Cell):
            def construct(self, x, factor):
                return __(factor)

        class All(nn.Cell):
            def construct(self, x, factor):
                return __(factor)

        class Lonely(nn.Cell):
            def construct(self, x, factor):
                return __(factor)
        """,
        [T, C, C, U, T, T],
    ),
    "callers reach Cells held in containers; unpacked Cell results follow construct's returns": (
        """
        class Block(nn.Cell):
            def construct(self, x, length, drop, train=True):
                if train:
                    x = x * 2
                return __(length), __(drop)

        class Embed(nn.Cell):
            def construct(self, x):
                h, w = x.shape[2:]
                return ops.relu(x), (h // 2, w // 2)

        class Stack(nn.Cell):
            def __init__(self):
                super().__init__()
                layers = []
                for _ in range(2):
                    layer = Block()
                    layers.append(layer)
                self.layers = nn.CellList(layers)
                self.embed = Embed()
                self.cell_list = []
                self.cell_list += [Block()]
            def construct(self, x, flag):
                x, (h, w) = self.embed(x)
                for layer in self.layers:
                    x = layer(x, x.shape[1], 0.1, flag)
                for i, cell in enumerate(self.cell_list):
                    x = cell(x, h * w, 0.2)
                return __(x), __(h), __(self.embed(x)[1])
        """,
        [C, C, T, C, C],
    ),
    "walrus and annotated assignments": (
        """
        class Net(nn.Cell):
            def construct(self, x):
                k: int = 3
                if (n := ops.argmax(x)) > 0:
                    pass
                return __(k), __(n)
        """,
        [C, T],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_kinds(name):
    code, expected = CASES[name]
    assert classify(code) == expected


def test_methods_of_an_unknown_value_prove_nothing():
    code = """
    class Net(nn.Cell):
        def construct(self, x, *inputs):
            k = inputs[0]
            return __(k), __(k + 1), __(k.sum()), __(k.astype(ms.int32) + 1), __(k.size(0))
    """
    # A numpy array has sum() and astype() too: a method alone does not make a Tensor.
    assert classify(code) == [U, U, U, U, U]


def test_origin_of_primitive_objects():
    code = """
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.topk = ops.TopK(sorted=True)
        def construct(self, x):
            local = ops.Unique()
            return __(self.topk), __(local), __(ops.NonZero()), __(x)
    """
    found = astroid.extract_node(HEADER + textwrap.dedent(code))
    evaluator = values.Evaluator(scope.enclosing_function(found[0]))
    origins = [evaluator.origin(node) for node in found]
    assert [origin.as_string() if origin else None for origin in origins] == [
        "ops.TopK(sorted=True)",
        "ops.Unique()",
        "ops.NonZero()",
        None,
    ]


def test_evaluator_is_shared_per_function():
    function = astroid.extract_node("def f(x):\n    return x")
    assert values.evaluator(function) is values.evaluator(function)


def test_deep_or_cyclic_expressions_are_unknown_not_errors():
    code = "class Net(nn.Cell):\n    def construct(self, x):\n        y = x\n"
    code += "".join(f"        y = y + {i}\n" for i in range(40))
    code += "        return __(y), __(a)\n        a = a + 1\n"
    kinds = classify(code)
    assert kinds[0] in (T, U)
    assert kinds[1] is U


def test_join():
    assert values.join(T, C) is T
    assert values.join(C, C) is C
    assert values.join(C, U) is U
    assert values.join() is U
    assert values.join_bindings([O, O]) is O
    assert values.join_bindings([O, C]) is U


def test_catalog_paths_in_tables_exist():
    for path in values.CONSTANT_OPS | values.TENSOR_FACTORIES:
        assert catalog.lookup(path) is not None, path


def test_is_builtin_inside_comprehensions():
    # A comprehension's own scope has no name: looking a variable up there must not fail.
    call = astroid.extract_node("[len(v) for v in (1, 2)]").elt
    assert names.is_builtin(call.func)
    assert not names.is_builtin(call.args[0])


def test_inputs_only_tested_are_python_switches_not_tensors():
    code = HEADER + textwrap.dedent(
        """
        class Net(nn.Cell):
            def construct(self, grads, clip_type, real, x):
                if clip_type not in (0, 1): #@
                    return grads
                if not real and clip_type == 0: #@
                    return grads
                if x == 0: #@
                    return ops.relu(x)
                return grads
        """
    )
    switch, negated, tensor = astroid.extract_node(code)
    evaluator = values.Evaluator(scope.enclosing_function(switch))
    assert evaluator.kind(switch.test) is Kind.UNKNOWN
    assert evaluator.kind(negated.test) is Kind.UNKNOWN
    assert evaluator.kind(tensor.test) is Kind.TENSOR


def test_tensor_attribute_only_tested_is_a_constant():
    # A Tensor built in __init__ and only ever tested compiles like a Python constant.
    code = HEADER + textwrap.dedent(
        """
        class Net(nn.Cell):
            def __init__(self, flag):
                super().__init__()
                self.use_bias = Tensor(True, ms.bool_)
                self.enabled = Tensor(flag)
                self.offset = Tensor(1.0)
            def construct(self, x):
                if self.use_bias and not self.enabled: #@
                    x = x + 1
                if self.offset: #@
                    x = x - self.offset
                return x
        """
    )
    switches, used = astroid.extract_node(code)
    evaluator = values.evaluator(scope.enclosing_function(switches))
    assert evaluator.kind(switches.test) is Kind.CONSTANT
    assert evaluator.kind(used.test) is Kind.TENSOR


def test_switch_with_a_python_default_stays_a_switch_whatever_callers_pass():
    # The caller's input is a Tensor only by default (nothing marks it); the callee's default says Python.
    code = HEADER + textwrap.dedent(
        """
        class Norm(nn.Cell):
            def construct(self, x, selection=0):
                if selection == 0: #@
                    return x
                return x * 2

        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.norm = Norm()
            def construct(self, x, selection):
                return self.norm(x, selection)
        """
    )
    switch = astroid.extract_node(code)
    assert values.evaluator(scope.enclosing_function(switch)).kind(switch.test) is Kind.CONSTANT



def test_an_input_wrapped_in_a_tensor_is_a_python_number():
    kinds = classify(
        """
        class Sampler(nn.Cell):
            def __init__(self):
                super().__init__()
                self.top_k = ops.TopK(sorted=True)

            def construct(self, logits, top_k):
                probs, _ = self.top_k(logits, top_k)
                return probs * Tensor(1 / __(top_k)), __(logits)
        """
    )
    assert kinds == [C, T]


def test_a_cell_taken_from_a_cell_list_by_index_is_found_with_its_callers():
    # drop_path_prob is set from outside (by a callback): unknown, so drop_prob is no proven Tensor.
    kinds = classify(
        """
        class Module(nn.Cell):
            def __init__(self):
                super().__init__()
                self.dense = nn.Dense(4, 4)

            def construct(self, x, drop_prob):
                return self.dense(x) * __(drop_prob)

        class Net(nn.Cell):
            def __init__(self, layers):
                super().__init__()
                self.cell_list = nn.CellList()
                for _ in range(layers):
                    cell = Module()
                    self.cell_list += [cell]

            def construct(self, x):
                for i in range(len(self.cell_list)):
                    cell = self.cell_list[i]
                    x = cell(x, self.drop_path_prob)
                return x
        """
    )
    assert kinds == [U]


def test_what_a_name_held_before_augmented_assignment():
    code = """
    class Net(nn.Cell):
        def construct(self, x):
            out = ops.relu(x)
            count = 0
            out += 1  #@
            count += 1  #@
            return out, count
    """
    out, count = astroid.extract_node(HEADER + textwrap.dedent(code))
    evaluator = values.evaluator(scope.enclosing_function(out))
    assert evaluator.held_tensor(out.target)
    assert not evaluator.held_tensor(count.target)


def test_tensor_attributes_built_in_init_are_graph_constants():
    code = """
    class Net(nn.Cell):
        def __init__(self, sizes):
            super().__init__()
            self.buckets = ms.tensor([1, 3])
            self.mask = ops.ones((2, 2))
            self.weight = Parameter(Tensor([1.0]))
            self.given = sizes
        def construct(self, x):
            return self.buckets, self.mask, self.weight, self.given, x  #@
    """
    returned = astroid.extract_node(HEADER + textwrap.dedent(code))
    evaluator = values.evaluator(scope.enclosing_function(returned))
    assert [evaluator.is_constant_tensor_attribute(elt) for elt in returned.value.elts] == [True, True, False, False, False]
