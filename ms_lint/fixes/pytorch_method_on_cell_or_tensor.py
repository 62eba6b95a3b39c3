"""Fix for pytorch-method-on-cell-or-tensor: ``.eval()`` -> ``.set_train(False)``, ``.train(...)`` -> ``.set_train(...)``.

The rule reports these only on proven MindSpore Cells. ``set_train`` takes ``mode`` as
PyTorch's ``train`` does and returns the Cell, so ``net = net.eval()`` keeps working. The
other methods have no mechanical equivalent and are left alone.
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint.fixes.base import Edit, Fix, Refusal, Source, attribute_name_span, end_of
from ms_lint.language import Text

NO_MECHANICAL_EQUIVALENT = Text(
    "no mechanical MindSpore equivalent: rewrite it as the message says",
    "没有可机械替换的 MindSpore 等价写法：请按检查结果的说明改写",
)
NAME_MISPLACED = Text("the method's name is not where astroid says", "方法名不在 astroid 给出的位置")
TRAIN_ARGUMENTS = Text("train() is called with arguments other than mode", "train() 的调用带有 mode 以外的参数")
EVAL_ARGUMENTS = Text("eval() is called with arguments", "eval() 的调用带有参数")

SYMBOL = "pytorch-method-on-cell-or-tensor"
NODE_TYPES = (nodes.Call,)
UNSAFE = False  # the PyTorch method raises AttributeError today
NEW = "set_train"


def fix(call: nodes.Call, source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    func = call.func
    if not isinstance(func, nodes.Attribute) or func.attrname not in ("eval", "train"):
        return Refusal(NO_MECHANICAL_EQUIVALENT)
    span = attribute_name_span(func, source)
    if span is None:
        return Refusal(NAME_MISPLACED)
    name_start, name_end = span
    if func.attrname == "eval":
        if call.args or call.keywords:
            return Refusal(EVAL_ARGUMENTS)
        return Fix([Edit(name_start, end_of(call), f"{NEW}(False)")], f"{func.as_string()}() -> {NEW}(False)")
    if any(keyword.arg != "mode" for keyword in call.keywords or ()) or len(call.args) > 1:
        return Refusal(TRAIN_ARGUMENTS)
    return Fix([Edit(name_start, name_end, NEW)], f"{func.as_string()}(...) -> {NEW}(...)")
