"""What MindSpore does with numpy on a Tensor in graph code at the LAX syntax level (JIT Fallback).

At LAX (the default from 2.1) MindSpore compiles a numpy call on a Tensor into a PyExecute node
that the Python interpreter runs while the graph executes. Its result has no type the compiler
knows (``Any``). ``OBS 2.10``: MindSpore 2.10.0, CPU, numpy 1.26, GRAPH_MODE through
``set_context`` and through ``@jit``, LAX by default and set explicitly; gradients with
``ms.grad`` and ``ms.value_and_grad``, compared with PyNative
(``tests/test_jit_fallback_mindspore.py`` runs every observation below).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from astroid import nodes

from ms_lint.data.graph_syntax import STATIC_GRAPH
from ms_lint.language import EN, Text, pick, rendered

SINCE = (2, 10)  # observed on 2.10; 2.1-2.9 have the same LAX level but were not run
REDUCTION, CONVERSION = "reduction", "conversion"  # the numpy calls the rule starts from
MIXED, UNTYPED = "mixed", "untyped"  # a numpy array meeting a Tensor op; a value made from one (Tensor(...), int(...))
# numpy functions that call the Tensor's own method with out=, which the Tensor refuses (also in PyNative).
REDUCTIONS = frozenset({"sum", "mean", "max", "amax", "min", "amin", "any", "all", "prod", "std", "var", "ptp"})
METHOD_OF = {"amax": "max", "amin": "min"}
CONSTANT = frozenset({"shape", "ndim", "size"})  # compile-time facts of a Tensor
# How a call treats a numpy value handed to it.
PASSES, CONSUMES, TYPED, SAFE = "passes", "consumes", "typed", "safe"
PASSING_BUILTINS = frozenset({"int", "float", "bool", "abs", "round", "len", "list", "tuple", "sum", "max", "min"})
SAFE_BUILTINS = frozenset({"print", "isinstance", "type", "str", "repr", "format", "id"})
# ops whose result carries no gradient: an untyped argument cuts nothing (observed: ops.bucketize's boundaries).
NO_GRADIENT_OPS = frozenset({"bucketize"})
TENSOR_CLASSES = frozenset({"mindspore.Tensor", "mindspore.common.Tensor", "mindspore.common.tensor.Tensor"})
TENSOR_FUNCTIONS = frozenset({"mindspore.tensor", "mindspore.common.tensor", "mindspore.common.tensor.tensor"})
ANNOTATION = STATIC_GRAPH + "#annotation-type"
GRADIENT_WARNING = "The gradient will be stopped from propagating at the PyExecute node"


def argument_verdict(qualified: Optional[str], kind: Optional[str], call: nodes.Call) -> Optional[str]:
    """What ``call`` does with a numpy value among its arguments; None when only its result's type can tell.

    ``kind``: the catalog's kind of the MindSpore name ``qualified`` ("function", "primitive", "cell"...).
    """
    if qualified is None and isinstance(call.func, nodes.Name):
        if call.func.name in PASSING_BUILTINS:
            return PASSES
        if call.func.name in SAFE_BUILTINS:
            return SAFE
    if qualified is None:
        return None
    if qualified.split(".")[0] == "numpy" or qualified in TENSOR_CLASSES:
        return PASSES  # still computed in the interpreter; ms.Tensor(value, dtype=...) keeps it untyped
    if qualified in TENSOR_FUNCTIONS:
        typed = len(call.args) > 1 or any(keyword.arg == "dtype" for keyword in call.keywords or ())
        return TYPED if typed else PASSES
    if qualified.split(".")[0] != "mindspore":
        return None
    if qualified.rpartition(".")[2] in NO_GRADIENT_OPS:
        return SAFE
    # An ops function computes on it; building a Primitive or a Cell with it is not Tensor math.
    return CONSUMES if kind == "function" else SAFE


FIX = Text(
    "compute it with ops on the Tensor (ops.where, ops.exp, x > 0, x.sum()); if numpy is unavoidable, wrap its "
    "result as mindspore.tensor(value, dtype=...), the function, whose dtype gives it a type (ms.Tensor(...) does "
    "not)",
    "用算子在 Tensor 上计算（ops.where、ops.exp、x > 0、x.sum()）；如果必须使用 numpy，用 mindspore.tensor(value, "
    "dtype=...) 函数包装其结果，dtype 使它有确定的类型（ms.Tensor(...) 类不行）",
)


@dataclass(frozen=True)
class Observation:
    """One form, run in graph mode at LAX on MindSpore 2.10 CPU."""

    form: str  # the body of construct(self, x, sizes): x a (2, 4) float32 input, sizes [1, 3], self.dense nn.Dense(4, 4)
    outcome: Text  # what 2.10 did
    error: str  # the text it printed ("" when it printed nothing)
    reported: bool  # whether graph-tensor-numpy-fallback reports it
    check: str  # how tests/test_jit_fallback_mindspore.py checks it: "fails", "zero-gradient", "ignored", "works"


OBSERVATIONS = (
    Observation(
        "return x * np.sum(x > 0)",
        Text("fails when the network runs (also in PyNative)", "网络运行时失败（动态图模式下也一样）"),
        'TypeError: Failed calling sum with "sum(axis=None, out=None)".',
        True,
        "fails",
    ),
    Observation(
        "return x - np.mean(x)",
        Text("fails when the network runs (also in PyNative)", "网络运行时失败（动态图模式下也一样）"),
        "TypeError: mean() got an unexpected keyword argument 'out'.",
        True,
        "fails",
    ),
    Observation(
        "return x + np.exp(x)",
        Text("fails when the network runs: a Tensor op refuses the ndarray", "网络运行时失败：Tensor 算子不接受 ndarray"),
        "TypeError: Failed calling Add with \"Add()(input=Tensor, other=<class 'numpy.ndarray'>)\".",
        True,
        "fails",
    ),
    Observation(
        "m = ms.Tensor((x.asnumpy() > 0).astype(np.float32))\nreturn self.dense(x) * m",
        Text(
            "runs, right loss, but every weight gradient is zero (PyNative: the gradient of the Dense)",
            "可以运行、损失正确，但所有权重梯度为零（动态图模式下 Dense 的梯度正常）",
        ),
        "[WARNING] ... The gradient will be stopped from propagating at the PyExecute node created at the location",
        True,
        "zero-gradient",
    ),
    Observation(
        "n = int((x.asnumpy() > 0).sum())\nreturn self.dense(x) * n",
        Text("runs, but every weight gradient is zero", "可以运行，但所有权重梯度为零"),
        "[WARNING] ... The gradient will be stopped from propagating at the PyExecute node",
        True,
        "zero-gradient",
    ),
    Observation(
        "t = ms.Tensor(np.tanh(x.asnumpy()))\nreturn ops.reshape(t, (4, 2))",
        Text("runs, and returns the shape (2, 4): the reshape is ignored", "可以运行，但返回形状 (2, 4)：reshape 被忽略"),
        "",
        True,
        "ignored",
    ),
    Observation(
        "t = ms.Tensor(np.tanh(x.asnumpy()))\nreturn self.dense(t)",
        Text("fails when the network runs", "网络运行时失败"),
        "AttributeError: 'int' object has no attribute '__len__'",
        True,
        "fails",
    ),
    Observation(
        "return self.dense(x).tile(tuple(sizes.tolist())).sum()",
        Text("runs, right loss, but every weight gradient is zero", "可以运行、损失正确，但所有权重梯度为零"),
        "[WARNING] ... The gradient will be stopped from propagating at the PyExecute node",
        True,
        "zero-gradient",
    ),
    Observation(
        "a, b = mint.split(self.dense(x), sizes.tolist(), dim=1)\nreturn a.sum() + b.sum()",
        Text("fails to compile", "编译失败"),
        "RuntimeError: Graph cycle exists, size: 8, strike node: ...",
        True,
        "fails",
    ),
    Observation(
        "h = self.dense(x)\nreturn (h * ops.bucketize(h, sizes.astype(ms.float32).tolist())).sum()",
        Text(
            "works, gradients as in PyNative: bucketize's result carries no gradient",
            "正常运行，梯度与动态图模式一致：bucketize 的结果本就没有梯度",
        ),
        "",
        False,
        "works",
    ),
    Observation(
        "if x.asnumpy().sum() > 0:\n    x = x * 2\nreturn self.dense(x)",
        Text("works, gradients as in PyNative", "正常运行，梯度与动态图模式一致"),
        "",
        False,
        "works",
    ),
    Observation(
        "m = ms.tensor((x.asnumpy() > 0).astype(np.float32), dtype=ms.float32)\nreturn self.dense(x) * m",
        Text("works, gradients as in PyNative", "正常运行，梯度与动态图模式一致"),
        "",
        False,
        "works",
    ),
    Observation(
        "return self.dense(x) / np.sqrt(x.shape[-1])",
        Text("works: numpy on a shape is a constant", "正常运行：对形状使用 numpy 得到常量"),
        "",
        False,
        "works",
    ),
)

HEADING = Text("## What MindSpore 2.10 does at LAX", "## MindSpore 2.10 在 LAX 级别下的行为")
COLUMNS = Text(
    "| code in `construct` (GRAPH_MODE, LAX) | what happens | MindSpore's text | reported |",
    "| `construct` 中的代码（静态图模式，LAX） | 结果 | MindSpore 的输出 | 是否报告 |",
)


def markdown() -> Text:
    """The observations as a Markdown table for the rule's documentation page."""

    def render(which: str) -> str:
        rows = [pick(HEADING, which) + "\n", pick(COLUMNS, which), "| --- | --- | --- | --- |"]
        for entry in OBSERVATIONS:
            form = entry.form.replace("\n", "; ")
            error = f"`{entry.error}`" if entry.error else "—"
            reported = ("yes" if entry.reported else "no") if which == EN else ("是" if entry.reported else "否")
            rows.append(f"| `{form}` | {pick(entry.outcome, which)} | {error} | {reported} |")
        return "\n".join(rows) + "\n"

    return rendered(render)
