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

SYMBOL = "dropout-positional-keep-prob"
NODE_TYPES = (nodes.Call,)


def fix(call: nodes.Call, source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    if len(call.args) != 1 or call.keywords:
        return Refusal("the call has more arguments than the one positional probability")
    argument = call.args[0]
    if not isinstance(argument, (nodes.Const, nodes.Name)):
        return Refusal(f"{argument.as_string()} is neither a literal nor a name: check what it holds")
    at = start_of(argument)
    written = source.slice(at, (argument.end_lineno, argument.end_col_offset))
    if not written or (isinstance(argument, nodes.Name) and written != argument.name):
        return Refusal("the argument is not where astroid says")
    return Fix([Edit.insert(at, "p=")], f"{call.func.as_string()}({written}) -> {call.func.as_string()}(p={written})")
