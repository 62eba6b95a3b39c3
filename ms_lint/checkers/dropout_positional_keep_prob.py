"""dropout-positional-keep-prob: nn.Dropout(x) ported from PyTorch, where x is the drop probability."""

from __future__ import annotations

from typing import Optional, Tuple

from astroid import nodes
from pylint.interfaces import HIGH, INFERENCE, Confidence

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import pytorch as table
from ms_lint.language import Text
from ms_lint.semantics.graph import pytorch

SYMBOL = "dropout-positional-keep-prob"
# Words that name a drop probability (PyTorch's p) or a keep probability (MindSpore's keep_prob).
DROP_WORDS = ("drop",)
KEEP_WORDS = ("keep",)
RAISES = Text(
    "nn.Dropout(keep_prob=0) raises ValueError (keep_prob must be in (0, 1])",
    "nn.Dropout(keep_prob=0) 会抛出 ValueError（keep_prob 必须在 (0, 1] 内）",
)
ZEROES = Text(
    "it zeroes %s of the activations in training, not %s", "训练时它会将 %s 的激活置零，而不是 %s"
)
ZEROES_AT_LEAST = Text(
    "it zeroes %s or more of the activations in training", "训练时它会将 %s 或更多的激活置零"
)
IF_DROP = Text(
    "if %s is a drop probability p, training zeroes 1 - p of the activations and p = 0 raises",
    "如果 %s 是丢弃概率 p，训练时会将 1 - p 的激活置零，且 p = 0 时抛出异常",
)


class DropoutPositionalKeepProbChecker(MindSporeChecker):
    msgs = {
        "W7306": (
            Text(
                "%s passes %s as keep_prob, the fraction MindSpore KEEPS: %s. Pass PyTorch's drop probability "
                "by keyword: %s.",
                "%s 将 %s 作为 keep_prob 传入，即 MindSpore 保留的比例：%s。请以关键字传入 PyTorch "
                "的丢弃概率：%s。",
            ),
            SYMBOL,
            Text(
                "The first positional parameter of mindspore.nn.Dropout is keep_prob, the probability to keep an "
                "element; PyTorch's is p, the probability to drop it. A positional nn.Dropout(0.1) copied from "
                "PyTorch zeroes 90% of the activations in training.",
                "mindspore.nn.Dropout 的第一个位置参数是 keep_prob，即保留一个元素的概率（保留概率）"
                "；PyTorch 的是 p，即丢弃它的概率（丢弃概率）。从 PyTorch 照搬的位置参数 nn.Dropout(0.1) "
                "在训练中会将 90% 的激活置零。",
            ),
        )
    }

    doc_appendix = staticmethod(lambda: table.semantics_table(table.POSITIONAL_KEEP_PROB))

    def callees(self) -> frozenset:
        return pytorch.basenames(table.POSITIONAL_KEEP_PROB)

    def check_call(self, node: nodes.Call) -> None:
        if not node.args or isinstance(node.args[0], nodes.Starred):
            return
        if pytorch.entry_for(node, table.POSITIONAL_KEEP_PROB, self.target().version) is None:
            return
        if any(keyword.arg in ("keep_prob", "p") for keyword in node.keywords or ()):
            return  # a TypeError already
        argument = node.args[0]
        verdict = _drop_probability(argument)
        if verdict is None:
            return
        confidence, effect = verdict
        written = argument.as_string()
        fix = f"{node.func.as_string()}(p={written})"
        self.add_message(SYMBOL, node=node, args=(node.as_string(), written, effect, fix), confidence=confidence)


def _drop_probability(argument: nodes.NodeNG) -> Optional[Tuple[Confidence, Text]]:
    """(confidence, effect) when the argument is meant as PyTorch's drop probability, else None.

    A literal below 0.5 is (nobody keeps less than half on purpose); 0.5 means the same either
    way and above it is MindSpore 1.x's keep_prob idiom. A name is judged by every value it may
    hold when they are known (``rate = 0.5``, then ``rate = 1.0`` at inference: keep_prob), else,
    like an attribute, by its words (``dropout``, ``attn_drop``; never ``keep_prob``).
    """
    value = pytorch.number(argument)
    if value is not None:
        if value == 0:
            return HIGH, RAISES
        if 0 < value < 0.5:
            return HIGH, ZEROES % (f"{1 - value:.0%}", f"{value:.0%}")
        return None
    word = argument.name if isinstance(argument, nodes.Name) else getattr(argument, "attrname", None)
    if word is None or any(keep in word.lower() for keep in KEEP_WORDS):
        return None
    possible = pytorch.possible_numbers(argument) if isinstance(argument, nodes.Name) else None
    if possible is not None:
        values, from_default = possible
        if not all(0 <= value < 0.5 for value in values):
            return None  # 0.9, or 1.0 at inference, reads as a keep probability
        if not from_default:
            return HIGH, ZEROES_AT_LEAST % (f"{1 - max(values):.0%}",)
    elif not any(drop in word.lower() for drop in DROP_WORDS):
        return None
    return INFERENCE, IF_DROP % (argument.as_string(),)
