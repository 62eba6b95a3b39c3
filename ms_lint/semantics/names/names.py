"""Qualified names from a file's own imports, without inferring anything.

``from mindspore import nn`` then ``nn.Dense`` gives ``mindspore.nn.Dense``;
``import mindspore as ms`` then ``ms.nn.Dense`` gives the same. The catalog then
says what that name is. A name a ``from x import *`` of the user's code binds is checked against
the file of ``x`` the program imports (:mod:`module_trees`), which may not be the one astroid read.
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

from astroid import nodes

from ms_lint.semantics.names import catalog, index, memo, module_trees

# Simple aliases (``Dense = nn.Dense``) are followed this many times at most.
MAX_ALIAS_DEPTH = 4


def absolute_module(importfrom: nodes.ImportFrom) -> Optional[str]:
    """The absolute module name of a ``from ... import`` (relative levels resolved)."""
    if not importfrom.level:
        return importfrom.modname
    root = importfrom.root()
    package = root.name if root.package else root.name.rpartition(".")[0]
    parts = package.split(".") if package else []
    up = importfrom.level - 1
    if up > len(parts):
        return None
    base = parts[: len(parts) - up]
    if importfrom.modname:
        base.append(importfrom.modname)
    return ".".join(base) or None


def imported_name(import_node: nodes.NodeNG, local: str) -> Optional[str]:
    """The dotted name that an import statement binds to ``local``."""
    if isinstance(import_node, nodes.Import):
        for name, alias in import_node.names:
            if alias == local:
                return name
            if alias is None and name.split(".")[0] == local:
                return local
        return None
    if isinstance(import_node, nodes.ImportFrom):
        module = absolute_module(import_node)
        if module is None:
            return None
        for name, alias in import_node.names:
            if name == "*" or (alias or name) == local:
                return f"{module}.{local if name == '*' else name}"
    return None


def import_statements(module: nodes.Module) -> tuple:
    """Every ``import`` and ``from ... import`` of a module, at any depth."""
    return index.of(module).imports


def _star_imported(node: nodes.Name) -> Optional[str]:
    """A name that only a ``from mindspore... import *`` can explain, checked against the catalog.

    astroid fills star-imported names only when it can import the module, which
    depends on whether MindSpore is installed: the catalog answers the same either way.
    """
    for importfrom in import_statements(node.root()):
        if not isinstance(importfrom, nodes.ImportFrom) or importfrom.names[0][0] != "*":
            continue
        module = absolute_module(importfrom)
        if module and module.startswith("mindspore") and catalog.lookup(f"{module}.{node.name}"):
            return f"{module}.{node.name}"
    return None


def _name_of_assignment(assigned: nodes.NodeNG, local: str, depth: int) -> Optional[str]:
    if isinstance(assigned, (nodes.Import, nodes.ImportFrom)):
        return imported_name(assigned, local)
    if isinstance(assigned, nodes.AssignName) and isinstance(assigned.parent, nodes.Assign):
        value = assigned.parent.value
        if len(assigned.parent.targets) == 1 and isinstance(value, (nodes.Name, nodes.Attribute)):
            return qualified_name(value, depth + 1)
    return None


def qualified_name(node: nodes.NodeNG, depth: int = 0) -> Optional[str]:
    """The fully qualified name an expression refers to through imports, or None.

    Only names bound by imports (or simple aliases of them) are resolved; local
    variables, arguments, and anything ambiguous give None.
    """
    if depth == 0:
        return _qualified_name_of(node)
    return _qualified_name(node, depth)


@memo.per_node
def _qualified_name_of(node: nodes.NodeNG) -> Optional[str]:
    # Every rule asks about the same call nodes: answer each once.
    return _qualified_name(node, 0)


def _qualified_name(node: nodes.NodeNG, depth: int) -> Optional[str]:
    if depth > MAX_ALIAS_DEPTH:
        return None
    if isinstance(node, nodes.Attribute):
        base = qualified_name(node.expr, depth)
        return f"{base}.{node.attrname}" if base else None
    if not isinstance(node, nodes.Name):
        return None
    assignments = bindings(node)
    if not assignments:
        return _star_imported(node)
    names = {_name_of_assignment(assigned, node.name, depth) for assigned in assignments}
    if len(names) != 1:
        return None
    return names.pop()


def mindspore_name(node: nodes.NodeNG) -> Optional[str]:
    """The qualified name if it is a MindSpore name, else None."""
    name = qualified_name(node)
    if name and (name == "mindspore" or name.startswith("mindspore.")):
        return name
    return None


def entity(node: nodes.NodeNG) -> Optional[catalog.Entity]:
    """The catalog entity an expression names (``nn.Dense`` -> the Dense Cell class)."""
    return catalog.lookup(mindspore_name(node))


Lookup = Tuple[Optional[nodes.NodeNG], tuple]
_outer_lookups: Dict[Tuple[nodes.NodeNG, str], Lookup] = memo.per_module_dict()


@memo.per_node
def lookup(node: nodes.NodeNG) -> Lookup:
    """astroid's lookup of a name where it is used: (scope, bindings), asked once per node."""
    if not isinstance(node, (nodes.Name, nodes.AssignName)):
        return None, ()
    function = node.scope()
    if not (isinstance(node, nodes.Name) and isinstance(function, nodes.FunctionDef)) or node.statement() is function:
        return _astroid_lookup(node)
    local = function.locals.get(node.name)
    if local and len(local) == 1 and isinstance(local[0].parent, nodes.Arguments) and node.name not in _declared(function):
        return _parameter_lookup(local[0])  # a parameter never rebound (``self``): every read sees it
    if node.name not in function.locals and node.name not in _declared(function) and node.name != "__class__":
        # A name the function body reads from outside (``ops``, ``nn``): astroid filters outer
        # bindings by where the function (for a method, its class) sits, not where in the body
        # the name is read, so one lookup serves the whole body, and every method of a class.
        # (``global x`` makes the body's own assignments count again; ``__class__`` is the
        # method's own: those ask astroid each time.)
        key = (_outer_anchor(function, node.name), node.name)
        if key not in _outer_lookups:
            _outer_lookups[key] = _astroid_lookup(node)
        return _outer_lookups[key]
    return _astroid_lookup(node)


def _outer_anchor(function: nodes.FunctionDef, name: str) -> nodes.NodeNG:
    """The node whose place decides what a name the function does not bind refers to.

    For a function or class in the module's own body, the module: astroid then filters the
    module's bindings the same way for every one of them, unless one of those bindings sits in a
    function or class (``global``), whose place in the module counts.
    """
    enclosing = function.parent.scope()
    anchor = enclosing if isinstance(enclosing, nodes.ClassDef) else function
    module = anchor.parent
    if isinstance(module, nodes.Module) and _bound_in_module_code(module, name):
        return module
    return anchor


_module_code_bindings: Dict[Tuple[nodes.Module, str], bool] = memo.per_module_dict()


def _bound_in_module_code(module: nodes.Module, name: str) -> bool:
    """Whether every binding of ``name`` in the module is in its own code, outside any function or class."""
    key = (module, name)
    if key not in _module_code_bindings:
        _module_code_bindings[key] = all(
            binding.parent is not None and binding.parent.frame() is module for binding in module.locals.get(name, ())
        )
    return _module_code_bindings[key]


@memo.per_node
def _parameter_lookup(parameter: nodes.AssignName) -> Lookup:
    return parameter.scope(), (parameter,)


@memo.per_node
def _declared(function: nodes.FunctionDef) -> frozenset:
    """The names the function's own ``global``/``nonlocal`` statements declare."""
    statements = index.of(function.root()).declarations
    return frozenset(name for statement in statements if statement.scope() is function for name in statement.names)


def _astroid_lookup(node: nodes.NodeNG) -> Lookup:
    # What ``node.lookup(name)`` returns, without its cache: ms_lint asks once per node, and the
    # cache's entries, pushed out after 128 lookups, were garbage the full collections counted.
    scope, found = _scope_lookup(node)
    if isinstance(scope, (nodes.FunctionDef, nodes.ClassDef, nodes.Lambda)):
        return scope, found  # bound in a function or class: no star import binds it
    module = node.root()
    stars = _namesake_stars(module) if isinstance(module, nodes.Module) else ()
    return _program_lookup(node, module, stars, (scope, found)) if stars else (scope, found)


# A module-level ``from x import *`` whose names are not those astroid put into the module (astroid
# read another program's ``x``, or one whose own star imports did): the statement, the names the
# program's own ``x`` exports (None: unknown) and the names astroid bound to the statement.
Star = Tuple[nodes.ImportFrom, Optional[frozenset], frozenset]


def _program_lookup(node: nodes.NodeNG, module: nodes.Module, stars: Tuple[Star, ...], astroids: Lookup) -> Lookup:
    """astroid's lookup of a name the module's namesake star imports may bind, as if they bound what
    the program's own modules export; unknown where such a module binds a name astroid did not see."""
    name = node.name
    wrong = []
    for statement, exports, put in stars:
        if exports is None or (name in exports and name not in put):
            return None, ()
        if name in put and name not in exports:
            wrong.append(statement)
    if not wrong:
        return astroids
    bound = module.locals[name]  # a name astroid bound to a star import: it is among the module's locals
    # astroid's own lookup, without the statements that do not bind the name in the program: the
    # bindings they shadow are visible again (the list is put back as it was).
    module.locals[name] = [binding for binding in bound if all(binding is not statement for statement in wrong)]
    try:
        return _scope_lookup(node)
    finally:
        module.locals[name] = bound


def _scope_lookup(node: nodes.NodeNG) -> Lookup:
    try:
        scope, found = node.scope().scope_lookup(node, node.name)
    except Exception:  # pylint: disable=broad-except
        return None, ()
    return scope, tuple(found)


@memo.per_run_node
def _namesake_stars(module: nodes.Module) -> Tuple[Star, ...]:
    stars = []
    for statement in _star_imports(module):
        own = _star_module(statement, module)
        if own is not None:
            exports, put = own_exports(own), _bound_by(statement, module, only=False)
            if exports != put:
                stars.append((statement, exports, put))
    return tuple(stars)


_exporting: dict = memo.per_run_dict()  # the modules whose exports are being worked out: star imports may go round


@memo.per_run_node
def own_exports(module: nodes.Module) -> Optional[frozenset]:
    """The names ``from module import *`` binds when the program imports ``module``: astroid's, with
    the names of its own star imports taken from the files the program reads; None when unknown."""
    if module in _exporting:
        return None
    if "__all__" in module.locals:
        try:
            return frozenset(module.wildcard_import_names())
        except Exception:  # pylint: disable=broad-except  # an ``__all__`` astroid cannot read
            return None
    _exporting[module] = None
    try:
        exported = {name for name in module.locals if not name.startswith("_")}
        for statement in _star_imports(module):
            own = _star_module(statement, module)
            if own is not None:
                nested = own_exports(own)
                if nested is None:
                    return None
                exported = (exported - _bound_by(statement, module, only=True)) | nested
        return frozenset(exported)
    finally:
        del _exporting[module]


def _star_imports(module: nodes.Module) -> list:
    return [
        statement
        for statement in index.of(module).imports
        if isinstance(statement, nodes.ImportFrom) and statement.names[0][0] == "*" and statement.scope() is module
    ]


def _star_module(statement: nodes.ImportFrom, module: nodes.Module) -> Optional[nodes.Module]:
    imported = absolute_module(statement)
    return module_trees.own_module(imported, module) if imported else None


def _bound_by(statement: nodes.ImportFrom, module: nodes.Module, only: bool) -> frozenset:
    """The names astroid bound to a star import in the module (``only``: and to nothing else)."""
    return _star_bindings(module)[ONLY if only else ANY].get(statement, frozenset())


ANY, ONLY = 0, 1


@memo.per_run_node
def _star_bindings(module: nodes.Module) -> Tuple[Dict[nodes.NodeNG, frozenset], Dict[nodes.NodeNG, frozenset]]:
    """For each star import of the module, the names astroid bound to it, and those it bound to nothing
    else: one pass over the module's names for all its star imports."""
    stars = {id(statement): statement for statement in _star_imports(module)}
    bound_to: Dict[nodes.NodeNG, set] = {statement: set() for statement in stars.values()}
    only_to: Dict[nodes.NodeNG, set] = {statement: set() for statement in stars.values()}
    for name, bound in module.locals.items():
        mine = {id(binding) for binding in bound if id(binding) in stars}
        for key in mine:
            bound_to[stars[key]].add(name)
        if not bound:  # bound to nothing: vacuously to each star import alone, as ``all`` would say
            for found in only_to.values():
                found.add(name)
        elif len(mine) == 1 and all(id(binding) in mine for binding in bound):
            only_to[stars[next(iter(mine))]].add(name)
    return (
        {statement: frozenset(found) for statement, found in bound_to.items()},
        {statement: frozenset(found) for statement, found in only_to.items()},
    )


def bindings(node: nodes.NodeNG) -> list:
    """The statements that may bind a name where it is used; [] when astroid cannot tell."""
    return list(lookup(node)[1])


def single_binding(node: nodes.NodeNG) -> Optional[nodes.NodeNG]:
    """The one statement that binds a Name, or None when there are none or several."""
    found = bindings(node)
    return found[0] if len(found) == 1 else None


def assigned_value(node: nodes.NodeNG) -> Optional[nodes.NodeNG]:
    """The value of a Name bound once, by a plain ``name = value``."""
    return binding_value(single_binding(node))


def binding_value(binding: Optional[nodes.NodeNG]) -> Optional[nodes.NodeNG]:
    """The value a binding assigns when it is the one target of a plain ``name = value``."""
    statement = binding.parent if isinstance(binding, nodes.AssignName) else None
    if isinstance(statement, nodes.Assign) and statement.targets == [binding]:
        return statement.value
    return None


def is_builtin(node: nodes.NodeNG) -> bool:
    """True if a Name refers to a Python builtin (``len``, ``tuple``), not to a user binding."""
    if not isinstance(node, nodes.Name):
        return False
    scope, found = lookup(node)
    if scope is None:
        return False
    return not found or (isinstance(scope, nodes.Module) and scope.name == "builtins")


def is_self(node: nodes.NodeNG) -> bool:
    """The name ``self``, as code writes an object's own attributes and methods."""
    return isinstance(node, nodes.Name) and node.name == "self"


def is_self_attribute(node: nodes.NodeNG) -> bool:
    """``self.<attribute>``."""
    return isinstance(node, nodes.Attribute) and is_self(node.expr)


def is_callee(node: nodes.NodeNG) -> bool:
    """What a call calls: ``f`` in ``f(x)``, ``self.f`` in ``self.f(x)``."""
    return isinstance(node.parent, nodes.Call) and node.parent.func is node


def basename(node: nodes.NodeNG) -> Optional[str]:
    """The last component of a name or attribute chain (``set_context`` in ``ms.set_context``)."""
    if isinstance(node, nodes.Attribute):
        return node.attrname
    if isinstance(node, nodes.Name):
        return node.name
    return None


def callee_names(call: nodes.Call) -> Tuple[str, ...]:
    """The names a call may call by: its basename, and for an alias the names it was imported as."""
    name = basename(call.func)
    if name is None:
        return ()
    if isinstance(call.func, nodes.Name):
        imported = _aliases(call.root()).get(name)
        if imported:
            return (name, *imported)
    return (name,)


@memo.per_node
def _aliases(module: nodes.Module) -> Dict[str, Tuple[str, ...]]:
    """``{alias: names}`` of the module's ``from ... import name as alias``."""
    found: Dict[str, Tuple[str, ...]] = {}
    for importfrom in import_statements(module):
        if isinstance(importfrom, nodes.ImportFrom):
            for name, alias in importfrom.names:
                if alias and alias != name:
                    found[alias] = (*found.get(alias, ()), name)
    return found


@memo.per_run
def call_names(module: nodes.Module, basenames: frozenset) -> frozenset:
    """Names under which a module may call functions with these basenames.

    ``basenames`` plus the aliases of ``from ... import set_device as use_device``; a cheap
    filter to run before resolving each call's qualified name.
    """
    aliases = {alias for alias, imported in _aliases(module).items() if basenames.intersection(imported)}
    return frozenset(basenames) | frozenset(aliases)


def may_call(call: nodes.Call, basenames: frozenset) -> bool:
    """Cheap pre-check: ``call`` names a function with one of these basenames, or an alias of one."""
    return basename(call.func) in call_names(call.root(), basenames)


def called_entity(call: nodes.NodeNG) -> Optional[catalog.Entity]:
    """The catalog entity a call expression calls, e.g. ``ops.relu`` in ``ops.relu(x)``."""
    if isinstance(call, nodes.Call):
        return entity(call.func)
    return None
