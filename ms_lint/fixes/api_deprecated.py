"""Fix for api-deprecated: deprecated names and keywords with a replacement that does the same.

- ``ops.GatherV2()`` -> ``ops.Gather()``, ``P.TensorAdd()`` -> ``P.Add()``, ``from mindspore.ops
  import soft_shrink`` -> ``... import softshrink as soft_shrink``: the renames the table lists with
  the new name in the same module (the deprecated name is the new one under another name);
- ``nn.Dropout(keep_prob=k)`` -> ``nn.Dropout(p=1 - k)``: ``0.9`` becomes ``0.1`` (computed in
  decimal), a name or attribute ``1 - k``, ``1 - x`` becomes ``x``; the layer drops what it dropped.

Safe: the code does what it did, without the deprecation warning. Names whose replacement takes
other arguments (``nn.OneHot`` -> ``ops.one_hot``) and the other keywords are left to the author.
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint.fixes.api_removed import rename_attribute, rename_import, renamed_in_place
from ms_lint.fixes.base import Edit, Fix, Refusal, Source, complement, end_of, start_of
from ms_lint.language import Text
from ms_lint.semantics.program import api_changes

SYMBOL = "api-deprecated"
NODE_TYPES = (nodes.ImportFrom, nodes.Attribute, nodes.Keyword)
UNSAFE = False  # the replacement does what the deprecated name or keyword did
DROPOUT_KEEP_PROB = "mindspore.nn.Dropout(keep_prob=)"

NO_SAME_REPLACEMENT = Text(
    "%s has no replacement that takes the same arguments: %s", "%s 没有参数相同的替代写法：%s"
)
SEVERAL = Text("the import brings in several deprecated names: fix them one at a time", "该导入引入了多个已废弃的名称：请逐个修复")


def fix(node: nodes.NodeNG, source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    uses = api_changes.uses_at(node)
    if len(uses) != 1:
        return Refusal(SEVERAL)
    change = uses[0].change
    if isinstance(node, nodes.Keyword):
        if change.old == DROPOUT_KEEP_PROB:
            return _keep_prob(node, source)
    elif renamed_in_place(change):
        return rename_attribute(node, source) if isinstance(node, nodes.Attribute) else rename_import(node, change, source)
    return Refusal(NO_SAME_REPLACEMENT % (change.shown, change.fix))


def _keep_prob(keyword: nodes.Keyword, source: Source) -> Union[Fix, Refusal]:
    value = keyword.value
    written = source.slice(start_of(value), end_of(value))
    if isinstance(value, nodes.Const):
        rate = complement(written)
    elif isinstance(value, nodes.BinOp) and value.op == "-" and isinstance(value.left, nodes.Const) and value.left.value == 1:
        rate = source.slice(start_of(value.right), end_of(value.right))  # keep_prob=1 - drop
    elif isinstance(value, (nodes.Name, nodes.Attribute, nodes.Call, nodes.Subscript)):
        rate = f"1 - {written}"
    else:
        rate = f"1 - ({written})"
    if rate is None:
        return Refusal(NO_SAME_REPLACEMENT % ("keep_prob=" + written, "pass p=1 - keep_prob"))
    return Fix([Edit(start_of(keyword), end_of(keyword), f"p={rate}")], f"keep_prob={written} -> p={rate}")
