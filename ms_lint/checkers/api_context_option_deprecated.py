"""api-context-option-deprecated: a set_context option MindSpore deprecated (2.5 moved most to APIs of their own)."""

from __future__ import annotations

from ms_lint.checkers.api_deprecated import ApiDeprecatedChecker
from ms_lint.language import Text

SYMBOL = "api-context-option-deprecated"


class ApiContextOptionDeprecatedChecker(ApiDeprecatedChecker):
    msgs = {
        "W7383": (
            Text("%s is deprecated since MindSpore %s: %s.", "%s 自 MindSpore %s 起已废弃：%s。"),
            SYMBOL,
            Text(
                "MindSpore 2.5 moved the device, memory, determinism and graph-saving options of set_context to "
                "APIs of their own (set_device, runtime.set_memory, set_deterministic...) and logs a warning for "
                "most old options; its docs mark the compile options (jit_config, jit_syntax_level, exec_order) "
                "deprecated in favour of mindspore.jit's parameters. A separate rule from api-deprecated, so that "
                "code which must also run on MindSpore before 2.5 can turn this one off alone.",
                "MindSpore 2.5 把 set_context 的后端、内存、确定性计算和保存图等选项迁移到了各自独立的接口"
                "（set_device、runtime.set_memory、set_deterministic……），并对大多数旧选项打印警告；其文档还把编译选项"
                "（jit_config、jit_syntax_level、exec_order）标记为已废弃，改用 mindspore.jit 的参数。它独立于 "
                "api-deprecated，使必须同时在 2.5 之前的 MindSpore 上运行的代码可以只关闭这一条规则。",
            ),
        )
    }

    symbol = SYMBOL
    context_options = True
