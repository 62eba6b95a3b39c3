"""Which parameter each argument of a call binds to, from the signature in the API catalog."""

from __future__ import annotations

from typing import Dict, Sequence

from astroid import nodes


def bound(call: nodes.Call, parameters: Sequence[str]) -> Dict[str, nodes.NodeNG]:
    """Argument expressions by parameter name (``Entity.args`` order for positional ones).

    Positional arguments after a ``*args`` cannot be placed and are left out, as is
    ``**kwargs``; a parameter passed both ways keeps its keyword.
    """
    found: Dict[str, nodes.NodeNG] = {}
    for index, argument in enumerate(call.args):
        if isinstance(argument, nodes.Starred) or index >= len(parameters):
            break
        found[parameters[index]] = argument
    for keyword in call.keywords or ():
        if keyword.arg is not None:
            found[keyword.arg] = keyword.value
    return found
