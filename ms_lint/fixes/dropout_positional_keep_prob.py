"""Fix for dropout-positional-keep-prob: ``nn.Dropout(x)`` -> ``nn.Dropout(p=x)``.

The rule reports only an argument meant as PyTorch's drop probability, so passing it as ``p``
keeps what the author meant. Only a literal or a plain name is fixed: ``p=`` goes in front of
it, nothing else changes. An attribute (``config.dropout``) is left to the author, who knows
what the configuration holds.
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint.fixes.base import Edit, Fix, Refusal, Source, start_of
from ms_lint.language import Text

MORE_ARGUMENTS = Text("the call has more arguments than the one positional probability", "该调用除了一个位置参数形式的概率之外还有其他参数")
NOT_LITERAL_NOR_NAME = Text("%s is neither a literal nor a name: check what it holds", "%s 既不是字面量也不是名称：请检查它的值")
ARGUMENT_MISPLACED = Text("the argument is not where astroid says", "参数不在 astroid 给出的位置")

SYMBOL = "dropout-positional-keep-prob"
NODE_TYPES = (nodes.Call,)
UNSAFE = True  # the layer then drops the rate the author meant, not its complement


def fix(call: nodes.Call, source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    if len(call.args) != 1 or call.keywords:
        return Refusal(MORE_ARGUMENTS)
    argument = call.args[0]
    if not isinstance(argument, (nodes.Const, nodes.Name)):
        return Refusal(NOT_LITERAL_NOR_NAME % (argument.as_string(),))
    at = start_of(argument)
    written = source.slice(at, (argument.end_lineno, argument.end_col_offset))
    if not written or (isinstance(argument, nodes.Name) and written != argument.name):
        return Refusal(ARGUMENT_MISPLACED)
    return Fix([Edit.insert(at, "p=")], f"{call.func.as_string()}({written}) -> {call.func.as_string()}(p={written})")
