"""Fix for api-context-option-deprecated: the ``set_context`` options with a one-to-one replacement.

MindSpore 2.5 moved these options to functions of their own, which do what the options did (the
options now only log a deprecation warning), so the fix is safe:

- ``device_target=X, device_id=Y`` -> ``mindspore.set_device(X, Y)``;
- ``deterministic="ON"`` / ``"OFF"`` -> ``mindspore.set_deterministic(True)`` / ``(False)``;
- ``max_device_memory=M`` -> ``mindspore.runtime.set_memory(max_size=M)``.

Every such option of the call moves at once, in that order, to lines right after it; the call
keeps its other options, and a call left with none is replaced. Names are spelled in the file's
import style (``ms.set_device`` beside ``ms.set_context``, else ``set_device`` added to
``from mindspore import ...``). Left to the author: the other options (their replacements take
other arguments or are environment variables), ``device_id`` without ``device_target``,
``deterministic`` whose value is not a literal, and a call with a comment among the options that
would move.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Union

from astroid import nodes

from ms_lint.fixes import imports
from ms_lint.fixes.base import Edit, Fix, Refusal, Source, end_of, start_of
from ms_lint.language import Text
from ms_lint.semantics.names import names

SYMBOL = "api-context-option-deprecated"
NODE_TYPES = (nodes.Keyword,)
UNSAFE = False  # the new functions do what the options did
DETERMINISTIC = {"ON": "True", "OFF": "False"}

OTHER_OPTION = Text(
    "%s= has no one-to-one replacement: change it as the message says",
    "%s= 没有一对一的替代写法：请按检查结果的说明修改",
)
NO_TARGET = Text(
    "set_device needs the device target, which this call does not pass", "set_device 需要设备目标，而此调用没有传入"
)
NOT_LITERAL = Text(
    "deterministic= is not the literal \"ON\" or \"OFF\"", "deterministic= 不是字面量 \"ON\" 或 \"OFF\""
)
NOT_KEYWORDS = Text(
    "the call passes arguments by position or with **: the options cannot be moved one by one",
    "该调用按位置或用 ** 传入参数：无法逐个移动这些选项",
)
NOT_A_STATEMENT = Text("the set_context call is not a statement of its own line", "set_context 调用不是独占一行的语句")
COMMENT = Text(
    "a comment sits among the options that would move: move them by hand", "要移动的选项之间有注释：请手动移动它们"
)
NO_SPELLING = Text(
    "%s cannot be named here without shadowing a name of the file", "无法在此处引用 %s 而不遮蔽文件中的名称"
)


def fix(keyword: nodes.Keyword, source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    call = keyword.parent
    if not isinstance(call, nodes.Call) or call.args or any(item.arg is None for item in call.keywords or ()):
        return Refusal(NOT_KEYWORDS)
    passed = {item.arg: item for item in call.keywords}
    refusal = _refusal(keyword.arg, passed)
    if refusal is not None:
        return refusal
    statement = call.parent
    indent = source.line(call.lineno)[: call.col_offset] if isinstance(statement, nodes.Expr) else None
    if indent is None or indent.strip() or statement.end_lineno != call.end_lineno:
        return Refusal(NOT_A_STATEMENT)
    moved = [name for name in passed if _refusal(name, passed) is None]
    calls, import_edits = [], []
    for function, arguments in _replacements(passed, source):
        spelling = _spelling(call, function, source)
        if spelling is None:
            return Refusal(NO_SPELLING % (function.rpartition(".")[2],))
        calls.append(f"{spelling.text}({arguments})")
        import_edits.extend(spelling.edits)
    if len(moved) == len(passed):
        edits, after = [Edit(start_of(call), end_of(call), calls[0])], calls[1:]
    else:
        edits, after = _without(call.keywords, moved), calls
        # A comment inside the call would be lost, or left beside another option; one after it stays.
        touched = {line for edit in edits for line in range(edit.start[0], edit.end[0] + 1)} - {call.end_lineno}
        if any("#" in source.line(line) for line in touched) or any("#" in source.slice(e.start, e.end) for e in edits):
            return Refusal(COMMENT)
    if after:
        edits.append(imports.line_after(statement, (source.newline + indent).join(after), source, indent))
    summary = f"{call.func.as_string()}({', '.join(f'{name}=...' for name in moved)}) -> {'; '.join(calls)}"
    return Fix([*edits, *import_edits], summary)


def _refusal(option: str, passed: dict) -> Optional[Refusal]:
    """Why ``option`` of the call does not move, or None when it does."""
    if option in ("device_target", "device_id"):
        return None if "device_target" in passed else Refusal(NO_TARGET)
    if option == "deterministic":
        value = passed[option].value
        literal = isinstance(value, nodes.Const) and value.value in DETERMINISTIC
        return None if literal else Refusal(NOT_LITERAL)
    if option == "max_device_memory":
        return None
    return Refusal(OTHER_OPTION % (option,))


def _replacements(passed: dict, source: Source):
    """``(function, arguments)`` of the calls replacing the call's movable options, in a fixed order."""

    def text(name: str) -> str:
        return source.slice(start_of(passed[name].value), end_of(passed[name].value))

    if "device_target" in passed:
        device = [text("device_target")] + ([text("device_id")] if "device_id" in passed else [])
        yield "mindspore.set_device", ", ".join(device)
    if "deterministic" in passed and _refusal("deterministic", passed) is None:
        yield "mindspore.set_deterministic", DETERMINISTIC[passed["deterministic"].value.value]
    if "max_device_memory" in passed:
        yield "mindspore.runtime.set_memory", f"max_size={text('max_device_memory')}"


def _spelling(call: nodes.Call, function: str, source: Source) -> Optional[imports.Spelling]:
    """``ms.set_device`` (``ms.runtime.set_memory``) beside ``ms.set_context``; else in the file's import style."""
    module, _, name = function.rpartition(".")
    func = call.func
    if isinstance(func, nodes.Attribute) and names.mindspore_name(func.expr) == imports.PACKAGE:
        return imports.Spelling(f"{func.expr.as_string()}{module[len(imports.PACKAGE):]}.{name}")
    return imports.spell(call, module, name, source)


def _without(keywords: Sequence[nodes.Keyword], moved: Sequence[str]) -> List[Edit]:
    """Edits deleting the moved options from a keyword list that keeps others, with their commas."""
    removed = [index for index, item in enumerate(keywords) if item.arg in moved]
    last_kept = max(index for index, item in enumerate(keywords) if item.arg not in moved)
    # An option followed by another keyword goes up to that keyword; the options after the last
    # kept one go from its end, taking their leading commas.
    edits = [Edit(start_of(keywords[index]), start_of(keywords[index + 1]), "") for index in removed if index < last_kept]
    trailing = [index for index in removed if index > last_kept]
    if trailing:
        edits.append(Edit(end_of(keywords[last_kept]), end_of(keywords[trailing[-1]]), ""))
    return edits
