"""ascend-group-conv-unsupported: a grouped convolution that Ascend does not run (not depthwise, or a 3-D op)."""

from __future__ import annotations

from astroid import nodes
from pylint.constants import WarningScope

from ms_lint.checkers.base import AscendChecker
from ms_lint.language import Text
from ms_lint.semantics.graph import ascend

SYMBOL = "ascend-group-conv-unsupported"
REASONS = {
    "depthwise": Text(
        "MindSpore documents that Ascend runs group > 1 only when in_channels == out_channels == group",
        "MindSpore 文档说明 Ascend 只在 in_channels == out_channels == group 时支持 group > 1",
    ),
    "one": Text(
        "MindSpore raises ValueError on Ascend ('On Ascend platform, group = 1 must be satisfied')",
        "MindSpore 在 Ascend 上抛出 ValueError（'On Ascend platform, group = 1 must be satisfied'）",
    ),
}
FIXES = {
    "depthwise": Text(
        "split the input channels into %s groups, convolve each and concatenate the results, "
        "or use a depthwise convolution (group == in_channels == out_channels) followed by a 1x1 convolution",
        "把输入通道分成 %s 组，分别卷积后拼接结果，或使用深度卷积（group == in_channels == out_channels）再接一个 1x1 卷积",
    ),
    "one": Text(
        "use group=1 and split the channels into %s groups yourself (nn.Conv3d does this for you)",
        "使用 group=1 并自行把通道分成 %s 组（nn.Conv3d 会替你这样做）",
    ),
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
        args = (node.func.as_string(), settings, REASONS[rule], FIXES[rule] % (group,))
        self.defer(violation.node, args=args, detail=(violation.rule.confidence,))

