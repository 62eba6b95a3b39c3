"""ascend-op-attr-out-of-range: a convolution or pooling stride, kernel, pad or dilation beyond Ascend's limits."""

from __future__ import annotations

import math
from typing import Optional

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import AscendChecker
from ms_lint.language import Text
from ms_lint.semantics.graph import ascend

SYMBOL = "ascend-op-attr-out-of-range"
WINDOW = Text("%s (a window of %s elements)", "%s（窗口共 %s 个元素）")
STAGES = Text("%s then %s", "%s 再 %s")
EXAMPLE = Text(", e.g. strides %s", "，例如步长 %s")
STRIDE_FIX = Text(
    "downsample in stages whose strides multiply to %s, each at most %s%s",
    "分多级下采样，各级步长之积为 %s，每级不超过 %s%s",
)
POOL_FIX = Text(
    "pool in stages with smaller windows, or use %s over the spatial axes for global pooling",
    "用更小的窗口分多级池化，或在空间维度上使用 %s 做全局池化",
)
KERNEL_FIX = Text(
    "use a smaller kernel, or stack smaller (or dilated) convolutions for the same receptive field",
    "使用更小的卷积核，或堆叠更小的（或空洞）卷积以获得相同的感受野",
)
PADDING_FIX = Text(
    "pad the input with ops.pad first and keep the operator's padding at most %s",
    "先用 ops.pad 填充输入，并让算子的 padding 不超过 %s",
)
DILATION_FIX = Text("use a dilation of at most %s", "使用不超过 %s 的 dilation")


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
                value = WINDOW % (value, violation.largest)
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


def _stages(value: int, high: int) -> Optional[Text]:
    """``64`` -> ``"8 then 8"``: two strides within the limit whose product is ``value``."""
    for first in range(math.isqrt(value), 1, -1):
        if value % first == 0 and value // first <= high:
            return STAGES % (value // first, first)
    return None


def _fix(violation: ascend.Violation) -> Text:
    limit = violation.limit
    if limit.attribute == "stride":
        largest = violation.largest
        stages = _stages(largest, limit.high)
        example = EXAMPLE % (stages,) if stages else ""
        return STRIDE_FIX % (largest, limit.high, example)
    if limit.attribute == "kernel_size" and "Pool" in violation.kernel:
        reduce = "ops.ReduceMax" if "Max" in violation.kernel else "ops.ReduceMean"
        return POOL_FIX % (reduce,)
    if limit.attribute == "kernel_size":
        return KERNEL_FIX
    if limit.attribute == "padding":
        return PADDING_FIX % (limit.high,)
    return DILATION_FIX % (limit.high,)
