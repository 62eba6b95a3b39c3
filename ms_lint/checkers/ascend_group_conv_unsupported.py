"""ascend-group-conv-unsupported: a grouped convolution that Ascend does not run (not depthwise, or a 3-D op)."""

from __future__ import annotations

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import AscendChecker
from ms_lint.language import Text
from ms_lint.semantics import ascend

SYMBOL = "ascend-group-conv-unsupported"
REASONS = {
    "depthwise": "MindSpore documents that Ascend runs group > 1 only when in_channels == out_channels == group",
    "one": "MindSpore raises ValueError on Ascend ('On Ascend platform, group = 1 must be satisfied')",
}
FIXES = {
    "depthwise": "split the input channels into {group} groups, convolve each and concatenate the results, "
    "or use a depthwise convolution (group == in_channels == out_channels) followed by a 1x1 convolution",
    "one": "use group=1 and split the channels into {group} groups yourself (nn.Conv3d does this for you)",
}


class AscendGroupConvUnsupportedChecker(AscendChecker):
    symbol = SYMBOL
    msgs = {
        "E7361": (
            Text(
                "%s with %s is a grouped convolution Ascend does not support: %s. Instead, %s.",
                "%s 使用 %s 是 Ascend 不支持的分组卷积：%s。请改为：%s。",
            ),
            SYMBOL,
            Text(
                "On Ascend, MindSpore's 2-D convolutions support group > 1 only for depthwise convolution, "
                "and ops.Conv3D/ops.Conv3DTranspose only group = 1. CPU and GPU accept these groups, so the "
                "failure appears only once the network runs on Ascend.",
                "在 Ascend 上，MindSpore 的二维卷积只在深度卷积（depthwise）时支持 group > 1，"
                "ops.Conv3D/ops.Conv3DTranspose 只支持 group = 1。CPU 和 GPU 接受这些分组，"
                "因此只有网络在 Ascend 上运行时才会失败。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    doc_appendix = staticmethod(ascend.groups_table)

    def callees(self) -> frozenset:
        return ascend.group_basenames()

    def check_call(self, node: nodes.Call) -> None:
        violation = ascend.group_violation(node)
        if violation is None:
            return
        group = violation.values[0][1]
        settings = ", ".join(f"{name}={value}" for name, value in violation.values)
        rule = violation.rule.rule
        args = (node.func.as_string(), settings, REASONS[rule], FIXES[rule].format(group=group))
        self.defer(violation.node, args=args, detail=(violation.rule.confidence,))

