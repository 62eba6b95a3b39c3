"""The catalog of an installed MindSpore, as ``python -m ms_lint.tools.catalog`` writes it: the
public modules it reads, and :class:`CatalogBuilder`, which walks them (see :mod:`ms_lint.tools.catalog`).
Imported only where MindSpore is installed, by the catalog, version-record and stub generators."""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import textwrap

# Modules users import names from. Order matters: the first path an instance is
# seen under becomes its canonical name (``mindspore.float16`` before
# ``mindspore.common.dtype.float16``).
PUBLIC_MODULES = (
    "mindspore",
    "mindspore.nn",
    "mindspore.ops",
    "mindspore.mint",
    "mindspore.mint.nn",
    "mindspore.mint.nn.functional",
    "mindspore.mint.optim",
    "mindspore.mint.linalg",
    "mindspore.mint.special",
    "mindspore.mint.distributed",
    "mindspore.numpy",
    "mindspore.scipy",
    "mindspore.amp",
    "mindspore.train",
    "mindspore.train.callback",
    "mindspore.train.serialization",
    "mindspore.communication",
    "mindspore.communication.management",
    "mindspore.parallel",
    "mindspore.context",
    "mindspore.common",
    "mindspore.common.dtype",
    "mindspore.common.initializer",
    "mindspore.common.tensor",
    "mindspore.common.parameter",
    "mindspore.ops.operations",
    "mindspore.ops.functional",
    "mindspore.ops.composite",
    "mindspore.ops.primitive",
    "mindspore.nn.layer",
    "mindspore.nn.loss",
    "mindspore.nn.optim",
    "mindspore.nn.wrap",
    "mindspore.nn.metrics",
    "mindspore.experimental.optim",
    "mindspore.dataset",
    "mindspore.dataset.vision",
    "mindspore.dataset.transforms",
    "mindspore.dataset.text",
    "mindspore.dataset.audio",
    "mindspore.runtime",
    "mindspore.device_context",
    "mindspore.hal",
    "mindspore.boost",
)

# Namespaces whose functions compute on Tensors (their results are tensor-valued).
OP_NAMESPACES = (
    "mindspore.ops",
    "mindspore.ops.functional",
    "mindspore.ops.composite",
    "mindspore.mint",
    "mindspore.mint.nn.functional",
    "mindspore.mint.linalg",
    "mindspore.mint.special",
    "mindspore.numpy",
    "mindspore.scipy",
)

# Arguments tried, in order, to instantiate a Cell and count its parameters.
TRIAL_ARGS = ((), (4,), (4, 4), (4, 4, 3), ((4,),), (4, 4, 4, 4))

JSON_SCALARS = (bool, int, float, str, type(None))


def _import(name):
    import importlib  # pylint: disable=import-outside-toplevel

    try:
        return importlib.import_module(name)
    except Exception:  # pylint: disable=broad-except
        return None


def _public_names(module):
    names = getattr(module, "__all__", None) or dir(module)
    return sorted({name for name in names if not name.startswith("_")} | {n for n in dir(module) if not n.startswith("_")})


def _signature(obj):
    """Parameter names and JSON-able literal defaults of a callable, or None."""
    target = obj.__init__ if inspect.isclass(obj) else obj
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    args, defaults = [], {}
    for param in sig.parameters.values():
        if param.name == "self" or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        args.append(param.name)
        default = param.default
        if default is not param.empty and isinstance(default, JSON_SCALARS):
            defaults[param.name] = default
    return {"args": args, "defaults": defaults}


@functools.lru_cache(maxsize=None)
def own_instance_attributes(klass) -> frozenset:
    """Names a class's own methods assign as ``self.<name> = ...``, read from its source."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
    except (OSError, TypeError, SyntaxError, IndentationError):
        return frozenset()
    found = set()
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if not isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            continue
        for target in targets:
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Attribute) and isinstance(leaf.value, ast.Name) and leaf.value.id == "self":
                    found.add(leaf.attr)
    return frozenset(found)


@functools.lru_cache(maxsize=None)
def members(cls) -> frozenset:
    """Every attribute an instance of ``cls`` has: ``dir(cls)`` plus what its methods assign."""
    names = set(dir(cls))
    if isinstance(cls, enum.EnumMeta):
        names |= set(cls.__members__)  # aliases (Inter.LINEAR for Inter.BILINEAR) are not in dir()
    for klass in cls.__mro__:
        if str(getattr(klass, "__module__", "")).startswith("mindspore"):
            names |= own_instance_attributes(klass)
    return frozenset(names)


def _count_parameters(cls):
    """Parameters held by an instance built with small trial arguments, or None."""
    for args in TRIAL_ARGS:
        try:
            cell = cls(*args)
        except Exception:  # pylint: disable=broad-except
            continue
        try:
            return len(list(cell.get_parameters()))
        except Exception:  # pylint: disable=broad-except
            return None
    return None


class CatalogBuilder:
    """Walks MindSpore's public modules and records what the linter needs."""

    def __init__(self, mindspore, count_params: bool = True):
        self.ms = mindspore
        self.count_params = count_params
        from mindspore import nn, ops, Tensor, Parameter  # pylint: disable=import-outside-toplevel
        from mindspore.common.dtype import Type  # pylint: disable=import-outside-toplevel

        self.cell, self.primitive, self.tensor, self.parameter = nn.Cell, ops.Primitive, Tensor, Parameter
        self.dtype = Type
        dataset = _import("mindspore.dataset")
        self.dataset = getattr(dataset, "Dataset", None)
        self.names: dict[str, str] = {}
        self.entities: dict[str, dict] = {}
        self._canonical_by_id: dict[int, str] = {}
        self.classes: dict[str, type] = {}
        self.objects: dict[str, object] = {}
        self.walked: list[str] = []

    def canonical(self, obj, seen_as: str) -> str:
        known = self._canonical_by_id.get(id(obj))
        if known:
            return known
        path = seen_as
        if isinstance(obj, self.dtype) and getattr(self.ms, str(obj).lower(), None) is obj:
            path = f"mindspore.{str(obj).lower()}"  # mindspore.float32 rather than mindspore.float
        elif inspect.ismodule(obj):
            path = obj.__name__
        elif inspect.isclass(obj) or inspect.isfunction(obj) or inspect.isbuiltin(obj):
            module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
            if module and qualname and module.startswith("mindspore") and "<" not in qualname:
                path = f"{module}.{qualname}"
        self._canonical_by_id[id(obj)] = path
        return path

    def kind(self, obj, path: str) -> dict:
        if inspect.ismodule(obj):
            return {"kind": "module"}
        if inspect.isclass(obj):
            return self._class_entry(obj)
        if isinstance(obj, self.dtype):
            return {"kind": "dtype"}
        if isinstance(obj, self.primitive):
            return {"kind": "primitive_instance"}
        if callable(obj):
            entry = {"kind": "function"}
            if path.rpartition(".")[0] in OP_NAMESPACES:
                entry["op"] = True
            return entry
        if isinstance(obj, (bool, int, float, str)):
            return {"kind": "constant", "value": obj}
        return {"kind": "object"}

    def _class_entry(self, cls) -> dict:
        if issubclass(cls, self.cell):
            kind = "cell"
        elif issubclass(cls, self.primitive):
            kind = "primitive"
        elif issubclass(cls, self.parameter):
            kind = "parameter"
        elif issubclass(cls, self.tensor):
            kind = "tensor"
        elif self.dataset is not None and issubclass(cls, self.dataset):
            kind = "dataset"
        else:
            kind = "class"
        mro = [
            self.canonical(base, f"{base.__module__}.{base.__qualname__}")
            for base in cls.__mro__[1:]
            if base.__module__.startswith("mindspore")
        ]
        entry = {"kind": kind, "mro": mro}
        if kind == "cell":
            entry["params"] = _count_parameters(cls) if self.count_params else None
            entry["construct"] = any(
                "construct" in klass.__dict__ for klass in cls.__mro__ if klass is not self.cell
            )
        return entry

    def add(self, path: str, obj) -> None:
        canonical = self.canonical(obj, path)
        if canonical != path:
            self.names[path] = canonical
        if canonical in self.entities:
            if "op" not in self.entities[canonical] and path.rpartition(".")[0] in OP_NAMESPACES:
                if self.entities[canonical]["kind"] == "function":
                    self.entities[canonical]["op"] = True
            return
        entry = self.kind(obj, canonical if canonical != path else path)
        self.objects[canonical] = obj
        if inspect.isclass(obj):
            self.classes[canonical] = obj
        if entry["kind"] in ("function", "primitive_instance") and path.rpartition(".")[0] in OP_NAMESPACES:
            entry["op"] = True
        if entry["kind"] in ("cell", "primitive", "function", "class", "dataset", "parameter", "tensor"):
            signature = _signature(obj)
            if signature:
                entry.update(signature)
        self.entities[canonical] = entry

    def _add_members(self) -> None:
        for path, cls in self.classes.items():
            inherited = set()
            for base in cls.__mro__[1:]:
                if self._canonical_by_id.get(id(base)) in self.classes:
                    inherited |= members(base)
            own = members(cls) - inherited
            self.entities[path]["members"] = sorted(name for name in own if not name.startswith("_"))

    def build(self) -> dict:
        for module_name in PUBLIC_MODULES:
            module = _import(module_name)
            if module is None:
                continue
            self.add(module_name, module)
            self.walked.append(module_name)
            for name in _public_names(module):
                try:
                    obj = getattr(module, name)
                except Exception:  # pylint: disable=broad-except
                    continue
                if inspect.ismodule(obj) and not obj.__name__.startswith("mindspore"):
                    continue
                self.add(f"{module_name}.{name}", obj)
        self._add_members()
        return {
            "mindspore_version": self.ms.__version__,
            "generated_by": "python -m ms_lint.tools.catalog",
            "names": dict(sorted(self.names.items())),
            "entities": dict(sorted(self.entities.items())),
            "tensor_methods": sorted(n for n in dir(self.tensor) if not n.startswith("_")),
            "cell_methods": sorted(n for n in dir(self.cell) if not n.startswith("_")),
        }
