"""Which entries of the API-change table (:mod:`ms_lint.data.api_changes`) a piece of code uses.

Names are matched through the file's imports and the catalog's re-exports, so
``from mindspore.ops import operations as P`` then ``P.TensorAdd()`` uses ``ops.TensorAdd``.
A name is used where it is imported by name (``from mindspore import ms_function``) or, when
reached through a module (``ops.TensorAdd()``, ``@ms.ms_function``), where it is called or
decorates: each use is reported once. A moved module is used where it is imported.
Keyword parameters are used where a call passes them, a deprecated value where a call passes it
(by keyword or position); a default is relied on where a call of a known signature passes neither
the keyword nor a positional argument for it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Dict, Iterator, Optional, Sequence, Tuple

from astroid import nodes

from ms_lint.data import api_changes as table
from ms_lint.data import train_api
from ms_lint.language import Text
from ms_lint.semantics.graph import receivers
from ms_lint.semantics.names import arguments, catalog, compatibility, constants, memo, names
from ms_lint.semantics.program import pipeline

NAME_KINDS = (table.RENAMED, table.REMOVED, table.DEPRECATED, table.MODULE_MOVED)
# About what a call passes, not a keyword: its value may be given by position.
ARGUMENT_KINDS = (table.DEFAULT_CHANGED, table.SCALAR_INPUT_REMOVED, table.VALUE_DEPRECATED)
# Methods whose receiver must be traced to an instance of their class.
DATASET = "mindspore.dataset.Dataset"
MODEL = "mindspore.train.Model"
OPS = "mindspore.ops."
OPERATIONS = "mindspore.ops.operations."
PARAMETER_OF = Text("`%s=` of `%s`", "`%s=` 参数（`%s`）")
VALUE_OF = Text("`%s` of `%s`", "`%s` 取值（`%s`）")
SCALAR_AS = Text("`%s` with a Python number as `%s`", "`%s`（以 Python 数值作为 `%s` 参数）")
DEFAULT_OF = Text("`%s`, changed from %s to %s in MindSpore %s", "`%s`（由 %s 变为 %s，MindSpore %s）")


@dataclass(frozen=True)
class Use:
    """Code that uses an entry of the table: the node to report at and how the code writes it."""

    change: table.Change
    node: nodes.NodeNG
    written: str


@functools.lru_cache(maxsize=None)
def _names() -> Dict[str, table.Change]:
    """Name entries by every path they are known under (as listed, canonical, ``also``)."""
    found: Dict[str, table.Change] = {}
    for change in table.CHANGES:
        if change.kind in NAME_KINDS:
            for path in (change.name, catalog.canonical(change.name), *change.also):
                found[path] = change
    return found


@functools.lru_cache(maxsize=None)
def _modules() -> Tuple[table.Change, ...]:
    return tuple(change for change in table.CHANGES if change.kind == table.MODULE_MOVED)


@functools.lru_cache(maxsize=None)
def _parameters() -> Dict[str, Tuple[table.Change, ...]]:
    """Parameter entries by the basename of their API (``Dropout``, ``map``)."""
    found: Dict[str, Tuple[table.Change, ...]] = {}
    for change in table.CHANGES:
        if change.parameter:
            base = change.name.rpartition(".")[2]
            found[base] = (*found.get(base, ()), change)
    return found


@functools.lru_cache(maxsize=None)
def callee_basenames() -> frozenset:
    """Names a call must be made by to use an entry: a cheap filter before any resolution."""
    moved_members = (catalog.module_names(change.new) for change in _modules() if change.new)
    return frozenset(path.rpartition(".")[2] for path in _names()) | frozenset(_parameters()).union(*moved_members)


def name_change(path: Optional[str]) -> Optional[table.Change]:
    """The name entry a qualified name falls under (a moved module's members included)."""
    if not path or not path.startswith("mindspore"):
        return None
    found = _names().get(path) or _names().get(catalog.canonical(path))
    if found is None and path.startswith(OPERATIONS) and catalog.lookup(path) is None:
        # ``P.X``: the Primitive ``ops.X`` names, under its module; when ``ops.X`` is gone, so is ``P.X``
        # (the catalogue, which knows ``mindspore.ops.operations``, has neither).
        public = _names().get(OPS + path.rpartition(".")[2])
        found = public if public is not None and public.removed else None
    if found is not None:
        return found
    return moved_module(path)


def moved_module(path: str) -> Optional[table.Change]:
    """The MODULE_MOVED entry of ``path`` or of a module it is inside."""
    for change in _modules():
        if path == change.name or path.startswith(change.name + "."):
            return change
    return None


# -- imports -----------------------------------------------------------------------


@memo.per_node  # four rules ask about every import
def import_uses(node: nodes.NodeNG) -> Tuple[Use, ...]:
    """The entries an ``import`` or ``from ... import`` statement uses."""
    found = []
    if isinstance(node, nodes.Import):
        for name, _ in node.names:
            change = name_change(name)
            if change is not None:
                found.append(Use(change, node, name))
    elif isinstance(node, nodes.ImportFrom):
        module = names.absolute_module(node)
        if not module or not module.startswith("mindspore"):
            return ()
        moved = moved_module(module)
        if moved is not None:
            return _unless_version_dependent((Use(moved, node, module),), node)
        for name, _ in node.names:
            change = None if name == "*" else name_change(f"{module}.{name}")
            if change is not None:
                found.append(Use(change, node, name))
    return _unless_version_dependent(tuple(found), node)


def _unless_version_dependent(found: Tuple[Use, ...], node: nodes.NodeNG) -> Tuple[Use, ...]:
    """The uses not in code written for several MindSpore versions (a ``try`` of the name, a version test)."""
    if not found:
        return found
    return tuple(use for use in found if not compatibility.is_version_dependent(node, _raised_where_missing(use)))


def _raised_where_missing(use: Use) -> frozenset:
    """What the use raises on a version without its API: a changed default raises nothing."""
    if isinstance(use.node, (nodes.Import, nodes.ImportFrom)):
        return compatibility.IMPORT_ERRORS
    if isinstance(use.node, nodes.Keyword) or use.change.kind in (table.SCALAR_INPUT_REMOVED, table.VALUE_DEPRECATED):
        return compatibility.PARAMETER_ERRORS
    if use.change.kind == table.DEFAULT_CHANGED:
        return frozenset()
    return compatibility.NAME_ERRORS


# -- calls and decorators ------------------------------------------------------------


@memo.per_node
def call_uses(call: nodes.Call) -> Tuple[Use, ...]:
    """The entries a call uses: its callee reached through a module, its keywords, its defaults."""
    found = list(_reached_name(call.func))
    found.extend(_parameter_uses(call))
    return _unless_version_dependent(tuple(found), call)


@memo.per_node
def decorator_uses(decorators: nodes.Decorators) -> Tuple[Use, ...]:
    """The entries used by decorators written as ``@module.name`` (calls are seen as calls)."""
    found = []
    for decorator in decorators.nodes:
        if isinstance(decorator, nodes.Attribute):
            found.extend(_reached_name(decorator))
    return _unless_version_dependent(tuple(found), decorators)


def _reached_name(func: nodes.NodeNG) -> Iterator[Use]:
    # A name imported by name is reported at its import; a moved module at its import, unless the
    # call reaches it through its package (``ds.vision.c_transforms.Resize``).
    if not isinstance(func, nodes.Attribute) or func.attrname not in callee_basenames():
        return
    change = name_change(names.mindspore_name(func))
    if change is None:
        return
    if change.kind != table.MODULE_MOVED or _spells_module(func.expr, change.name):
        yield Use(change, func, func.as_string())


def _spells_module(expr: nodes.NodeNG, module: str) -> bool:
    """``ds.vision.c_transforms``: the moved module reached as an attribute of a package the file
    imported, not a name bound by importing the module itself."""
    if not (isinstance(expr, nodes.Attribute) and names.mindspore_name(expr) == module):
        return False
    while isinstance(expr, nodes.Attribute):
        expr = expr.expr
    if not isinstance(expr, nodes.Name):
        return False
    imported = (
        dotted
        for binding in names.bindings(expr)
        if isinstance(binding, nodes.Import)
        for dotted, _ in binding.names
    )
    return not any(dotted == module or dotted.startswith(module + ".") for dotted in imported)


def _parameter_uses(call: nodes.Call) -> Iterator[Use]:
    if call.args and constants.number(call.args[0]) is not None:
        yield from _primitive_instance_uses(call)
    candidates = _parameters().get(names.basename(call.func) or "")
    if not candidates:
        return
    passed = {keyword.arg: keyword for keyword in call.keywords or () if keyword.arg}
    relevant = [change for change in candidates if change.kind in ARGUMENT_KINDS or change.parameter in passed]
    called = {api: _calls(call, api) for api in {change.name for change in relevant}}
    for change in relevant:
        if not called[change.name]:
            continue
        if change.kind == table.VALUE_DEPRECATED:
            given = arguments.bound(call, signature(change.name)).get(change.parameter)
            if constants.fold(given) == change.value:
                yield Use(change, passed.get(change.parameter, call), f'{change.parameter}="{change.value}"')
        elif change.kind == table.SCALAR_INPUT_REMOVED:
            # A Primitive class's entry is about calls of its instances, not its constructor.
            primitive_class = getattr(catalog.lookup(change.name), "kind", None) == "primitive"
            if not primitive_class and _first_input_is_number(call, change):
                yield Use(change, call, call.func.as_string())
        elif change.kind != table.DEFAULT_CHANGED:
            yield Use(change, passed[change.parameter], f"{change.parameter}=")
        elif _relies_on_default(call, change):
            yield Use(change, call, call.func.as_string())


def _primitive_instance_uses(call: nodes.Call) -> Iterator[Use]:
    """A call of a Primitive instance (``self.less(0, x)`` with ``self.less = P.Less()``, ``P.Less()(0, x)``):
    the entries about what its inputs may be."""
    held = receivers.primitive(call.func)
    if held is None:
        return
    for change in _parameters().get(held.rpartition(".")[2], ()):
        if change.kind == table.SCALAR_INPUT_REMOVED and catalog.canonical(change.name) == held:
            if _first_input_is_number(call, change):
                yield Use(change, call, call.func.as_string())


def _first_input_is_number(call: nodes.Call, change: table.Change) -> bool:
    return constants.number(arguments.bound(call, (change.parameter,)).get(change.parameter)) is not None


def _calls(call: nodes.Call, api: str) -> bool:
    """Whether ``call`` calls ``api``: a catalogued function or class, or a method of a traced receiver."""
    owner = api.rpartition(".")[0]
    if owner == DATASET:
        return isinstance(call.func, nodes.Attribute) and pipeline.is_dataset(call.func.expr) is True
    if owner == MODEL:
        return isinstance(call.func, nodes.Attribute) and _is_model(call.func.expr)
    path = names.mindspore_name(call.func)
    return path is not None and (path == api or catalog.canonical(path) == catalog.canonical(api))


def _is_model(expr: nodes.NodeNG) -> bool:
    """``model`` bound once to ``Model(...)`` (the catalog's ``mindspore.train.Model``)."""
    value = names.assigned_value(expr) if isinstance(expr, nodes.Name) else None
    if not isinstance(value, nodes.Call):
        return False
    path = names.mindspore_name(value.func)
    return path is not None and catalog.canonical(path) == catalog.canonical(MODEL)


def _relies_on_default(call: nodes.Call, change: table.Change) -> bool:
    """The call passes nothing for the parameter, nor anything unpacked that might, and does not pass
    what makes the parameter moot (``has_bias=False`` for a bias initialiser), nor a value ms_lint
    cannot read there (``has_bias=bias``: there may be no bias)."""
    if any(isinstance(arg, nodes.Starred) for arg in call.args) or any(k.arg is None for k in call.keywords or ()):
        return False
    parameters = signature(change.name)
    if not parameters and call.args:
        return False  # positional arguments of an unknown signature might pass it
    passed = arguments.bound(call, parameters)
    if change.moot_when:
        name, value = change.moot_when
        if name in passed and _written(passed[name]) in (value, ""):
            return False
    return change.parameter not in passed


def _written(expr: nodes.NodeNG) -> str:
    """The literal an argument is written as, or the one a name bound once holds (``flag = False``)."""
    value = names.assigned_value(expr) if isinstance(expr, nodes.Name) else expr
    return value.as_string() if isinstance(value, nodes.Const) else ""


@functools.lru_cache(maxsize=None)
def signature(api: str) -> Tuple[str, ...]:
    """The parameter names of ``api`` in order: the catalog's, or ``Model``'s methods from train_api."""
    owner, _, method = api.rpartition(".")
    if owner == MODEL:
        return train_api.SIGNATURES.get(method, ())
    entity = catalog.lookup(api)
    return entity.args if entity is not None else ()


# -- versions ------------------------------------------------------------------------


def removed(change: table.Change, version: Tuple[int, ...]) -> bool:
    """Whether ``change``'s name or parameter is gone in ``version``."""
    gone = table.version_tuple(change.removed)
    return change.kind != table.DEFAULT_CHANGED and gone is not None and version >= gone


def deprecated(change: table.Change, version: Tuple[int, ...]) -> bool:
    """Whether ``change``'s name or parameter is deprecated, and not yet gone, in ``version``."""
    since = table.version_tuple(change.deprecated)
    return since is not None and version >= since and not removed(change, version)


def default_changed(change: table.Change, written_for: Tuple[int, ...], version: Tuple[int, ...]) -> bool:
    """Whether ``change``'s default differs between the version code was written for and ``version``."""
    since = table.version_tuple(change.changed_in)
    return change.kind == table.DEFAULT_CHANGED and since is not None and written_for < since <= version


def changed_defaults(uses: Sequence[Use], written_for: Tuple[int, ...], version: Tuple[int, ...]) -> Tuple[Use, ...]:
    """Among a call's ``uses``, the defaults it relies on that changed between the version the code was
    written for and ``version``."""
    return tuple(use for use in uses if default_changed(use.change, written_for, version))


def label(use: Use) -> str:
    """How a message names what the code uses: ``P.TensorAdd`` (``mindspore.ops.TensorAdd``), ``keep_prob=`` of ``nn.Dropout``."""
    change = use.change
    if change.kind == table.SCALAR_INPUT_REMOVED:
        return SCALAR_AS % (use.written, change.parameter)
    if change.kind == table.VALUE_DEPRECATED:
        return VALUE_OF % (use.written, change.name.replace("mindspore.", "", 1))
    if change.parameter:
        return PARAMETER_OF % (change.parameter, change.name.replace("mindspore.", "", 1))
    if use.written == change.name:
        return f"`{change.name}`"
    return f"`{use.written}` (`{change.name}`)"


def default_label(use: Use) -> Text:
    """How a message names a changed default the code relies on: ```weight_init``, changed from 'normal' to None in MindSpore 2.1``."""
    change = use.change
    return DEFAULT_OF % (change.parameter, *change.default, change.changed_in)


def uses_at(node: nodes.NodeNG) -> Tuple[Use, ...]:
    """The uses reported at ``node`` (an import, a keyword, a call's callee or a decorator)."""
    if isinstance(node, (nodes.Import, nodes.ImportFrom)):
        found = import_uses(node)
    elif isinstance(node, nodes.Keyword) and isinstance(node.parent, nodes.Call):
        found = call_uses(node.parent)
    elif isinstance(node, nodes.Call):
        found = call_uses(node)
    elif isinstance(node, nodes.Attribute) and names.is_callee(node):
        found = call_uses(node.parent)
    elif isinstance(node, nodes.Attribute) and isinstance(node.parent, nodes.Decorators):
        found = decorator_uses(node.parent)
    else:
        return ()
    return tuple(use for use in found if use.node is node)
