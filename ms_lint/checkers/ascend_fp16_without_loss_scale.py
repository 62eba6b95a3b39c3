"""ascend-fp16-without-loss-scale: float16 training on Ascend, with Conv/Sort/TopK, and no loss scaling."""

from __future__ import annotations

from typing import Optional, Tuple

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint import language
from ms_lint.checkers.base import Candidate, ProjectChecker
from ms_lint.language import Text
from ms_lint.semantics.program import facts, precision, training

SYMBOL = "ascend-fp16-without-loss-scale"
MANAGER_FIX = Text(
    "pass loss_scale_manager=ms.amp.DynamicLossScaleManager() (or FixedLossScaleManager), or use amp_level=\"O2\"",
    "传入 loss_scale_manager=ms.amp.DynamicLossScaleManager()（或 FixedLossScaleManager），或使用 amp_level=\"O2\"",
)
CELL_FIX = Text(
    "use nn.TrainOneStepWithLossScaleCell(..., scale_sense=nn.DynamicLossScaleUpdateCell(...))",
    "使用 nn.TrainOneStepWithLossScaleCell(..., scale_sense=nn.DynamicLossScaleUpdateCell(...))",
)
FUNCTIONAL_FIX = Text(
    "scale the loss with ms.amp.DynamicLossScaler (scale, unscale, all_finite)",
    "用 ms.amp.DynamicLossScaler（scale、unscale、all_finite）缩放损失",
)
AT_LINE = Text("%s, line %s", "%s，第 %s 行")
CASTS = Text("the program casts networks with %s", "程序用 %s 转换网络精度")
AND = Text(" and ", " 和 ")
FIXES = {"Model": MANAGER_FIX, "build_train_network": MANAGER_FIX, "TrainOneStepCell": CELL_FIX}


class AscendFp16WithoutLossScaleChecker(ProjectChecker):
    symbol = SYMBOL
    msgs = {
        "W7343": (
            Text(
                "%s trains on Ascend in float16 (%s) without loss scaling, and the program uses %s, which MindSpore "
                "lists as float16-only on Ascend: small gradients underflow to zero and large ones overflow. To fix, %s.",
                "%s 在 Ascend 上以 float16 训练（%s）却没有损失缩放（Loss Scale），而程序使用了 "
                "%s，MindSpore 说明这些算子在 Ascend 上只支持 float16：较小的梯度会下溢为零，较大的会上溢。"
                "修复方法：%s。",
            ),
            SYMBOL,
            Text(
                "MindSpore's migration guide: on Ascend, Conv, Sort and TopK only run in float16, so loss scaling "
                "is a standard part of float16 training there. Model(amp_level=\"O2\") adds a dynamic loss scale "
                "manager; O1, O3 and \"auto\", to_float and the amp functions add none.",
                "MindSpore 迁移指南指出：在 Ascend 上 Conv、Sort 和 TopK 只以 float16 "
                "运行，因此损失缩放是那里 float16 训练的标准组成部分。Model(amp_level=\"O2\") 会添加动态损失缩放管理器；"
                "O1、O3 和 \"auto\"、to_float 以及 amp 函数都不会添加。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    def __init__(self, linter=None) -> None:
        super().__init__(linter)
        self._inferred_in_module = False

    def visit_module(self, node: nodes.Module) -> None:
        super().visit_module(node)
        self._inferred_in_module = False

    def callees(self) -> frozenset:
        return training.train_step_basenames()

    def check_call(self, node: nodes.Call) -> None:
        step = training.train_step(node)
        if step is None or training.loss_scaling(node) or training.has_unpacked_arguments(node):
            return
        reason = self._float16_here(node)
        if reason is None:
            return
        if not reason:
            if self._inferred_in_module:
                return  # one finding per module when float16 is only known from the program
            self._inferred_in_module = True
        fix = FIXES.get(step, CELL_FIX if step.startswith("TrainOneStep") else FUNCTIONAL_FIX)
        self.defer(node, args=(f"{node.func.as_string()}(...)", reason, fix), detail=(reason,))

    @staticmethod
    def _float16_here(node: nodes.Call) -> Optional[str]:
        """How this training call's network is float16, as its own code shows; "" when its network
        comes from code out of sight (float16 then depends on the program); None when the code
        shows it is not float16 (float32, bfloat16, or a level from a variable with no cast)."""
        level = training.amp_level(node)
        if level in training.FLOAT16_LEVELS or level == "O2":  # O2 here: with loss_scale_manager=None
            name = training.LEVEL_PARAMETERS[training.training_api(node)]
            suffix = ", loss_scale_manager=None" if level == "O2" else ""
            return f"{name}={training.level_argument(node).as_string()}{suffix}"
        tracking = precision.track(node)
        for conversion in tracking.conversions:
            if conversion.float16 and conversion.certain:
                return AT_LINE % (conversion.text, conversion.line)
        if level == training.DYNAMIC or any(conversion.dtype == training.BFLOAT16 for conversion in tracking.conversions):
            return None
        return "" if tracking.opaque else None

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        if self.target(program).device_target != "Ascend":
            return None
        if program.loss_scaling or not program.ascend_float16_ops:
            return None
        if candidate.detail[0]:
            return HIGH
        # An amp_level elsewhere converts only its own Model's network; casts of network objects travel.
        return INFERENCE if program.float16 - {"amp_level"} else None

    def message_args(self, candidate: Candidate, program: facts.ProgramFacts) -> Tuple:
        step, reason, fix = candidate.args
        if not reason:
            reason = CASTS % ", ".join(sorted(program.float16 - {"amp_level"}))
        return step, reason, _listing(sorted(program.ascend_float16_ops)), fix


def _listing(items) -> str:
    """``Conv, Sort and TopK``."""
    return language.join(AND, filter(None, (", ".join(items[:-1]), items[-1]))) if items else ""
