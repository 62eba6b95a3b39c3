"""custom-amp-with-amp-level: a network given custom mixed precision, then an amp_level other than O0."""

from __future__ import annotations

from typing import Optional

from astroid import nodes
from pylint.interfaces import HIGH, INFERENCE

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.language import Text
from ms_lint.semantics.names import catalog
from ms_lint.semantics.program import precision, training

SYMBOL = "custom-amp-with-amp-level"
CALLERS = {training.MODEL: "Model", training.BUILD_TRAIN_NETWORK: "build_train_network"}


class CustomAmpWithAmpLevelChecker(MindSporeChecker):
    msgs = {
        "W7341": (
            Text(
                "'%s' already has custom mixed precision (%s, line %d), and %s(%s=%s) converts it again, "
                "recasting the layers set by hand. Keep one mechanism: pass %s=\"O0\" here, or drop the custom "
                "conversion.",
                "'%s' 已设置自定义混合精度（%s，第 %d 行），而 %s(%s=%s) 会再次转换它，覆盖手动设置的层。请只保留一种方式："
                "在此处传入 %s=\"O0\"，或去掉自定义转换。",
            ),
            SYMBOL,
            Text(
                "MindSpore does not support converting a network's precision twice: Model and "
                "build_train_network apply amp_level on top of to_float, auto_mixed_precision or "
                "custom_mixed_precision, and O3 recasts every layer, undoing per-layer float32 settings. "
                "With custom mixed precision, leave amp_level at its default \"O0\".",
                "MindSpore 不支持对网络的精度进行两次转换：Model 和 build_train_network 会在 "
                "to_float、auto_mixed_precision 或 custom_mixed_precision 之上再应用 "
                "amp_level，而 O3 会重新转换每一层，撤销逐层的 float32 设置。使用自定义混合精度时，请让 amp_level "
                "保持默认值 \"O0\"。",
            ),
        )
    }

    def callees(self) -> frozenset:
        return catalog.basenames_of(frozenset(training.LEVEL_PARAMETERS))

    def check_call(self, node: nodes.Call) -> None:
        level = training.amp_level(node)
        if level is None or level == "O0":
            return
        network = precision.trained_network(node)
        if network is None:
            return
        conversion = self._first_conversion(node, network)
        if conversion is None:
            return
        confidence = self._confidence(level, conversion)
        if confidence is None:
            return
        caller = training.training_api(node)
        argument = training.LEVEL_PARAMETERS[caller]
        level_text = training.level_argument(node).as_string()
        args = (network.as_string(), conversion.text, conversion.line, CALLERS[caller], argument, level_text, argument)
        self.add_message(SYMBOL, node=node, args=args, confidence=confidence)

    @staticmethod
    def _first_conversion(node: nodes.Call, network: nodes.NodeNG) -> Optional[precision.Conversion]:
        found = precision.conversions_before(node, network)
        certain = [conversion for conversion in found if conversion.certain]
        return (certain or found or [None])[0]

    @staticmethod
    def _confidence(level: str, conversion: precision.Conversion):
        known_level = level != training.DYNAMIC
        if known_level and conversion.certain:
            return HIGH
        return INFERENCE if known_level or conversion.certain else None
