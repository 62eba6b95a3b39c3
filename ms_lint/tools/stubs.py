"""Render the stub modules ms_lint's astroid brain serves for MindSpore (``ms_lint/data/stubs.json``).

Called by ``python -m ms_lint.tools.catalog`` with the walked install. Each module that defines a
catalogued class or function becomes Python source holding only what pylint checks: classes with
their bases, methods with their signatures, properties and attributes; functions with signatures;
re-exports as imports. Bodies return an unknown value, so a call's result is unknown to pylint (never a false
``no-member`` on what an op returns). The file also lists every public module of the install, so
``import mindspore.x.y`` resolves exactly as it would with MindSpore installed.
"""

from __future__ import annotations

import enum
import inspect
import keyword
import math
import os
from collections import defaultdict

from ms_lint.tools.catalog_builder import members

# Cell methods every subclass overrides with its own parameters: the stubs of Cell and of every
# MindSpore Cell make them lambdas, so pylint does not compare a network's ``construct(self, x)``
# with ``Cell.construct(self, *args, **kwargs)`` or ``Optimizer.construct(self, gradients)``.
CELL_HOOKS = ("construct", "bprop")
# Modules whose classes a stub may name as bases (importable wherever pylint runs).
STDLIB_BASES = ("abc", "enum", "collections", "collections.abc", "typing", "numbers", "threading")
# Attributes every class has, or that only the interpreter reads: nothing for pylint to check.
SKIPPED = frozenset({
    "__class__", "__dict__", "__doc__", "__module__", "__weakref__", "__slots__", "__new__", "__init_subclass__",
    "__subclasshook__", "__annotations__", "__qualname__", "__name__", "__abstractmethods__", "__getattribute__",
    "__setattr__", "__delattr__", "__dir__", "__reduce__", "__reduce_ex__", "__sizeof__", "__format__",
    "__getstate__", "__setstate__", "__repr__", "__str__", "__hash__", "__eq__", "__ne__", "__init__subclass__",
    "__class_getitem__", "__orig_bases__", "__parameters__", "__static_attributes__", "__firstlineno__",
})
HELPER = "def _unknown(*args, **kwargs):\n    pass\n"  # a call pylint cannot infer: a permissive value
MISSING = object()


def module_files(mindspore) -> dict:
    """Every public module of the install: dotted name -> whether it is a package."""
    root = os.path.dirname(mindspore.__file__)
    found = {"mindspore": True}
    for folder, subfolders, files in os.walk(root):
        relative = os.path.relpath(folder, root)
        parts = [] if relative == "." else relative.split(os.sep)
        if any(part.startswith("_") for part in parts) or "__init__.py" not in files:
            subfolders[:] = []
            continue
        prefix = ".".join(["mindspore", *parts])
        found[prefix] = True
        for name in files:
            stem = name[:-3]
            if name.endswith(".py") and not stem.startswith("_") and stem.isidentifier():
                found.setdefault(f"{prefix}.{stem}", False)
    return dict(sorted(found.items()))


def _alias(module: str) -> str:
    """The private name a stub imports a standard module under (not a member of the stub)."""
    return "_" + module.replace(".", "_")


def _literal(value) -> str:
    """Python source for a constant, or a permissive unknown value."""
    if isinstance(value, float) and not math.isfinite(value):
        return "_unknown()"
    return repr(value)


def _signature(func, bound: str = "self") -> str:
    """The parameter list of ``func`` without annotations, defaults shown as ``...``."""
    try:
        params = list(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):
        params = None
    permissive = ([bound] if bound else []) + ["*args", "**kwargs"]
    if params is None or any(not p.name.isidentifier() or keyword.iskeyword(p.name) for p in params):
        return ", ".join(permissive)
    if bound and (not params or params[0].kind not in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD)):
        return ", ".join(permissive)  # an unbound method without its own first parameter
    out, star_done, slash_pending = [], False, False
    for param in params:
        if param.kind is param.POSITIONAL_ONLY:
            slash_pending = True
        elif slash_pending:
            out.append("/")
            slash_pending = False
        text = param.name
        if param.kind is param.VAR_POSITIONAL:
            text, star_done = f"*{param.name}", True
        elif param.kind is param.VAR_KEYWORD:
            text = f"**{param.name}"
        elif param.kind is param.KEYWORD_ONLY and not star_done:
            out.append("*")
            star_done = True
        if param.default is not param.empty:
            text += "=..."
        out.append(text)
    if slash_pending:
        out.append("/")
    return ", ".join(out)


# A call's result: unknown to pylint, and a ``return`` so that pylint does not take an assignment
# from it for ``assignment-from-no-return``.
BODY = "return _unknown()"


def _function(name: str, func, indent: str = "", bound: str = "") -> str:
    return f"{indent}def {name}({_signature(func, bound)}):\n{indent}    {BODY}\n"


class Renderer:
    """Turns a walked ``CatalogBuilder`` into stub sources, one per module."""

    def __init__(self, builder):
        self.builder = builder
        self.defined: dict[str, tuple] = {}  # canonical path -> (module, name) where a stub defines it
        for path, obj in builder.objects.items():
            entry = builder.entities.get(path, {})
            if entry.get("kind") == "module":
                continue
            module, _, name = path.rpartition(".")
            qualname = getattr(obj, "__qualname__", name) if (inspect.isclass(obj) or inspect.isfunction(obj)) else name
            if qualname == name and name.isidentifier():
                self.defined[path] = (module, name)
        self.sources: dict[str, list] = defaultdict(list)
        self.imports: dict[str, dict] = defaultdict(dict)

    def _ref(self, module: str, path: str) -> str:
        """A local name in ``module``'s stub for the defined object ``path``."""
        where, name = self.defined[path]
        if where == module:
            return name
        alias = f"_{name}_{len(self.imports[module])}"
        return self.imports[module].setdefault(path, alias)

    def _bases(self, cls) -> list:
        """(class, expression) of the stub's bases: catalogued classes, stdlib or builtin ones;
        a base MindSpore does not export is replaced by its own bases."""
        found = []
        for base in cls.__bases__:
            path = self.builder._canonical_by_id.get(id(base))
            module = str(getattr(base, "__module__", ""))
            if base is object or module == "pybind11_builtins":
                continue  # pybind11's base of MindSpore's C++ classes adds nothing to check
            if path in self.builder.classes and path in self.defined:
                found.append((base, path))
            elif module.startswith("mindspore"):
                found.extend(self._bases(base))
            elif module == "builtins":
                found.append((base, f"builtins.{base.__qualname__}"))
            elif module in STDLIB_BASES and "." not in base.__qualname__:
                found.append((base, f"{module}.{base.__qualname__}"))
            else:
                found.append((base, None))  # unknown to the stub: pylint then checks no member
        unique = []
        for base, expr in found:
            if all(base is not other for other, _ in unique):
                unique.append((base, expr))
        return [(b, e) for b, e in unique if not any(o is not b and issubclass(o, b) for o, _ in unique)]

    def _class(self, module: str, path: str, cls) -> str:
        bases = self._bases(cls)
        exprs = []
        for base, expr in bases:
            if expr is None:
                exprs.append("_unknown()")
            elif expr.startswith(tuple(f"{m}." for m in ("builtins", *STDLIB_BASES))):
                where, _, name = expr.rpartition(".")
                exprs.append(f"{_alias(where)}.{name}")
            else:
                exprs.append(self._ref(module, expr))
        compared = [base for base, _ in bases] + [object]
        body = []
        for name in sorted(members(cls)):
            if name in SKIPPED or not name.isidentifier() or keyword.iskeyword(name):
                continue
            static = inspect.getattr_static(cls, name, MISSING)
            if static is not MISSING and any(inspect.getattr_static(b, name, MISSING) is static for b in compared):
                continue
            if static is MISSING and any(name in members(b) for b in compared):
                continue
            body.append(self._member(name, static, hook=issubclass(cls, self.builder.cell) and name in CELL_HOOKS))
        header = f"class {self.defined[path][1]}({', '.join(exprs)}):\n" if exprs else f"class {self.defined[path][1]}:\n"
        return header + ("".join(body) or "    pass\n")

    @staticmethod
    def _member(name: str, static, hook: bool) -> str:
        if hook:
            return f"    {name} = lambda self, *args, **kwargs: _unknown()\n"
        if isinstance(static, staticmethod):
            return "    @staticmethod\n" + _function(name, static.__func__, "    ")
        if isinstance(static, classmethod):
            return "    @classmethod\n" + _function(name, static.__func__, "    ", "cls")
        if inspect.isfunction(static):
            return _function(name, static, "    ", "self")
        if isinstance(static, property) or inspect.isgetsetdescriptor(static) or inspect.ismemberdescriptor(static):
            return f"    @property\n    def {name}(self):\n        pass\n"
        if inspect.ismethoddescriptor(static) or inspect.isbuiltin(static) or type(static).__name__ == "wrapper_descriptor":
            return f"    def {name}(self, *args, **kwargs):\n        {BODY}\n"
        if isinstance(static, (bool, int, float, str)) and not isinstance(static, enum.Enum) and static is not None:
            return f"    {name} = {_literal(static)}\n"
        return f"    {name} = _unknown()\n"

    def _definition(self, module: str, path: str) -> str:
        obj, entry = self.builder.objects[path], self.builder.entities.get(path, {})
        name = self.defined[path][1]
        if inspect.isclass(obj):
            return self._class(module, path, obj)
        if entry.get("kind") == "function" and callable(obj):
            return _function(name, obj)
        if entry.get("kind") == "constant" and isinstance(obj, (bool, int, float, str)):
            return f"{name} = {_literal(obj)}\n"
        return f"{name} = _unknown()\n"

    def _ordered(self, paths: list) -> list:
        """Classes after the bases defined in the same module (astroid reads bases in order)."""
        done, out = set(), []

        def visit(path):
            if path in done:
                return
            done.add(path)
            obj = self.builder.objects[path]
            if inspect.isclass(obj):
                for base in obj.__mro__[1:]:
                    base_path = self.builder._canonical_by_id.get(id(base))
                    if base_path in paths:
                        visit(base_path)
            out.append(path)

        for path in sorted(paths):
            visit(path)
        return out

    def render(self) -> dict:
        by_module = defaultdict(list)
        for path, (module, _) in self.defined.items():
            by_module[module].append(path)
        complete = set(self.builder.walked)
        for module in complete:
            by_module.setdefault(module, [])
        listing = defaultdict(dict)  # complete module -> exported name -> canonical path
        for key in [*self.builder.names, *self.builder.entities]:
            parent, _, name = key.rpartition(".")
            if parent in complete:
                listing[parent][name] = self.builder.names.get(key, key)
        sources = {}
        for module, paths in sorted(by_module.items()):
            paths = set(paths)
            body = [self._definition(module, path) for path in self._ordered(sorted(paths))]
            exports = []
            for name, target in sorted(listing.get(module, {}).items()):
                if target in paths and self.defined[target][1] == name:
                    continue
                if self.builder.entities.get(target, {}).get("kind") == "module":
                    if target != f"{module}.{name}":  # astroid finds a package's own submodules by name
                        exports.append(f"import {target} as {name}\n")
                elif target in self.defined:
                    where, real = self.defined[target]
                    exports.append(f"from {where} import {real} as {name}\n" if where != module else f"{name} = {real}\n")
                else:
                    exports.append(f"{name} = _unknown()\n")
            imports = [
                f"from {self.defined[path][0]} import {self.defined[path][1]} as {alias}\n"
                for path, alias in self.imports[module].items()
            ]
            head = [f"import {m} as {_alias(m)}\n" for m in ("builtins", *STDLIB_BASES)] + [HELPER]
            if module == "mindspore":
                head.append(f"__version__ = {self.builder.ms.__version__!r}\n")
            sources[module] = "".join(head + imports + body + exports)
        return {"complete": sorted(complete), "sources": sources}


def build(builder, mindspore) -> dict:
    """The stubs file's content for a walked ``CatalogBuilder``."""
    rendered = Renderer(builder).render()
    return {
        "mindspore_version": mindspore.__version__,
        "generated_by": "python -m ms_lint.tools.catalog",
        "modules": module_files(mindspore),
        **rendered,
    }
