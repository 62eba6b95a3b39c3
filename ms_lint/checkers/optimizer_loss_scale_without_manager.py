"""optimizer-loss-scale-without-manager: an optimizer's loss_scale with a training step that never scales the loss."""

from __future__ import annotations

import os
from typing import Optional

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, Confidence

from ms_lint.checkers.base import Candidate, ProjectChecker
from ms_lint.language import Text
from ms_lint.semantics.program import facts, loss_scale, training

SYMBOL = "optimizer-loss-scale-without-manager"
MANAGER = Text("no loss_scale_manager", "没有 loss_scale_manager")
SENS = Text("no sens", "没有 sens")
MANAGER_FIX = Text(
    "pass loss_scale_manager=ms.amp.FixedLossScaleManager(%s, drop_overflow_update=False) here, "
    "or remove loss_scale from the optimizer",
    "在此处传入 loss_scale_manager=ms.amp.FixedLossScaleManager(%s, drop_overflow_update=False)，"
    "或去掉优化器的 loss_scale",
)
SENS_FIX = Text("pass sens=%s here, or remove loss_scale from the optimizer", "在此处传入 sens=%s，或去掉优化器的 loss_scale")
AT_LINE = Text("line %d", "第 %d 行")
IN_FILE = Text("%s, line %d", "%s，第 %d 行")
# amp_level="auto" brings a DynamicLossScaleManager on GPU in MindSpore up to 2.2 (auto -> O2).
AUTO_WITHOUT_MANAGER = frozenset({"Ascend", "CPU"})


class OptimizerLossScaleWithoutManagerChecker(ProjectChecker):
    symbol = SYMBOL
    msgs = {
        "W7350": (
            Text(
                "%s trains %s (%s), which divides the gradients by loss_scale=%s, but it has %s to multiply the "
                "loss by it: every update is %s times too small, as if the learning rate were divided by %s. "
                "To fix, %s.",
                "%s 训练的优化器 %s（%s）会把梯度除以 loss_scale=%s，但它%s，不会把损失乘以该值：每次更新都小了 "
                "%s 倍，相当于学习率被除以 %s。修复方法：%s。",
            ),
            SYMBOL,
            Text(
                "An optimizer's loss_scale only undoes a loss scaled by the same value: MindSpore pairs it with "
                "FixedLossScaleManager(loss_scale, drop_overflow_update=False) given to Model. Without one, the "
                "gradients are divided by loss_scale and training silently runs with a learning rate that much "
                "smaller.",
                "优化器的 loss_scale 只用于抵消按同一值放大的损失：MindSpore 要求它与传给 Model 的 "
                "FixedLossScaleManager(loss_scale, drop_overflow_update=False) 配套使用。没有管理器时，梯度被除以 "
                "loss_scale，训练在没有任何提示的情况下以小了这么多倍的学习率进行。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    def callees(self) -> frozenset:
        return training.train_step_basenames()

    def check_call(self, node: nodes.Call) -> None:
        found = loss_scale.unscaled_steps(node)
        if found is None:
            return
        built, scaling = found
        optimizer = built[0].call
        scale = f"{built[0].scale:g}"
        lacks, fix = (SENS, SENS_FIX) if training.training_api(node) is None else (MANAGER, MANAGER_FIX)
        args = (
            f"{node.func.as_string()}(...)",
            f"{optimizer.func.as_string()}(...)",
            _where(optimizer, node),
            scale,
            lacks,
            scale,
            scale,
            fix % repr(built[0].scale),
        )
        self.defer(node, args=args, detail=(scaling,))

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        if candidate.detail[0] == loss_scale.AUTO:
            return HIGH if self.target(program).device_target in AUTO_WITHOUT_MANAGER else None
        return HIGH


def _where(optimizer: nodes.Call, step: nodes.Call) -> Text:
    """``line 12``, or ``helpers.py, line 12`` for an optimizer built in another file."""
    if optimizer.root() is step.root():
        return AT_LINE % optimizer.fromlineno
    return IN_FILE % (os.path.basename(optimizer.root().file or optimizer.root().name), optimizer.fromlineno)
