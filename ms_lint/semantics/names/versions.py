"""MindSpore's public API across versions, and the platforms its operators list, as bundled data.

``ms_lint/data/catalog_versions.json`` is merged by ``python -m ms_lint.tools.catalog --merge``
from one record per installed version; it keeps only what differs between the catalogued
versions, so an answer for a name it does not list comes from the bundled catalog (the newest
version). ``ms_lint/data/op_platforms.json`` holds the "Supported Platforms" of the newest
version's docstrings. Names are public dotted paths (``mindspore.ops.TensorAdd``), canonical
paths, or ``mindspore.Tensor.<method>`` / ``mindspore.nn.Cell.<method>``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Optional, Tuple

from ms_lint.data import load_table
from ms_lint.semantics.names import catalog

DATA = Path(__file__).resolve().parents[2] / "data"
VERSIONS_PATH = DATA / "catalog_versions.json"
PLATFORMS_PATH = DATA / "op_platforms.json"
METHOD_OWNERS = {"mindspore.Tensor": catalog.tensor_methods, "mindspore.nn.Cell": catalog.cell_methods}


@functools.lru_cache(maxsize=None)
def _load() -> dict:
    return load_table(VERSIONS_PATH)


@functools.lru_cache(maxsize=None)
def _platform_table() -> dict:
    return load_table(PLATFORMS_PATH)["platforms"]


def _trimmed(version) -> tuple:
    """``(2, 7)``, ``(2, 7, 0)`` and ``"2.7.0"`` compare equal."""
    parts = [int(part) for part in (version.split(".") if isinstance(version, str) else version)]
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


@functools.lru_cache(maxsize=None)
def _by_version() -> dict:
    return {_trimmed(name): name for name in _load()["versions"]}


def _catalogued(version) -> Optional[str]:
    try:
        return _by_version().get(_trimmed(version))
    except (TypeError, ValueError):
        return None


def versions() -> Tuple[str, ...]:
    """The catalogued versions, oldest first ("2.7.0", ..., "2.10.0")."""
    return tuple(_load()["versions"])


@functools.lru_cache(maxsize=None)
def _listed_modules() -> frozenset:
    return frozenset(_load()["modules"])


def _in_every_version(name: str) -> Optional[bool]:
    """Whether a name missing from the differences table exists (hence in every version); None
    when no version would list it (a member of a module or class whose members are not recorded)."""
    owner, _, member = name.rpartition(".")
    if owner in METHOD_OWNERS:
        return member in METHOD_OWNERS[owner]()
    if catalog.lookup(name) is not None:
        return True
    return False if owner in _listed_modules() else None


def present(name: str, version: tuple) -> Optional[bool]:
    """Whether the public name exists in that MindSpore version; None if that version is not
    catalogued, or if the name is a member of a module or class whose members are not recorded
    (``mindspore.dataset.vision.c_transforms.Decode``, ``mindspore.nn.Dense.weight``)."""
    key = _catalogued(version)
    if key is None:
        return None
    listed = _load()["names"].get(name)
    if listed is not None:
        return key in listed
    return _in_every_version(name)


def parameters(name: str, version: tuple) -> Optional[Tuple[str, ...]]:
    """Parameter names of a public callable in that version, None when unknown.

    For callables whose parameters differ between versions the answer marks variadic
    parameters (``*args``, ``**kwargs``); for the others it is the bundled catalog's, which
    leaves them out: compare versions of one name, not names with each other.
    """
    key = _catalogued(version)
    if key is None or not present(name, version):
        return None
    changed = _load()["parameters"].get(name)
    if changed is not None:
        found = changed.get(key)
        return tuple(found) if found is not None else None
    return catalog.parameters(name)


def deprecated(name: str) -> Optional[dict]:
    """MindSpore's own ``@deprecated`` declaration of a name: ``since`` (the version it gives),
    ``substitute`` (or None) and ``versions`` (the catalogued versions that carry it); else None."""
    entry = _load()["deprecated"].get(name)
    return dict(entry) if entry is not None else None


def platforms(name: str) -> Optional[frozenset]:
    """The platforms ("Ascend", "GPU", "CPU") an operator's or layer's docstring lists, else None."""
    table = _platform_table()
    listed = table.get(catalog.canonical(name)) or table.get(name)
    return frozenset(listed.split()) if listed else None
