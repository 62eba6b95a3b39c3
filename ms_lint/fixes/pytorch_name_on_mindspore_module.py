"""Fix for pytorch-name-on-mindspore-module: a PyTorch name with a same-module MindSpore name that does the same.

The table (``ms_lint.data.pytorch``, ``rename``) lists them, checked on MindSpore 2.10: ``nn.Module``
-> ``nn.Cell``, ``nn.ModuleList`` -> ``nn.CellList``, ``nn.Sequential`` -> ``nn.SequentialCell``,
``nn.Hardswish`` -> ``nn.HSwish``, ``nn.Hardsigmoid`` -> ``nn.HSigmoid``, ``ops.Relu`` -> ``ops.ReLU``.
The attribute is renamed where it is used (``nn.Module`` -> ``nn.Cell``); an import keeps the file's
name (``from mindspore.nn import Sequential`` -> ``... import SequentialCell as Sequential``).
Safe: the code fails today (the module has no such name). A call with arguments is renamed only
where MindSpore's class takes the same ones (``CellList``, ``SequentialCell``): ``nn.Hardswish
(inplace=True)`` is left alone, and so are the names whose MindSpore class takes other arguments
(``nn.ConvTranspose2d``: ``nn.Conv2dTranspose`` pads with ``pad_mode="same"`` by default).
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint.data import pytorch
from ms_lint.fixes.api_removed import replace_imported_name
from ms_lint.fixes.base import Edit, Fix, Refusal, Source, attribute_name_span
from ms_lint.language import Text
from ms_lint.semantics.names import names

SYMBOL = "pytorch-name-on-mindspore-module"
NODE_TYPES = (nodes.Attribute, nodes.ImportFrom)
UNSAFE = False  # the code fails today: the MindSpore module has no such name
RENAMES = {key: entry for key, entry in pytorch.NAMES.items() if entry.rename}

NO_RENAME = Text(
    "%s has no same-module MindSpore name that does the same: %s", "%s 没有同一模块中作用相同的 MindSpore 名称：%s"
)
ARGUMENTS = Text(
    "the call passes arguments, which %s may not take: rename it by hand", "该调用传入了参数，%s 未必接受：请手动重命名"
)
IMPORTED_FOR_CALLS = Text(
    "imported by name: rename its uses by hand, checking their arguments against %s",
    "按名称导入：请手动重命名它的用法，并对照 %s 检查参数",
)
MISPLACED = Text("the name is not where astroid says", "名称不在 astroid 给出的位置")


def fix(node: Union[nodes.Attribute, nodes.ImportFrom], source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    if isinstance(node, nodes.ImportFrom):
        return _import(node, source)
    entry = RENAMES.get(names.mindspore_name(node) or "")
    if entry is None:
        return Refusal(NO_RENAME % (node.as_string(), _suggestion(names.mindspore_name(node))))
    call = node.parent
    if isinstance(call, nodes.Call) and call.func is node and (call.args or call.keywords) and not entry.rename_with_arguments:
        return Refusal(ARGUMENTS % (entry.rename,))
    span = attribute_name_span(node, source)
    if span is None:
        return Refusal(MISPLACED)
    return Fix([Edit(*span, entry.rename)], f"{node.as_string()} -> {node.expr.as_string()}.{entry.rename}")


def _import(node: nodes.ImportFrom, source: Source) -> Union[Fix, Refusal]:
    module = names.absolute_module(node) or ""
    edits, renamed = [], []
    for name, alias in node.names:
        entry = RENAMES.get(f"{module}.{name}")
        if entry is None:
            continue
        if not entry.rename_with_arguments:
            return Refusal(IMPORTED_FOR_CALLS % (entry.rename,))
        edit = replace_imported_name(node, name, entry.rename if alias else f"{entry.rename} as {name}", source)
        if edit is None:
            return Refusal(MISPLACED)
        edits.append(edit)
        renamed.append(f"{name} -> {entry.rename}")
    if not edits:
        reported = next((f"{module}.{name}" for name, _ in node.names if f"{module}.{name}" in pytorch.NAMES), module)
        return Refusal(NO_RENAME % (reported, _suggestion(reported)))
    return Fix(edits, f"import {', '.join(renamed)}")


def _suggestion(name) -> str:
    entry = pytorch.NAMES.get(name or "")
    return str(entry.mindspore) if entry is not None else "see the message"
