"""Fix for pytorch-method-on-cell-or-tensor: ``.eval()`` -> ``.set_train(False)``, ``.train(...)`` -> ``.set_train(...)``.

The rule reports these only on proven MindSpore Cells. ``set_train`` takes ``mode`` as
PyTorch's ``train`` does and returns the Cell, so ``net = net.eval()`` keeps working. The
other methods have no mechanical equivalent and are left alone.
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint.fixes.base import Edit, Fix, Refusal, Source, end_of

SYMBOL = "pytorch-method-on-cell-or-tensor"
NODE_TYPES = (nodes.Call,)
NEW = "set_train"


def fix(call: nodes.Call, source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    func = call.func
    if not isinstance(func, nodes.Attribute) or func.attrname not in ("eval", "train"):
        return Refusal("no mechanical MindSpore equivalent: rewrite it as the message says")
    name_end = (func.end_lineno, func.end_col_offset)
    name_start = (func.end_lineno, func.end_col_offset - len(func.attrname))
    if source.slice(name_start, name_end) != func.attrname:
        return Refusal("the method's name is not where astroid says")
    if func.attrname == "eval":
        if call.args or call.keywords:
            return Refusal("eval() is called with arguments")
        return Fix([Edit(name_start, end_of(call), f"{NEW}(False)")], f"{func.as_string()}() -> {NEW}(False)")
    if any(keyword.arg != "mode" for keyword in call.keywords or ()) or len(call.args) > 1:
        return Refusal("train() is called with arguments other than mode")
    return Fix([Edit(name_start, name_end, NEW)], f"{func.as_string()}(...) -> {NEW}(...)")
