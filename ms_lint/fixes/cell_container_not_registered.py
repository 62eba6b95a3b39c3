"""Fix for cell-container-not-registered: wrap the plain container in the MindSpore container.

``self.layers = [a, b]`` becomes ``self.layers = nn.CellList([a, b])``, a dict of Cells
``nn.CellDict({...})``, a list or tuple of Parameters ``ParameterTuple(...)``. The fix is
made only when the MindSpore container behaves like the plain one everywhere the class, its
subclasses in the file, and the file's code on instances it creates (``net = Net();
net.layers``) use it. It is left alone when:

- an element is not certainly a Cell (or, for ParameterTuple, a Parameter), or is already
  registered under another attribute (``[self.conv, ...]``);
- the container is sliced (``self.layers[1:]``: slicing an ``nn.CellList`` outside
  GRAPH_MODE builds a new CellList that renames its Cells' parameters), passed to other
  code, compared, concatenated, or changed with a method the MindSpore container lacks
  (``pop``, ``remove``, ``sort``...);
- it is grown with ``+=`` something other than a list, or Parameters are added later
  (``ParameterTuple`` is immutable);
- a dict key is not a string literal, or is one ``nn.CellDict`` rejects (empty, with a
  ``.``, or the name of a Cell attribute such as ``training``), or a dict value is itself a
  SequentialCell, CellList or CellDict;
- two Parameters could get the same explicit name (``ParameterTuple`` rejects duplicates);
- it is assigned before ``super().__init__()`` (a Cell-based container needs an initialised
  Cell), assigned more than once, or built in a local variable that is still used afterwards.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import List, Optional, Tuple, Union

from astroid import nodes

from ms_lint.fixes import imports
from ms_lint.fixes.base import Edit, Fix, Refusal, Source, end_of, self_class, start_of
from ms_lint.language import Text
from ms_lint.semantics.cells import cells, containers
from ms_lint.semantics.names import catalog, names, resolve

WRAPPED = Text("self.%s: plain %s -> %s", "self.%s：普通 %s -> %s")
UNFOLLOWED = Text("built by code the fix cannot follow", "由修复无法跟踪的代码构建")
MIXED_ELEMENTS = Text("its elements are not all Cells, nor all Parameters", "它的元素既不全是 Cell，也不全是 Parameter")
CELLLIST_METHOD_TAKES_LIST = Text("%s: nn.CellList.%s takes a list of Cells", "%s：nn.CellList.%s 只接受由 Cell 组成的 list")
NOT_PLAIN_ASSIGNMENT = Text("not a plain 'self.<attr> = ...' assignment", "不是简单的 'self.<attr> = ...' 赋值")
NOT_IN_METHOD = Text("not assigned in a method", "不是在方法中赋值")
BEFORE_SUPER_INIT = Text(
    "assigned before super().__init__(): a MindSpore container needs an initialised Cell",
    "在 super().__init__() 之前赋值：MindSpore 容器需要已初始化的 Cell",
)
PARAMETERS_ADDED_LATER = Text(
    "Parameters are added to it later, and ParameterTuple is immutable",
    "之后还会向它添加 Parameter，而 ParameterTuple 不可变",
)
NAME_SHADOWED = Text("no way to name %s here without shadowing a name of the file", "无法在此处引用 %s 而不遮蔽文件中的名称")
OPAQUE_ITERABLE = Text("built with %s() from an iterable the fix cannot see into", "由 %s() 从修复无法看清的可迭代对象构建")
ALREADY_REGISTERED = Text("it holds %s, registered already under its own attribute", "它包含 %s，而它已经以自己的属性注册")
ELEMENT_MAYBE_NOT_CELL = Text("the element %s is not certainly a Cell", "元素 %s 不一定是 Cell")
CELLDICT_REFUSES_CONTAINERS = Text(
    "nn.CellDict cannot hold a SequentialCell, CellList or CellDict",
    "nn.CellDict 不能包含 SequentialCell、CellList 或 CellDict",
)
CELLLIST_REFUSES_CELLDICT = Text("nn.CellList cannot hold a CellDict", "nn.CellList 不能包含 CellDict")
KEY_NOT_LITERAL = Text(
    "the key %s is not a string literal (nn.CellDict takes string keys only)",
    "键 %s 不是字符串字面量（nn.CellDict 只接受字符串键）",
)
KEY_REJECTED = Text(
    "nn.CellDict rejects the key %s (empty, with a '.', or a Cell attribute)",
    "nn.CellDict 不接受键 %s（为空、含 '.' 或是 Cell 的属性名）",
)
AT_LINE = Text("line %s: %s", "第 %s 行：%s")
USED_AS = Text("%s is used as %s", "%s 被用作 %s")
CELLDICT_LACKS_METHOD = Text(
    "%s.%s(): nn.CellDict has no %s() that behaves like dict's",
    "%s.%s()：nn.CellDict 没有与 dict 行为一致的 %s()",
)
CELLLIST_LACKS_METHOD = Text("%s.%s(): nn.CellList has no %s()", "%s.%s()：nn.CellList 没有 %s()")
LOCAL_USED_AS = Text("line %s: the local '%s' is used as %s", "第 %s 行：局部变量 '%s' 被用作 %s")
LOCAL_REASSIGNED = Text("the local '%s' is assigned more than once", "局部变量 '%s' 被多次赋值")
LOCAL_UNPACKED = Text("the local '%s' is assigned by unpacking", "局部变量 '%s' 通过解包赋值")
DICT_VALUE_MAYBE_NOT_CELL = Text("a dict value is not certainly a Cell", "dict 中的值不一定是 Cell")
PARAMETER_NAME_MAY_REPEAT = Text("the Parameter name %s may repeat", "Parameter 名称 %s 可能重复")
PASSED_TO = Text("%s is passed to %s()", "%s 被传给了 %s()")
SLICED = Text(
    "%s is sliced; slicing an nn.CellList outside GRAPH_MODE renames its Cells' parameters",
    "%s 被切片；在静态图模式（GRAPH_MODE）之外对 nn.CellList 切片会重命名其中 Cell 的参数",
)
ITEM_DELETED = Text("an item of %s is deleted", "%s 的一项被删除")
CELLLIST_ADD_TAKES_LIST = Text("%s += %s: nn.CellList += takes a list only", "%s += %s：nn.CellList 的 += 只接受 list")
LOCAL_STILL_USED = Text("line %s: the local '%s' is still used after it is stored", "第 %s 行：局部变量 '%s' 在存入之后仍被使用")
AT_LINE_AUGMENTED = Text("line %s: %s %s ...", "第 %s 行：%s %s ...")
DUPLICATE_PARAMETER_NAME = Text("two Parameters are named %s", "有两个 Parameter 都名为 %s")
ITEM_CHAIN_ASSIGNED = Text("an item of %s is assigned in a chained assignment", "%s 的一项在链式赋值中被赋值")
ITEM_CHANGED_IN_PLACE = Text("an item of %s is changed in place", "%s 的一项被原地修改")
REASSIGNED = Text("%s is assigned again", "%s 被再次赋值")

SYMBOL = "cell-container-not-registered"
NODE_TYPES = (nodes.AssignAttr,)
UNSAFE = True  # the layers become parameters of the Cell: trained, saved, and named in checkpoints
RESERVED_KEYS_PATH = Path(__file__).resolve().parent.parent / "data" / "cell_dict_reserved_keys.json"
READING_BUILTINS = frozenset({"len", "enumerate", "zip", "iter", "list", "tuple", "reversed"})
LIST_GROWTH = frozenset({"append", "extend", "insert"})
DICT_READING = frozenset({"keys", "values", "items"})
TARGETS = {
    "CellList": ("mindspore.nn", "CellList"),
    "CellDict": ("mindspore.nn", "CellDict"),
    "ParameterTuple": ("mindspore", "ParameterTuple"),
}

Result = Union[Fix, Refusal]


@functools.lru_cache(maxsize=1)
def reserved_keys() -> frozenset:
    with RESERVED_KEYS_PATH.open(encoding="utf-8") as handle:
        return frozenset(json.load(handle)["names"])


def fix(target: nodes.AssignAttr, source: Source, context=None) -> Result:  # pylint: disable=unused-argument
    """The edits that store the container of ``self.<attr> = ...`` in a MindSpore container."""
    assign = target.parent
    if not isinstance(assign, nodes.Assign) or assign.targets != [target]:
        return Refusal(NOT_PLAIN_ASSIGNMENT)
    method = target.frame()
    classdef = method.parent if isinstance(method, nodes.FunctionDef) else None
    if not isinstance(classdef, nodes.ClassDef):
        return Refusal(NOT_IN_METHOD)
    literal, local = _literal(assign.value, method)
    if isinstance(literal, Refusal):
        return literal
    kind = containers.container_kind(literal)
    if kind is None:
        return Refusal(UNFOLLOWED)
    if method.name == "__init__" and not _after_base_init(method, assign):
        return Refusal(BEFORE_SUPER_INIT)
    elements = _elements(literal, kind)
    if isinstance(elements, Refusal):
        return elements
    uses = _Uses(classdef, target.attrname, assign, kind)
    if uses.refusal:
        return uses.refusal
    if local is not None:
        refusal = _local_refusal(method, local, assign, kind, uses)
        if refusal:
            return refusal
    container = _container(kind, elements + uses.added)
    if isinstance(container, Refusal):
        return container
    if container == "ParameterTuple" and (uses.added or uses.mutated):
        return Refusal(PARAMETERS_ADDED_LATER)
    spelling = imports.spell(assign, *TARGETS[container], source)
    if spelling is None:
        return Refusal(NAME_SHADOWED % (container,))
    edits = _wrap(assign.value, literal, spelling.text, container, source) + list(spelling.edits)
    return Fix(edits, WRAPPED % (target.attrname, kind, spelling.text))


# -- what is assigned ------------------------------------------------------------------


def _literal(value: nodes.NodeNG, method: nodes.FunctionDef):
    """The container expression, and the local variable it was built in (if any)."""
    if not isinstance(value, nodes.Name):
        return value, None
    assignments = [
        node
        for node in method.nodes_of_class(nodes.AssignName)
        if node.name == value.name and node.frame() is method
    ]
    if len(assignments) != 1 or not isinstance(assignments[0].parent, nodes.Assign):
        return Refusal(LOCAL_REASSIGNED % (value.name,)), None
    statement = assignments[0].parent
    if statement.targets != [assignments[0]]:
        return Refusal(LOCAL_UNPACKED % (value.name,)), None
    return statement.value, value.name


def _after_base_init(method: nodes.FunctionDef, assign: nodes.Assign) -> bool:
    """A ``super().__init__(...)`` or ``Base.__init__(self, ...)`` call runs before ``assign``."""
    for statement in method.body:
        if statement.fromlineno >= assign.fromlineno:
            return False
        if isinstance(statement, nodes.Expr) and isinstance(statement.value, nodes.Call):
            func = statement.value.func
            if isinstance(func, nodes.Attribute) and func.attrname == "__init__":
                return True
    return False


def _elements(literal: nodes.NodeNG, kind: str):
    """``[(key or None, value), ...]`` of a container expression."""
    if isinstance(literal, nodes.Call):
        if not literal.args:
            return []
        inner = literal.args[0]
        if isinstance(inner, (nodes.List, nodes.Tuple, nodes.ListComp, nodes.GeneratorExp)) and kind != "dict":
            return _elements(inner, "list")
        return Refusal(OPAQUE_ITERABLE % (literal.func.as_string(),))
    if isinstance(literal, (nodes.List, nodes.Tuple)):
        return [(None, element) for element in literal.elts]
    if isinstance(literal, nodes.Dict):
        return list(literal.items)
    if isinstance(literal, (nodes.ListComp, nodes.GeneratorExp)):
        return [(None, literal.elt)]
    if isinstance(literal, nodes.DictComp):
        return [(literal.key, literal.value)]
    return Refusal(UNFOLLOWED)


def _container(kind: str, elements) -> Union[str, Refusal]:
    """The MindSpore container for these elements, or why there is none."""
    kinds = [_element_kind(value, kind) for _, value in elements]
    for found in kinds:
        if isinstance(found, Refusal):
            return found
    if kind == "dict":
        if set(kinds) != {"cell"}:
            return Refusal(DICT_VALUE_MAYBE_NOT_CELL)
        for key, _ in elements:
            refusal = _key_refusal(key)
            if refusal:
                return refusal
        return "CellDict"
    if set(kinds) == {"cell"}:
        return "CellList"
    if set(kinds) == {"parameter"}:
        return _unique_names(elements) or "ParameterTuple"
    return Refusal(MIXED_ELEMENTS)


def _element_kind(value: nodes.NodeNG, kind: str) -> Union[str, Refusal]:
    if isinstance(value, nodes.Attribute) and isinstance(value.expr, nodes.Name):
        return Refusal(ALREADY_REGISTERED % (value.as_string(),))
    call = _call_of(value)
    if call is None:
        return Refusal(ELEMENT_MAYBE_NOT_CELL % (value.as_string(),))
    entity = names.called_entity(call)
    if entity is not None and entity.kind == "parameter":
        return "parameter"
    if cells.builds_cell(call) is not True:
        return Refusal(ELEMENT_MAYBE_NOT_CELL % (call.as_string(),))
    lineage = cells.lineage(call)
    if lineage is None:
        return Refusal(ELEMENT_MAYBE_NOT_CELL % (call.as_string(),))
    if kind == "dict" and lineage & containers.NESTED_CONTAINERS:
        return Refusal(CELLDICT_REFUSES_CONTAINERS)
    if catalog.CELL_DICT in lineage:
        return Refusal(CELLLIST_REFUSES_CELLDICT)
    return "cell"


def _call_of(value: nodes.NodeNG) -> Optional[nodes.Call]:
    """The call that builds an element: itself, or a local variable's single value."""
    if isinstance(value, nodes.Call):
        return value
    assigned = names.assigned_value(value)
    return assigned if isinstance(assigned, nodes.Call) else None


def _key_refusal(key: nodes.NodeNG) -> Optional[Refusal]:
    if not (isinstance(key, nodes.Const) and isinstance(key.value, str)):
        return Refusal(KEY_NOT_LITERAL % (key.as_string(),))
    if not key.value or "." in key.value or key.value in reserved_keys():
        return Refusal(KEY_REJECTED % (repr(key.value),))
    return None


def _unique_names(elements) -> Optional[Refusal]:
    """ParameterTuple rejects two Parameters with one name: explicit names must differ."""
    seen = set()
    for _, value in elements:
        call = _call_of(value)
        keyword = next((k.value for k in call.keywords or () if k.arg == "name"), None)
        if keyword is None:
            args = list(call.args)
            keyword = args[1] if len(args) > 1 else None
        if keyword is None:
            continue  # unnamed Parameters get unique names
        comprehension = value.parent if isinstance(value.parent, (nodes.ListComp, nodes.GeneratorExp)) else None
        if isinstance(keyword, nodes.Const) and comprehension is None:
            if keyword.value in seen:
                return Refusal(DUPLICATE_PARAMETER_NAME % (repr(keyword.value),))
            seen.add(keyword.value)
            continue
        if comprehension is None or not _mentions_loop_variable(keyword, comprehension):
            return Refusal(PARAMETER_NAME_MAY_REPEAT % (keyword.as_string(),))
    return None


def _mentions_loop_variable(expr: nodes.NodeNG, comprehension) -> bool:
    loop_names = {
        name.name for generator in comprehension.generators for name in generator.target.nodes_of_class(nodes.AssignName)
    }
    return any(name.name in loop_names for name in expr.nodes_of_class(nodes.Name))


# -- how it is used --------------------------------------------------------------------


class _Uses:
    """Every use of ``self.<attr>`` in the class and its subclasses, and of ``net.<attr>`` on instances of them."""

    def __init__(self, classdef: nodes.ClassDef, attr: str, assign: nodes.Assign, kind: str):
        self.attr, self.assign, self.kind = attr, assign, kind
        self.refusal: Optional[Refusal] = None
        self.added: List[Tuple[Optional[nodes.NodeNG], nodes.NodeNG]] = []
        self.mutated = False
        module = classdef.root()
        family = {classdef} | {
            other for other in module.nodes_of_class(nodes.ClassDef) if classdef in _user_ancestors(other)
        }
        for node in module.nodes_of_class((nodes.Attribute, nodes.AssignAttr, nodes.DelAttr)):
            if node.attrname != attr or self.refusal:
                continue
            owner = self_class(node) or _instance_class(node.expr)
            if owner not in family:
                continue  # another object's attribute of the same name (``cfg.layers``)
            self._use(node)

    def _refuse(self, node: nodes.NodeNG, what: str) -> None:
        self.refusal = Refusal(AT_LINE % (node.fromlineno, what))

    def _use(self, node: nodes.NodeNG) -> None:
        name = f"self.{self.attr}" if self_class(node) is not None else node.as_string()
        parent = node.parent
        if isinstance(node, nodes.AssignAttr):
            if node is not self.assign.targets[0]:
                if isinstance(parent, nodes.AugAssign):
                    self._augmented(node, parent, name)
                else:
                    self._refuse(node, REASSIGNED % (name,))
            return
        if isinstance(node, nodes.DelAttr):
            self._refuse(node, f"del {name}")
            return
        if isinstance(parent, (nodes.For, nodes.Comprehension)) and parent.iter is node:
            return
        if isinstance(parent, nodes.Subscript) and parent.value is node:
            self._subscript(parent, name)
            return
        if isinstance(parent, nodes.Call) and node in parent.args:
            func = parent.func
            if isinstance(func, nodes.Name) and func.name in READING_BUILTINS and names.is_builtin(func):
                return
            self._refuse(node, PASSED_TO % (name, func.as_string()))
            return
        if isinstance(parent, nodes.Attribute) and names.is_callee(parent):
            self._method(parent.attrname, parent.parent, name)
            return
        if isinstance(parent, nodes.Compare) and any(op in ("in", "not in") for op, right in parent.ops if right is node):
            return
        if isinstance(parent, nodes.Assign) and parent.value is node and all(
            isinstance(target, nodes.Tuple) for target in parent.targets
        ):
            return  # a, b = self.layers
        self._refuse(node, USED_AS % (name, repr(parent.as_string()[:60])))

    def _subscript(self, subscript: nodes.Subscript, name: str) -> None:
        if isinstance(subscript.slice, nodes.Slice):
            self._refuse(subscript, SLICED % (name,))
            return
        if isinstance(subscript.parent, nodes.Delete):
            self._refuse(subscript, ITEM_DELETED % (name,))
            return
        assign = subscript.parent
        if isinstance(assign, nodes.Assign) and subscript in assign.targets:
            if len(assign.targets) != 1:
                self._refuse(subscript, ITEM_CHAIN_ASSIGNED % (name,))
                return
            self.mutated = True
            key = subscript.slice if self.kind == "dict" else None
            self.added.append((key, assign.value))
        elif isinstance(assign, (nodes.AugAssign, nodes.AnnAssign)):
            self._refuse(subscript, ITEM_CHANGED_IN_PLACE % (name,))

    def _augmented(self, node: nodes.AssignAttr, augassign: nodes.AugAssign, name: str) -> None:
        if self.kind == "dict" or augassign.op != "+=":
            self._refuse(node, f"{name} {augassign.op} ...")
            return
        if not isinstance(augassign.value, (nodes.List, nodes.ListComp)):
            self._refuse(node, CELLLIST_ADD_TAKES_LIST % (name, augassign.value.as_string()[:40]))
            return
        self.mutated = True
        self.added.extend(_elements(augassign.value, "list"))

    def _method(self, method: str, call: nodes.Call, name: str) -> None:
        effect = _method_effect(self.kind, method, call, name)
        if isinstance(effect, Refusal):
            self.refusal = Refusal(AT_LINE % (call.fromlineno, effect.reason))
        elif effect is not None:
            self.mutated = True
            self.added.extend(effect)


def _method_effect(kind: str, method: str, call: nodes.Call, name: str):
    """The elements a method call adds (a list), None if it only reads, or a Refusal."""
    if kind == "dict":
        if method in DICT_READING:
            return None
        if method == "update" and len(call.args) == 1 and isinstance(call.args[0], nodes.Dict) and not call.keywords:
            return list(call.args[0].items)
        return Refusal(CELLDICT_LACKS_METHOD % (name, method, method))
    if method not in LIST_GROWTH:
        return Refusal(CELLLIST_LACKS_METHOD % (name, method, method))
    if method == "append" and len(call.args) == 1 and not call.keywords:
        return [(None, call.args[0])]
    if method == "insert" and len(call.args) == 2 and not call.keywords:
        return [(None, call.args[1])]
    if method == "extend" and len(call.args) == 1 and isinstance(call.args[0], (nodes.List, nodes.ListComp)):
        return _elements(call.args[0], "list")
    return Refusal(CELLLIST_METHOD_TAKES_LIST % (call.as_string()[:60], method))


def _instance_class(receiver: nodes.NodeNG) -> Optional[nodes.ClassDef]:
    """The user class of ``net`` in ``net = Net(...)`` (a single assignment in its scope), if any."""
    if isinstance(receiver, nodes.Call):
        definition = resolve.called_definition(receiver)
        return definition if isinstance(definition, nodes.ClassDef) else None
    assigned = names.assigned_value(receiver)
    return _instance_class(assigned) if assigned is not None else None


def _user_ancestors(classdef: nodes.ClassDef) -> tuple:
    try:
        return cells.ancestry(classdef).user
    except Exception:  # pylint: disable=broad-except
        return ()


def _local_refusal(method, local: str, assign: nodes.Assign, kind: str, uses: _Uses) -> Optional[Refusal]:
    """The local the container was built in may only be grown before it is stored."""
    for name in method.nodes_of_class(nodes.Name):
        if name.name != local or name is assign.value:
            continue
        if name.fromlineno > assign.fromlineno:
            return Refusal(LOCAL_STILL_USED % (name.fromlineno, local))
        parent = name.parent
        if isinstance(parent, nodes.Attribute) and names.is_callee(parent):
            effect = _method_effect(kind, parent.attrname, parent.parent, local)
            if isinstance(effect, Refusal):
                return Refusal(AT_LINE % (name.fromlineno, effect.reason))
            uses.added.extend(effect or ())
            continue
        if isinstance(parent, nodes.Subscript) and parent.value is name and kind == "dict":
            assigned = parent.parent
            if isinstance(assigned, nodes.Assign) and assigned.targets == [parent]:
                uses.added.append((parent.slice, assigned.value))
                continue
        return Refusal(LOCAL_USED_AS % (name.fromlineno, local, repr(parent.as_string()[:60])))
    for augassign in method.nodes_of_class(nodes.AugAssign):
        target = augassign.target
        if isinstance(target, nodes.AssignName) and target.name == local:
            return Refusal(AT_LINE_AUGMENTED % (augassign.fromlineno, local, augassign.op))
    return None


# -- the edit --------------------------------------------------------------------------


def _wrap(value: nodes.NodeNG, literal: nodes.NodeNG, spelled: str, container: str, source: Source) -> List[Edit]:
    """Minimal edits turning the assigned expression into ``spelled(...)``."""
    if isinstance(value, nodes.Name):  # a local list/dict/tuple built before
        inner = value.name if containers.container_kind(literal) != "tuple" or container == "ParameterTuple" else f"list({value.name})"
        return [Edit(start_of(value), end_of(value), f"{spelled}({inner})")]
    empty = (isinstance(value, (nodes.List, nodes.Tuple)) and not value.elts) or (isinstance(value, nodes.Dict) and not value.items)
    if empty:
        return [Edit(start_of(value), end_of(value), f"{spelled}()")]
    if container != "ParameterTuple" and isinstance(value, nodes.Tuple):
        text = source.slice(start_of(value), end_of(value))
        if text.startswith("(") and text.endswith(")"):
            return [
                Edit(start_of(value), (value.lineno, value.col_offset + 1), f"{spelled}(["),
                Edit((value.end_lineno, value.end_col_offset - 1), end_of(value), "])"),
            ]
        return [Edit.insert(start_of(value), f"{spelled}(["), Edit.insert(end_of(value), "])")]
    if isinstance(value, nodes.Call) and value.func.as_string() == "tuple":
        replacement = "list" if container != "ParameterTuple" else None
        if replacement is None:
            return [Edit(start_of(value.func), end_of(value.func), spelled)]
        return [
            Edit(start_of(value.func), end_of(value.func), f"{spelled}({replacement}"),
            Edit.insert(end_of(value), ")"),
        ]
    return [Edit.insert(start_of(value), f"{spelled}("), Edit.insert(end_of(value), ")")]
