"""conv-padding-without-pad-mode: nn.Conv2d(..., padding=p) ported from PyTorch, without pad_mode="pad"."""

from __future__ import annotations

from typing import Dict, Optional, Tuple

from astroid import nodes
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import pytorch as table
from ms_lint.language import Text
from ms_lint.semantics.graph import pytorch
from ms_lint.semantics.names import constants

SYMBOL = "conv-padding-without-pad-mode"
PAD = "pad"
MISPLACED = Text(
    "passes %s as pad_mode (MindSpore's padding is the sixth positional parameter)",
    "把 %s 作为 pad_mode 传入（MindSpore 的 padding 是第六个位置参数）",
)
PAD_MODE_TYPE_ERROR = Text("TypeError (pad_mode must be a str)", "TypeError（pad_mode 必须是 str）")
LEFT_AT_DEFAULT = Text('pads by %s but leaves pad_mode at its default "%s"', '按 %s 填充，却让 pad_mode 保持默认值 "%s"')
SET_TO = Text('pads by %s but sets pad_mode to "%s"', '按 %s 填充，却把 pad_mode 设为 "%s"')
PAD_VALUE_ERROR = Text(
    "ValueError (the 'pad' must be zero when 'pad_mode' is not 'pad')",
    "ValueError（'pad_mode' 不是 'pad' 时 'pad' 必须为零）",
)


class ConvPaddingWithoutPadModeChecker(MindSporeChecker):
    msgs = {
        "E7310": (
            Text(
                "%s %s, so MindSpore raises %s when the layer is built. Pass pad_mode=\"pad\", padding=%s as keywords.",
                "%s %s，因此 MindSpore 在构建该层时会抛出 %s。请以关键字参数传入 pad_mode=\"pad\","
                " padding=%s。",
            ),
            SYMBOL,
            Text(
                "MindSpore's convolution layers pad only with pad_mode=\"pad\": with the default pad_mode=\"same\" "
                "(or \"valid\") a non-zero padding raises ValueError, and the fifth positional parameter, where "
                "PyTorch has padding, is pad_mode.",
                "MindSpore 的卷积层只在 pad_mode=\"pad\" 时填充：默认的 pad_mode=\"same\"（或 "
                "\"valid\"）下非零 padding 会抛出 ValueError，而 PyTorch 中 padding 所在的第五个位置参数在 "
                "MindSpore 中是 pad_mode。",
            ),
        )
    }

    doc_appendix = staticmethod(lambda: table.semantics_table(table.PAD_MODE))

    def callees(self) -> frozenset:
        return pytorch.basenames(table.PAD_MODE)

    def check_call(self, node: nodes.Call) -> None:
        found = pytorch.entry_for(node, table.PAD_MODE, self.target().version)
        if found is None:
            return
        entity, _ = found
        if any(keyword.arg not in entity.args for keyword in node.keywords or ()):
            return  # a keyword the layer does not take (PyTorch's groups, bias) raises TypeError first
        bound = pytorch.bound(node, entity)
        verdict = _misplaced_padding(bound) or _padding_without_pad_mode(entity, bound)
        if verdict is not None:
            argument, what, error, padding = verdict
            self.add_message(SYMBOL, node=argument, args=(node.as_string(), what, error, padding), confidence=HIGH)


def _misplaced_padding(bound: Dict[str, nodes.NodeNG]) -> Optional[Tuple[nodes.NodeNG, str, str, str]]:
    """``nn.Conv2d(c, c, 3, 1, 1)``: PyTorch's fifth positional (padding) is MindSpore's pad_mode."""
    pad_mode = bound.get("pad_mode")
    if pad_mode is None or pytorch.number(pad_mode) is None:
        return None
    written = pad_mode.as_string()
    return pad_mode, MISPLACED % (written,), PAD_MODE_TYPE_ERROR, written


def _padding_without_pad_mode(entity, bound: Dict[str, nodes.NodeNG]) -> Optional[Tuple[nodes.NodeNG, str, str, str]]:
    """A known non-zero padding with pad_mode left at its default or set to another literal mode."""
    pad_mode, padding = bound.get("pad_mode"), bound.get("padding")
    mode = constants.fold(pad_mode) if pad_mode is not None else entity.defaults.get("pad_mode")
    if not isinstance(mode, str) or mode == PAD or not _positive(padding):
        return None
    what = (LEFT_AT_DEFAULT if pad_mode is None else SET_TO) % (padding.as_string(), mode)
    return padding, what, PAD_VALUE_ERROR, padding.as_string()


def _positive(padding: Optional[nodes.NodeNG]) -> bool:
    """A padding whose value is known and not all zeros."""
    value = constants.fold(padding) if padding is not None else None
    if isinstance(value, int):
        return value > 0
    return isinstance(value, tuple) and all(isinstance(item, int) for item in value) and any(value)
