"""MindSpore's public API as bundled data: what a dotted name refers to.

The catalog is generated from a real MindSpore install by ``python -m ms_lint.tools.catalog``
and shipped in ``ms_lint/data/catalog.json``, so linting never imports MindSpore.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ms_lint.data import load_table, with_tuples

CATALOG_PATH = Path(__file__).resolve().parents[2] / "data" / "catalog.json"

CELL = "mindspore.nn.cell.Cell"
SEQUENTIAL_CELL = "mindspore.nn.layer.container.SequentialCell"
CELL_LIST = "mindspore.nn.layer.container.CellList"
CELL_DICT = "mindspore.nn.layer.container.CellDict"
PARAMETER = "mindspore.common.parameter.Parameter"
PARAMETER_TUPLE = "mindspore.common.parameter.ParameterTuple"
TENSOR = "mindspore.common.tensor.Tensor"
# Containers that register the Cells or Parameters they hold.
REGISTERING_CONTAINERS = frozenset({SEQUENTIAL_CELL, CELL_LIST, CELL_DICT, PARAMETER_TUPLE})


@dataclass(frozen=True)
class Entity:
    """One MindSpore object, as the catalog describes it."""

    path: str
    kind: str
    mro: tuple = ()
    params: Optional[int] = None
    construct: bool = False
    op: bool = False
    args: tuple = ()
    defaults: dict = field(default_factory=dict, compare=False, hash=False)
    value: Any = None
    # Public attributes this class adds to the catalogued classes of its mro (see ``members``).
    own_members: frozenset = field(default=frozenset(), compare=False, hash=False)

    def is_subclass_of(self, canonical: str) -> bool:
        return self.path == canonical or canonical in self.mro

    @property
    def is_cell(self) -> bool:
        return self.kind == "cell"


@functools.lru_cache(maxsize=None)
def _load() -> dict:
    return load_table(CATALOG_PATH, kept=_compact)


def _compact(table: dict) -> dict:
    """The catalog as it is kept: each entity as its JSON text, read when first asked for, and every
    entity's kind and mro beside (the questions about the whole catalog read those). It then loads
    as a few thousand strings, not 12,000 dicts and tuples, in half the time (3 ms); fewer objects
    also mean fewer garbage collections in the run (see :func:`ms_lint.data.load_table`)."""
    entities = table["entities"]
    return {
        **table,
        "entities": {path: json.dumps(entry) for path, entry in entities.items()},
        "kinds": {path: entry["kind"] for path, entry in entities.items()},
        "mros": {path: entry["mro"] for path, entry in entities.items() if "mro" in entry},
    }


@functools.lru_cache(maxsize=None)
def _entry(path: str) -> Optional[dict]:
    """The catalog's entry of the entity at the canonical ``path``, arrays as tuples; None if it has none."""
    text = _load()["entities"].get(path)
    return None if text is None else with_tuples(json.loads(text))


def version() -> str:
    """The MindSpore version the catalog was generated from."""
    return _load()["mindspore_version"]


def canonical(path: str) -> str:
    """The canonical path of a public dotted name (re-exports resolved)."""
    return _load()["names"].get(path, path)


@functools.lru_cache(maxsize=4096)
def lookup(path: Optional[str]) -> Optional[Entity]:
    """The entity a fully qualified MindSpore name refers to, or None if unknown."""
    if not path or not path.startswith("mindspore"):
        return None
    target = _load()["names"].get(path, path)
    entry = _entry(target)
    if entry is None:
        return None
    return Entity(
        path=target,
        kind=entry["kind"],
        mro=tuple(entry.get("mro", ())),
        params=entry.get("params"),
        construct=entry.get("construct", False),
        op=entry.get("op", False),
        args=tuple(entry.get("args", ())),
        defaults=entry.get("defaults", {}),
        value=entry.get("value"),
        own_members=frozenset(entry.get("members", ())),
    )


@functools.lru_cache(maxsize=1024)
def members(path: Optional[str]) -> Optional[frozenset]:
    """Public attributes of a catalogued class and its ancestors (methods, properties, class
    attributes and what its methods assign to ``self``), or None if ``path`` is not a class."""
    entity = lookup(path)
    if entity is None or "members" not in _entry(entity.path):
        return None
    found = set(entity.own_members)
    for base in entity.mro:
        base_entity = lookup(base)
        if base_entity is not None:
            found |= base_entity.own_members
    return frozenset(found)


def has_member(path: Optional[str], name: str) -> Optional[bool]:
    """Whether instances of the catalogued class ``path`` have the public attribute ``name``;
    None when the catalog cannot tell (not a catalogued class, or a private name)."""
    found = members(path)
    if found is None or name.startswith("_"):
        return None
    return name in found


@functools.lru_cache(maxsize=16)
def module_names(module: str) -> frozenset:
    """Basenames of the public names directly in a catalogued module (``Resize`` in ``mindspore.dataset.vision``)."""
    prefix = module + "."
    return frozenset(
        path[len(prefix):] for path in _load()["names"] if path.startswith(prefix) and "." not in path[len(prefix):]
    )


@functools.lru_cache(maxsize=64)
def subclasses_of(path: str) -> frozenset:
    """Canonical paths of the catalog's classes deriving from ``path`` (itself included)."""
    return frozenset({path} | {name for name, mro in _load()["mros"].items() if path in mro})


@functools.lru_cache(maxsize=16)
def of_kind(kind: str) -> frozenset:
    """Canonical paths of the catalog's entities of one kind ("primitive", "cell", "function"...)."""
    return frozenset(name for name, found in _load()["kinds"].items() if found == kind)


@functools.lru_cache(maxsize=64)
def basenames_of(paths: frozenset) -> frozenset:
    """Last components of every public name of these canonical paths (``Conv2d``, ``Conv2D``...).

    A cheap filter: a call whose name is none of these cannot be one of ``paths``.
    """
    data = _load()
    found = {path.rpartition(".")[2] for path in paths}
    found.update(alias.rpartition(".")[2] for alias, target in data["names"].items() if target in paths)
    return frozenset(found)


@functools.lru_cache(maxsize=None)
def tensor_methods() -> frozenset:
    """Attribute names of ``mindspore.Tensor``."""
    return frozenset(_load()["tensor_methods"])


@functools.lru_cache(maxsize=None)
def cell_methods() -> frozenset:
    """Attribute names of ``mindspore.nn.Cell``."""
    return frozenset(_load()["cell_methods"])


def parameters(path: Optional[str]) -> Optional[tuple]:
    """Parameter names of a catalogued callable (``*args``/``**kwargs`` left out), or None if unknown."""
    entity = lookup(path)
    if entity is None or "args" not in _entry(entity.path):
        return None
    return entity.args
