"""Fix for conv-padding-without-pad-mode: pad with ``pad_mode="pad"``, as the padding says.

The rule reports a layer whose building raises today (ValueError for a padding without
``pad_mode="pad"``, TypeError for PyTorch's positional padding landing in ``pad_mode``), so the
fix, which makes it pad as written, is safe:

- ``nn.Conv2d(3, 64, 3, padding=1)`` -> ``nn.Conv2d(3, 64, 3, pad_mode="pad", padding=1)``;
- ``nn.Conv1d(..., pad_mode="same", padding=1)`` -> ``pad_mode="pad"``;
- ``nn.Conv2d(64, 64, 3, 1, 1)`` -> ``nn.Conv2d(64, 64, 3, 1, pad_mode="pad", padding=1)``, when the
  padding is the last positional argument (PyTorch's further ones, dilation and groups, do not
  line up with MindSpore's); with ``padding=`` also given, the positional one becomes
  ``pad_mode="pad"``.

A ``pad_mode`` that is not a literal, or a positional padding followed by more positional
arguments, is left to the author.
"""

from __future__ import annotations

from typing import Optional, Union

from astroid import nodes

from ms_lint.fixes.base import Edit, Fix, Refusal, Source, end_of, start_of
from ms_lint.language import Text

SYMBOL = "conv-padding-without-pad-mode"
NODE_TYPES = (nodes.NodeNG,)  # the padding argument, whatever expression it is
UNSAFE = False  # building the layer raises today
PAD_MODE_POSITION = 4  # in_channels, out_channels, kernel_size, stride, pad_mode, padding
PAD = '"pad"'

MORE_POSITIONAL = Text(
    "more positional arguments follow the padding: PyTorch's dilation and groups do not line up with MindSpore's",
    "填充之后还有位置参数：PyTorch 的 dilation 和 groups 与 MindSpore 的参数位置不对应",
)
PAD_MODE_NOT_LITERAL = Text("pad_mode is not a literal string: check what it holds", "pad_mode 不是字符串字面量：请检查它的值")
NOT_AN_ARGUMENT = Text("the flagged padding is not an argument of the call", "被标记的填充不是该调用的参数")


def fix(argument: nodes.NodeNG, source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    call = argument.parent.parent if isinstance(argument.parent, nodes.Keyword) else argument.parent
    if not isinstance(call, nodes.Call):
        return Refusal(NOT_AN_ARGUMENT)
    written = source.slice(start_of(argument), end_of(argument))
    layer = call.func.as_string()
    if argument in call.args and call.args.index(argument) == PAD_MODE_POSITION:
        if len(call.args) > PAD_MODE_POSITION + 1:
            return Refusal(MORE_POSITIONAL)
        padding_keyword = any(keyword.arg == "padding" for keyword in call.keywords or ())
        # With padding= also given, the positional number stands for the same padding.
        text = f"pad_mode={PAD}" if padding_keyword else f"pad_mode={PAD}, padding={written}"
        return Fix([Edit(start_of(argument), end_of(argument), text)], f"{layer}(..., {written}) -> {layer}(..., {text})")
    pad_mode = _pad_mode(call)
    if pad_mode is None:
        keyword = argument.parent
        if not isinstance(keyword, nodes.Keyword):
            return Refusal(NOT_AN_ARGUMENT)
        return Fix([Edit.insert(start_of(keyword), f"pad_mode={PAD}, ")], f"{layer}(..., padding={written}): pad_mode={PAD} added")
    if not (isinstance(pad_mode, nodes.Const) and isinstance(pad_mode.value, str)):
        return Refusal(PAD_MODE_NOT_LITERAL)
    old = source.slice(start_of(pad_mode), end_of(pad_mode))
    return Fix([Edit(start_of(pad_mode), end_of(pad_mode), PAD)], f"{layer}(..., pad_mode={old}) -> pad_mode={PAD}")


def _pad_mode(call: nodes.Call) -> Optional[nodes.NodeNG]:
    """The call's pad_mode argument: by keyword, or fifth by position."""
    for keyword in call.keywords or ():
        if keyword.arg == "pad_mode":
            return keyword.value
    return call.args[PAD_MODE_POSITION] if len(call.args) > PAD_MODE_POSITION else None
