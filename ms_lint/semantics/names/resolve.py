"""Find the user-code class or function a name refers to, across the user's modules, and what a
call of such a function returns.

This follows imports and simple aliases by hand rather than with astroid's
inference, so that it never parses MindSpore's own sources (nor other installed
packages): MindSpore names are answered by the catalog, and a name that leads
outside the user's project resolves to nothing.
"""

from __future__ import annotations

import functools
import sys
from typing import Dict, List, Optional, Union

import astroid
from astroid import nodes

from ms_lint.files import normalized
from ms_lint.semantics.names import memo, module_files, module_trees, names, search_path

Definition = Union[nodes.ClassDef, nodes.FunctionDef]
MAX_DEPTH = 8


def is_project_module(modname: str) -> bool:
    """True if a module is the user's own code: not MindSpore, not installed, not stdlib."""
    return _is_project_package(modname.split(".")[0])


@functools.lru_cache(maxsize=1024)  # by top-level package: a package's modules share its answer
def _is_project_package(top: str) -> bool:
    if not top or top == "mindspore" or top in sys.builtin_module_names:
        return False
    try:
        location = astroid.modutils.file_from_modpath([top])
    except Exception:  # pylint: disable=broad-except
        return False
    if not location:
        return False
    return not module_trees.installed(location)


# What import resolution read, by the file of the module that imports: the dotted names of the
# user's modules it looked up, and the file each was found in (None: not found). The facts of a
# module depend on its own text and on those files, read from it or from them in turn, whatever
# answer was remembered since (see :func:`files_read`).
_reads: Dict[str, Dict[str, Optional[str]]] = {}


def _import_module(modname: Optional[str], importer: nodes.NodeNG) -> Optional[nodes.Module]:
    """The user's module ``modname`` as the program of ``importer`` imports it, or None (MindSpore,
    libraries, the standard library, a module not found)."""
    if not modname or modname.partition(".")[0] == "mindspore":
        return None
    root = importer.root()
    own = own_file(modname, root)
    if own is not None:
        module = module_trees.tree(own, modname)
    elif is_project_module(modname):
        try:
            module = astroid.MANAGER.ast_from_module_name(modname)
        except Exception as error:  # pylint: disable=broad-except
            _forget_frames(error)
            module = None
    else:
        return None
    note_read(root.file, modname, getattr(module, "file", None))
    if module is not None:
        record_star_imports(module)
    return module


def own_file(modname: str, importer: nodes.Module) -> Optional[str]:
    """The file of the user's code the importing file's program finds under ``modname``: from the
    file's folder, its source root or the working directory (:func:`module_trees.own_file`), else in
    the folders the file adds to ``sys.path`` itself (``sys.path.append(os.path.dirname(HERE))``), as
    the program's import edges do; None when none of them has it."""
    found = module_trees.own_file(modname, importer)
    return found if found is not None else module_trees.own_file_under(modname, _inserted_folders(importer))


def may_be_own(modname: str, importer: nodes.Module) -> bool:
    """Whether a folder the importing file's program searches, those it adds to ``sys.path``
    included, holds ``modname``'s top-level module or folder: a cheap test before :func:`own_file`."""
    if module_trees.may_be_own(modname, importer):
        return True
    inserted = _inserted_folders(importer)
    return bool(inserted) and module_files.holds_top_level(modname, inserted)


def _inserted_folders(importer: nodes.Module) -> tuple:
    if importer in _finding_inserts:
        return ()
    # Working those folders out looks names of the importer up: its imports are not searched there meanwhile.
    _finding_inserts.add(importer)
    try:
        return search_path.inserted_folders(importer)
    finally:
        _finding_inserts.discard(importer)


_finding_inserts: set = set()
_star_imports_recorded: dict = memo.per_run_dict()  # the modules whose star imports this run recorded


def record_star_imports(module: nodes.Module) -> None:
    """Record what the module's ``from x import *`` read: astroid put x's names into it when it built it."""
    if module in _star_imports_recorded:
        return
    _star_imports_recorded[module] = None  # before following them: star imports may go round
    for statement in module.body:
        if isinstance(statement, nodes.ImportFrom) and statement.names and statement.names[0][0] == "*":
            _import_module(names.absolute_module(statement), statement)


def note_read(importing: Optional[str], modname: str, found: Optional[str]) -> None:
    """Record that the facts of the module in file ``importing`` were worked out from the file found
    under ``modname`` (None: no file was found), read here or from its text elsewhere."""
    _reads.setdefault(normalized(importing) if importing else "", {})[modname] = normalized(found) if found else None


def files_read(path: str) -> Dict[str, Optional[str]]:
    """The user's modules import resolution looked up from the module in ``path`` so far in this
    process, by dotted name, with the file each was found in (None: not found)."""
    return _reads.get(normalized(path), {})


def _forget_frames(error: BaseException) -> None:
    """Drop the tracebacks of a failed import's exception and of those it holds.

    astroid keeps that exception to raise it again at the next import of the name; its traceback,
    and that of the ``KeyError`` it was raised after, would keep alive every frame of this lookup
    for the whole run, with the module being linted and its tokens.
    """
    pending, seen = [error], set()
    while pending:
        item = pending.pop()
        if not isinstance(item, BaseException) or id(item) in seen:
            continue
        seen.add(id(item))
        item.__traceback__ = None
        pending.extend((item.__context__, item.__cause__, getattr(item, "error", None)))


def _module_of_import(import_node: nodes.NodeNG, local: str) -> Optional[nodes.Module]:
    """The module object bound to ``local`` by an import statement, if it is project code."""
    dotted = names.imported_name(import_node, local)
    return _import_module(dotted, import_node)


def _from_import(importfrom: nodes.ImportFrom, local: str, depth: int) -> Optional[nodes.NodeNG]:
    module_name = names.absolute_module(importfrom)
    dotted = names.imported_name(importfrom, local)
    if module_name is None or dotted is None:
        return None
    module = _import_module(module_name, importfrom)
    if module is None:
        return None
    member = dotted.rpartition(".")[2]
    found = _lookup_in_module(module, member, depth + 1)
    if found is not None:
        return found
    # ``from package import submodule``
    return _import_module(dotted, importfrom)


def _lookup_in_module(module: nodes.Module, name: str, depth: int) -> Optional[nodes.NodeNG]:
    if depth > MAX_DEPTH:
        return None
    candidates = module.locals.get(name, [])
    if not candidates:
        return None
    return _from_binding(candidates[-1], name, depth)


def _from_binding(binding: nodes.NodeNG, name: str, depth: int) -> Optional[nodes.NodeNG]:
    if isinstance(binding, (nodes.ClassDef, nodes.FunctionDef, nodes.Module)):
        return binding
    if isinstance(binding, nodes.ImportFrom):
        return _from_import(binding, name, depth)
    if isinstance(binding, nodes.Import):
        return _module_of_import(binding, name)
    if isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Assign):
        assign = binding.parent
        if len(assign.targets) == 1 and isinstance(assign.targets[0], nodes.AssignName):
            return _resolve(assign.value, depth + 1)
    return None


def _resolve(node: nodes.NodeNG, depth: int) -> Optional[nodes.NodeNG]:
    if depth > MAX_DEPTH or names.mindspore_name(node):
        return None
    if isinstance(node, nodes.Name):
        scope, bindings = names.lookup(node)
        if len(bindings) != 1 or getattr(scope, "name", None) == "builtins":
            return None
        return _from_binding(bindings[0], node.name, depth)
    if isinstance(node, nodes.Attribute):
        base = _resolve(node.expr, depth + 1)
        if isinstance(base, nodes.Module):
            return _lookup_in_module(base, node.attrname, depth + 1)
        if isinstance(base, nodes.ClassDef):
            members = base.locals.get(node.attrname, [])
            if len(members) == 1 and isinstance(members[0], (nodes.ClassDef, nodes.FunctionDef)):
                return members[0]
    return None


@memo.per_node  # asked of most calls by several rules
def definition(node: nodes.NodeNG) -> Optional[Definition]:
    """The user-code ClassDef or FunctionDef an expression names, or None."""
    try:
        found = _resolve(node, 0)
    except RecursionError:
        return None
    return found if isinstance(found, (nodes.ClassDef, nodes.FunctionDef)) else None


@memo.per_run  # every read of a name an import binds asks the same
def imported(statement: nodes.NodeNG, local: str, member: Optional[str] = None) -> Optional[nodes.NodeNG]:
    """The user's module, class or function that an import statement binds to ``local`` (its
    ``member``, for a module), or None."""
    try:
        found = _from_binding(statement, local, 0)
        if member is not None:
            found = _lookup_in_module(found, member, 1) if isinstance(found, nodes.Module) else None
    except RecursionError:
        return None
    return found


def method_of_self(expr: nodes.NodeNG) -> Optional[nodes.FunctionDef]:
    """``self.<method>`` in a method: the method the enclosing class defines (an inherited one, or
    one defined twice, stays unread)."""
    if not names.is_self_attribute(expr):
        return None
    classdef = expr.frame().parent
    if not isinstance(classdef, nodes.ClassDef):
        return None
    methods = [item for item in classdef.locals.get(expr.attrname, ()) if isinstance(item, nodes.FunctionDef)]
    return methods[0] if len(methods) == 1 else None


def called_definition(call: nodes.NodeNG) -> Optional[Definition]:
    """The user-code class or function a call expression calls, or None."""
    if isinstance(call, nodes.Call):
        return definition(call.func)
    return None


def returned(call: nodes.Call) -> List[nodes.NodeNG]:
    """What a call of the user's function returns: the value of each of its ``return`` statements,
    or nothing when one returns no value, the function may end without one, or it yields."""
    function = called_definition(call)
    if not isinstance(function, nodes.FunctionDef) or function.is_generator() or not function.body:
        return []
    if not isinstance(function.body[-1], (nodes.Return, nodes.Raise)):
        return []  # it may end without returning: None
    values = return_values(function)
    return [] if any(value is None for value in values) else values


def module_value(name: nodes.Name) -> Optional[nodes.NodeNG]:
    """The expression a name is bound to when its one binding is a single module-level assignment of
    the user's code, here or in the module it is imported from (``from src.config import cfg``)."""
    bound = names.single_binding(name)
    if isinstance(bound, nodes.ImportFrom):
        module = _import_module(names.absolute_module(bound), bound)
        member = names.imported_name(bound, name.name)
        candidates = module.locals.get(member.rpartition(".")[2], []) if module is not None and member else []
        bound = candidates[0] if len(candidates) == 1 else None
    return names.binding_value(bound) if bound is not None and bound.scope() is bound.root() else None


def return_values(function: nodes.FunctionDef) -> List[Optional[nodes.NodeNG]]:
    """The value of each of the function's own ``return`` statements (not those of the functions
    and classes it defines), None for a bare ``return``."""
    scopes = (nodes.FunctionDef, nodes.ClassDef, nodes.Lambda)
    return [
        node.value
        for statement in function.body
        if not isinstance(statement, scopes)
        for node in statement.nodes_of_class(nodes.Return, skip_klass=scopes)
    ]
