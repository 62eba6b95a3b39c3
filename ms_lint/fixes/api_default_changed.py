"""Fix for api-default-changed: the default the code was written for, made explicit.

``nn.Conv2d(3, 16, 3)`` written for MindSpore 1.8 -> ``nn.Conv2d(3, 16, 3, weight_init='normal')``;
``model.train(10, data)`` -> ``model.train(10, data, dataset_sink_mode=True)``. Every changed
default the call relies on is passed at once, with the value it had in the code's version (the
table's), after the call's last argument. Unsafe: the code then behaves as it did on its own
version, not as it does on the target today; the author may prefer the new default (then pass that
value instead, or silence the finding).
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint import options
from ms_lint.fixes.base import Edit, Fix, Refusal, Source, end_of
from ms_lint.language import Text
from ms_lint.semantics.names import code_version
from ms_lint.semantics.program import api_changes, facts

SYMBOL = "api-default-changed"
NODE_TYPES = (nodes.Call,)
UNSAFE = True  # the code then keeps its old behaviour, where the target's default now differs

NO_VERSIONS = Text(
    "the version the code was written for is not known here", "此处不知道代码编写时所用的 MindSpore 版本"
)
NOTHING_TO_PASS = Text("the call relies on no changed default", "该调用没有依赖已变更的默认值")


def fix(call: nodes.Call, source: Source, context) -> Union[Fix, Refusal]:
    config = getattr(context, "config", None)
    written_for = None
    if config is not None:
        written_for = code_version.written_for(options.parse_version(config.mindspore_code_version), call.root().file)
    if written_for is None:
        return Refusal(NO_VERSIONS)
    version = options.target(config, facts.ProgramFacts()).version
    changed = api_changes.changed_defaults(api_changes.call_uses(call), written_for, version)
    named = context.message(call, SYMBOL)
    # The defaults the finding names: the program sets some weights itself (semantics.weights).
    passed = [f"{use.change.parameter}={use.change.default[0]}" for use in changed if not named or f"`{use.change.parameter}`" in named]
    if not passed:
        return Refusal(NOTHING_TO_PASS)
    text = ", ".join(passed)
    arguments = [*call.args, *(call.keywords or ())]
    if arguments:
        last = max(arguments, key=end_of)
        edit = Edit.insert(end_of(last), f", {text}")
    else:
        end = end_of(call)
        edit = Edit.insert((end[0], end[1] - 1), text)  # before the closing parenthesis
    return Fix([edit], f"{call.func.as_string()}(...) -> {call.func.as_string()}(..., {text})")
