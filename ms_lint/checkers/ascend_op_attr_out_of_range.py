"""ascend-op-attr-out-of-range: a convolution or pooling stride, kernel, pad or dilation beyond Ascend's limits."""

from __future__ import annotations

import math
from typing import Optional

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import AscendChecker
from ms_lint.language import Text
from ms_lint.semantics import ascend

SYMBOL = "ascend-op-attr-out-of-range"


class AscendOpAttrOutOfRangeChecker(AscendChecker):
    symbol = SYMBOL
    msgs = {
        "E7360": (
            Text(
                "%s %s=%s is beyond what Ascend's %s kernel supports (%s): %s.",
                "%s %s=%s 超出了 Ascend 的 %s 算子支持的范围（%s）：%s。",
            ),
            SYMBOL,
            Text(
                "Ascend kernels bound convolution and pooling attributes (a stride of at most 63, "
                "kernels and pads of at most 255...) that MindSpore does not check on CPU or GPU. "
                "Beyond them the kernel fails to build or its results are not guaranteed.",
                "Ascend 算子限制了卷积和池化的属性（stride 最大 63，kernel 和 pad 最大 255……）"
                "，而 MindSpore 在 CPU 或 GPU 上不检查这些限制。超出限制时算子编译失败，或结果无法保证。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    doc_appendix = staticmethod(ascend.limits_table)

    def callees(self) -> frozenset:
        return ascend.attribute_basenames()

    def check_call(self, node: nodes.Call) -> None:
        for violation in ascend.attribute_violations(node):
            value = _shown(violation.node, violation.value)
            if violation.limit.product:
                value += f" (a window of {violation.largest} elements)"
            args = (node.func.as_string(), violation.parameter, value, violation.kernel, violation.limit.text, _fix(violation))
            self.defer(violation.node, args=args, detail=(violation.confidence,))



def _shown(node: nodes.NodeNG, value) -> str:
    """The argument as written, with its value when it is not a literal (``STRIDE (= 64)``)."""
    written = node.as_string()
    elements = node.elts if isinstance(node, (nodes.Tuple, nodes.List)) else [node]
    if all(isinstance(element, nodes.Const) for element in elements):
        return written
    if isinstance(value, tuple):
        return f"{written} (= ({', '.join('?' if item is None else str(item) for item in value)}))"
    return f"{written} (= {value})"


def _stages(value: int, high: int) -> Optional[str]:
    """``64`` -> ``"8 then 8"``: two strides within the limit whose product is ``value``."""
    for first in range(math.isqrt(value), 1, -1):
        if value % first == 0 and value // first <= high:
            return f"{value // first} then {first}"
    return None


def _fix(violation: ascend.Violation) -> str:
    limit = violation.limit
    if limit.attribute == "stride":
        largest = violation.largest
        stages = _stages(largest, limit.high)
        example = f", e.g. strides {stages}" if stages else ""
        return f"downsample in stages whose strides multiply to {largest}, each at most {limit.high}{example}"
    if limit.attribute == "kernel_size" and "Pool" in violation.kernel:
        reduce = "ops.ReduceMax" if "Max" in violation.kernel else "ops.ReduceMean"
        return f"pool in stages with smaller windows, or use {reduce} over the spatial axes for global pooling"
    if limit.attribute == "kernel_size":
        return "use a smaller kernel, or stack smaller (or dilated) convolutions for the same receptive field"
    if limit.attribute == "padding":
        return f"pad the input with ops.pad first and keep the operator's padding at most {limit.high}"
    return f"use a dilation of at most {limit.high}"
