"""MindSpore operators whose output shape depends on the input values (dynamic shape).

In graph mode such an operator makes every shape downstream of it unknown at
compile time. MindSpore's dynamic-shape guide lists them: "Unique/MaskedSelect/
NonZero — dynamic shape is introduced when this API is used"; "TopK — the value of
K is not fixed". Each entry names the public MindSpore names (functions and
Primitive classes, as the catalog resolves them), the Tensor method of the same
operator, the argument that makes the shape dynamic when it is a Tensor (None: the
operator is always dynamic), the fix, and the evidence.

Observed on MindSpore 2.10.0, CPU, GRAPH_MODE: the output shape of each operator
marked ``OBS`` is not a compile-time constant.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from ms_lint.language import Text

DYNAMIC_SHAPE_GUIDE = "https://www.mindspore.cn/docs/en/r2.3/migration_guide/dynamic_shape.html"
MODEL_AND_CELL = "https://www.mindspore.cn/docs/en/r2.0/migration_guide/model_development/model_and_cell.html"

KEEP_SHAPE = Text(
    "keep the shape: ops.masked_fill(x, ~mask, 0), ops.select(mask, x, 0) or x * mask",
    "请保持形状不变：ops.masked_fill(x, ~mask, 0)、ops.select(mask, x, 0) 或 x * mask",
)
ON_THE_MASK = Text(
    "work on the mask itself (x * mask, ops.select) instead of the indices it selects",
    "请直接使用掩码（x * mask、ops.select），而不是它选出的索引",
)


@dataclass(frozen=True)
class DynamicShapeOp:
    """One operator family (functional forms, Primitive and Tensor method)."""

    label: str  # how the message names it
    names: Tuple[str, ...]  # public MindSpore names of functions and Primitive classes
    method: Optional[str]  # the Tensor method, if any
    # (name, position in the function call, position in the Primitive call, position in the method call)
    value_argument: Optional[Tuple[str, int, int, int]]
    fix: Text
    versions: str
    source: str


DYNAMIC_SHAPE_OPS = (
    DynamicShapeOp(
        label="masked_select",
        names=("mindspore.ops.masked_select", "mindspore.mint.masked_select", "mindspore.ops.MaskedSelect"),
        method="masked_select",
        value_argument=None,
        fix=KEEP_SHAPE,
        versions="all (OBS 2.10)",
        source=DYNAMIC_SHAPE_GUIDE,
    ),
    DynamicShapeOp(
        label="nonzero",
        names=("mindspore.ops.nonzero", "mindspore.mint.nonzero", "mindspore.ops.NonZero"),
        method="nonzero",
        value_argument=None,
        fix=ON_THE_MASK,
        versions="all (OBS 2.10)",
        source=DYNAMIC_SHAPE_GUIDE,
    ),
    DynamicShapeOp(
        label="argwhere",
        names=("mindspore.ops.argwhere",),
        method="argwhere",
        value_argument=None,
        fix=ON_THE_MASK,
        versions="2.0+ (OBS 2.10)",
        source=DYNAMIC_SHAPE_GUIDE,
    ),
    DynamicShapeOp(
        label="unique",
        names=(
            "mindspore.ops.unique",
            "mindspore.mint.unique",
            "mindspore.ops.Unique",
            "mindspore.numpy.unique",
            "mindspore.ops.unique_consecutive",
        ),
        method="unique",
        value_argument=None,
        fix=Text(
            "use a fixed-size result (ops.unique_with_pad), or compute it outside the graph",
            "请使用固定大小的结果（ops.unique_with_pad），或在图外计算",
        ),
        versions="all (OBS 2.10: ops.unique, ops.Unique, numpy.unique, unique_consecutive)",
        source=DYNAMIC_SHAPE_GUIDE,
    ),
    DynamicShapeOp(
        label="topk",
        names=("mindspore.ops.topk", "mindspore.ops.top_k", "mindspore.mint.topk", "mindspore.ops.TopK"),
        method="topk",
        value_argument=("k", 1, 1, 0),
        fix=Text(
            "pass k as a Python int, or sort (ops.sort) and mask by the k-th value",
            "请以 Python int 传入 k，或先排序（ops.sort）再按第 k 个值做掩码",
        ),
        versions="all (OBS 2.10: a Tensor k gives a dynamic shape, an int k a static one)",
        source=MODEL_AND_CELL,
    ),
)
