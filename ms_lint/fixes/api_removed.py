"""Fix for api-removed: pure renames and the legacy ``c_transforms`` modules.

- ``from mindspore import ms_function`` -> ``from mindspore import jit as ms_function`` (the rest of
  the file keeps its name), ``@ms.ms_function`` -> ``@ms.jit``: renames the table lists with the
  new name in the same module.
- ``from mindspore.dataset.vision import c_transforms as C`` -> ``... import transforms as C``,
  ``import mindspore.dataset.vision.c_transforms as C`` -> ``import mindspore.dataset.vision.transforms as C``
  and ``from mindspore.dataset.vision.c_transforms import Resize`` -> ``from mindspore.dataset.vision
  import Resize``, when every name the file takes from the old module is in the new one (the
  catalog says so). MindSpore 1.8 to 2.x logged "'Resize' from mindspore.dataset.vision.c_transforms
  is deprecated ... Use 'Resize' from mindspore.dataset.vision instead": the same operations.
  ``py_transforms`` is left alone: its operations take PIL images and CHW arrays, where
  ``vision.Normalize`` and others default to HWC.

Removed classes and keyword parameters are left to the author.
"""

from __future__ import annotations

import re
from typing import List, Optional, Union

from astroid import nodes

from ms_lint.data import api_changes as table
from ms_lint.fixes.base import LINE_END, Edit, Fix, Refusal, Source, attribute_name_span, end_of, start_of
from ms_lint.language import Text
from ms_lint.semantics.names import catalog, names
from ms_lint.semantics.program import api_changes

KEYWORD_REMOVED = Text("`%s=` was removed: what replaces it depends on the call", "`%s=` 已被删除：用什么替代取决于该调用")
SEVERAL = Text("the import brings in several removed names: fix them one at a time", "该导入引入了多个已删除的名称：请逐个修复")
NO_RENAME_FIX = Text("%s has no same-module replacement to rename to: %s", "%s 没有可改名替换的同模块名称：%s")
NO_RENAME = Text("%s has no same-module replacement to rename to", "%s 没有可改名替换的同模块名称")
MISPLACED = Text("the code is not written where astroid says", "代码不在 astroid 给出的位置")
OTHER_MODULE = Text("imported from another module than %s", "从 %s 以外的模块导入")
OPERATIONS_DIFFER = Text("%s's operations differ from %s's: port them by hand", "%s 的操作与 %s 的不同：请手动迁移")
LACKS = Text("%s has no %s", "%s 中没有 %s")
WHOLE_IMPORT = Text("written as `import %s`: rewrite its uses by hand (%s)", "写作 `import %s`：请手动改写它的用法（%s）")

SYMBOL = "api-removed"
NODE_TYPES = (nodes.Import, nodes.ImportFrom, nodes.Attribute, nodes.Keyword)
UNSAFE = False  # the code fails on the target version today; the new name is the same object
# Legacy modules whose operations are the new module's: old -> the module to import instead.
SAME_OPERATIONS = {
    "mindspore.dataset.vision.c_transforms": "mindspore.dataset.vision.transforms",
    "mindspore.dataset.transforms.c_transforms": "mindspore.dataset.transforms.transforms",
}


def fix(node: nodes.NodeNG, source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    if isinstance(node, nodes.Keyword):
        return Refusal(KEYWORD_REMOVED % (node.arg,))
    if isinstance(node, nodes.Attribute):
        return rename_attribute(node, source)
    uses = api_changes.import_uses(node)
    if len(uses) != 1:
        return Refusal(SEVERAL)
    change = uses[0].change
    if change.kind == table.MODULE_MOVED:
        return _move(node, change, source)
    if isinstance(node, nodes.ImportFrom) and renamed_in_place(change):
        return rename_import(node, change, source)
    return Refusal(NO_RENAME_FIX % (change.old, change.fix))


def renamed_in_place(change: table.Change) -> bool:
    """A rename whose new name lives in the old name's module."""
    return change.kind == table.RENAMED and change.new.rpartition(".")[0] == change.name.rpartition(".")[0]


def rename_attribute(node: nodes.Attribute, source: Source) -> Union[Fix, Refusal]:
    """``ops.GatherV2`` -> ``ops.Gather``: the attribute renamed, its module as written."""
    change = api_changes.name_change(names.mindspore_name(node))
    if change is None or not renamed_in_place(change):
        return Refusal(NO_RENAME % (node.as_string(),))
    new = change.new.rpartition(".")[2]
    span = attribute_name_span(node, source)
    if span is None:
        return Refusal(MISPLACED)
    return Fix([Edit(*span, new)], f"{node.as_string()} -> {node.expr.as_string()}.{new}")


def rename_import(node: nodes.ImportFrom, change: table.Change, source: Source) -> Union[Fix, Refusal]:
    """``from mindspore import ms_function`` -> ``... import jit as ms_function``: the file keeps its name."""
    old, new = change.name.rpartition(".")[2], change.new.rpartition(".")[2]
    if names.absolute_module(node) != change.name.rpartition(".")[0]:
        return Refusal(OTHER_MODULE % (change.name.rpartition(".")[0],))
    alias = dict(node.names).get(old)
    replacement = new if alias else f"{new} as {old}"
    edit = replace_imported_name(node, old, replacement, source)
    if edit is None:
        return Refusal(MISPLACED)
    return Fix([edit], f"import {old} -> import {replacement}")


def _move(node: nodes.NodeNG, change: table.Change, source: Source) -> Union[Fix, Refusal]:
    if isinstance(node, nodes.ImportFrom):
        module = names.absolute_module(node)
        if module == change.name:  # from ...c_transforms import Resize, Decode
            return _from_moved_module(node, change, source)
        name = change.name.rpartition(".")[2]
        target = SAME_OPERATIONS.get(change.name)
        if target is None:
            return Refusal(OPERATIONS_DIFFER % (change.name, change.new))
        local = dict(node.names).get(name) or name
        missing = _missing_members(node, local, target)
        if missing:
            return Refusal(LACKS % (target, ", ".join(missing)))
        new = target.rpartition(".")[2]
        replacement = new if dict(node.names).get(name) else f"{new} as {name}"
        edit = replace_imported_name(node, name, replacement, source)
        if edit is None:
            return Refusal(MISPLACED)
        return Fix([edit], f"import {name} -> import {replacement}")
    target = SAME_OPERATIONS.get(change.name)
    dotted, alias = next(((d, a) for d, a in node.names if d == change.name), (None, None))
    if target is None or dotted is None or alias is None:
        return Refusal(WHOLE_IMPORT % (change.name, change.fix))
    missing = _missing_members(node, alias, target)
    if missing:
        return Refusal(LACKS % (target, ", ".join(missing)))
    edit = replace_imported_name(node, dotted, target, source)
    if edit is None:
        return Refusal(MISPLACED)
    return Fix([edit], f"import {dotted} -> import {target}")


def _from_moved_module(node: nodes.ImportFrom, change: table.Change, source: Source) -> Union[Fix, Refusal]:
    if change.name not in SAME_OPERATIONS or node.level:
        return Refusal(OPERATIONS_DIFFER % (change.name, change.new))
    imported = [name for name, _ in node.names]
    missing = [name for name in imported if name == "*" or catalog.lookup(f"{change.new}.{name}") is None]
    if missing:
        return Refusal(LACKS % (change.new, ", ".join(missing)))
    text = source.slice(start_of(node), end_of(node))
    match = re.match(r"from\s+(" + re.escape(node.modname) + r")\b", text)
    if match is None:
        return Refusal(MISPLACED)
    start = _position(source, node, match.start(1))
    end = _position(source, node, match.end(1))
    return Fix([Edit(start, end, change.new)], f"from {change.name} -> from {change.new}")


def _missing_members(node: nodes.NodeNG, local: str, target: str) -> Optional[List[str]]:
    """The attributes the file takes from ``local`` that ``target`` lacks; ["<other uses>"] if it is used otherwise."""
    missing = []
    for name in node.root().nodes_of_class(nodes.Name):
        if name.name != local or names.single_binding(name) is not node:
            continue
        parent = name.parent
        if not isinstance(parent, nodes.Attribute) or parent.expr is not name:
            return [f"a use of {local} other than {local}.<name> (line {name.lineno})"]
        if catalog.lookup(f"{target}.{parent.attrname}") is None:
            missing.append(parent.attrname)
    return sorted(set(missing))


def replace_imported_name(node: nodes.NodeNG, name: str, replacement: str, source: Source) -> Optional[Edit]:
    """An edit replacing the imported ``name`` (after ``import``) in the statement's text."""
    text = source.slice(start_of(node), end_of(node))
    after = text.find("import") + len("import")
    match = re.compile(r"(?<![\w.])" + re.escape(name) + r"(?![\w.])").search(text, after)
    if match is None:
        return None
    return Edit(_position(source, node, match.start()), _position(source, node, match.end()), replacement)


def _position(source: Source, node: nodes.NodeNG, index: int):
    """The (line, byte column) of the ``index``-th character of ``node``'s text."""
    line, column = start_of(node)
    prefix = source.slice(start_of(node), end_of(node))[:index]
    breaks = list(LINE_END.finditer(prefix))
    if not breaks:
        return (line, column + len(prefix.encode("utf-8")))
    return (line + len(breaks), len(prefix[breaks[-1].end():].encode("utf-8")))
