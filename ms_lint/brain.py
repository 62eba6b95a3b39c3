"""An astroid brain for MindSpore: pylint sees ``mindspore`` as small stub modules from the catalog.

Without it, pylint reads MindSpore's own sources when MindSpore is installed (slow, and every
Cell's ``construct`` is ``arguments-differ``) and reports every ``mindspore`` import as
``import-error`` when it is not (the usual CI lint job). With it, ``mindspore`` and its
submodules are built from ``ms_lint/data/stubs.json`` (generated with the catalog by
``python -m ms_lint.tools.catalog``) on first use, the same whether MindSpore is installed or not:

* a name the catalog lists gets pylint's full checks (``nn.Dense(1, 2, 3, 4, 5, 6, 7, 8)``);
* a public name missing from a module the catalog lists completely is pylint's ``no-member`` /
  ``no-name-in-module`` (a misspelt name), unless an enabled ms_lint rule reports that name
  wherever it is used (``nn.Module``, ``ops.Relu``, ``ms_function``, ``vision.c_transforms``, whose
  import is then no ``import-error`` either): one message per mistake;
* anything the catalog cannot vouch for (private modules and names, modules it only knows by
  file name) resolves to an unknown value, on which pylint reports nothing.

The stubs enter through astroid's module cache, the place astroid looks before searching the
file system: the brain swaps that dict for one that builds a ``mindspore`` module when astroid
first asks for it. ms_lint's own rules do not use it (they read the catalog by name): in a run of
them alone, where building the stubs would be most of the plugin's cost, every ``mindspore``
module is an empty stand-in on which every name is unknown (astroid still never reads MindSpore).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Callable, Iterable, Optional, Tuple

from astroid import MANAGER, nodes
from astroid.builder import AstroidBuilder
from astroid.exceptions import AttributeInferenceError
from astroid.manager import AstroidManager

from ms_lint.data import load_table

STUBS_PATH = Path(__file__).resolve().parent / "data" / "stubs.json"
ROOT = "mindspore"


@functools.lru_cache(maxsize=None)
def _stubs() -> dict:
    data = load_table(STUBS_PATH)
    data["complete"] = frozenset(data["complete"])
    return data


def _private(name: str) -> bool:
    """A private module (``mindspore._checkparam``); a dunder is a name astroid looks up, not a module."""
    parts = name.split(".")[1:]
    return any(part.startswith("_") for part in parts) and not any(part.startswith("__") for part in parts)


# Names ms_lint's enabled rules report wherever they are used (``mindspore.nn.Module``,
# ``mindspore.ms_function``, ``mindspore.dataset.vision.c_transforms``): pylint's own no-member,
# no-name-in-module and import-error on them would say the same mistake twice.
# Asked for only when pylint looks a name up (computing them reads the installed MindSpore's
# version, whose metadata machinery a run of ms_lint's rules alone need not load).
_reported_source: Optional[Callable[[], Tuple[Iterable[str], Iterable[str]]]] = None  # () -> (names, modules)
_reported_key: object = None
_reported_sets: Optional[Tuple[frozenset, frozenset]] = None  # (names and modules, modules), once asked for
NAMES, MODULES = 0, 1


def _is_reported(name: str, among: int) -> bool:
    global _reported_sets  # pylint: disable=global-statement
    if _reported_sets is None:
        names, modules = _reported_source() if _reported_source is not None else ((), ())
        _reported_sets = (frozenset(names) | frozenset(modules), frozenset(modules))
    parts = name.split(".")
    return any(".".join(parts[:end]) in _reported_sets[among] for end in range(2, len(parts) + 1))


def _unknown_beyond(module: nodes.Module, complete: bool):
    """``module.getattr`` answering what the catalog cannot vouch for, and what ms_lint reports, with an
    unknown value."""
    found = module.getattr

    def getattr(name, context=None, ignore_locals=False):  # pylint: disable=redefined-builtin
        try:
            return found(name, context, ignore_locals)
        except AttributeInferenceError:
            # __getattr__ is how pylint asks whether a module serves any name: it must stay absent.
            if name == "__getattr__":
                raise
            # Unknown: nothing pylint can check (for a name ms_lint reports, its message says what is wrong).
            if complete and not name.startswith("_") and not _is_reported(f"{module.name}.{name}", NAMES):
                raise
            return [nodes.Unknown(parent=module)]

    return getattr


def build(name: str):
    """The stub module for a dotted ``mindspore`` name, or None if MindSpore has no such module."""
    data = _stubs()
    source = data["sources"].get(name)
    if source is None and name not in data["modules"] and not _private(name):
        return stand_in(name) if _is_reported(name, MODULES) else None
    package = data["modules"].get(name, False)  # a private package still resolves its submodules by name
    return _module(name, source or "", package, complete=name in data["complete"])


def stand_in(name: str):
    """An empty ``mindspore`` module on which every name is unknown, for runs whose checks never look.

    Not a package: astroid would try each name read from a package as a submodule to import.
    """
    return _module(name, "", package=False, complete=False)


def _module(name: str, source: str, package: bool, complete: bool):
    path = os.path.join(str(STUBS_PATH.parent), *name.split("."), "__init__.py" if package else "stub.py")
    module = AstroidBuilder(MANAGER).string_build(source, modname=name, path=path)
    module.getattr = _unknown_beyond(module, complete)
    return module


class StubCache(dict):
    """astroid's module cache, building a ``mindspore`` module from the stubs when first asked
    (an empty stand-in when ``stubs`` is off)."""

    enabled = True
    stubs = True

    def __contains__(self, name) -> bool:
        if dict.__contains__(self, name):
            return True
        if not self.enabled or not isinstance(name, str) or not (name == ROOT or name.startswith(ROOT + ".")):
            return False
        module = build(name) if self.stubs else stand_in(name)
        if module is None:
            return False
        dict.__setitem__(self, name, module)
        return True


def enable(on: bool = True, stubs: bool = True, reported=None, reported_key=None) -> None:
    """Serve (or stop serving) MindSpore from the stubs, or from empty stand-ins when ``stubs`` is
    off; modules built before are dropped when the choice changes. ``reported``: a function giving
    ``(names, modules)``: the dotted names ms_lint's enabled rules report wherever they are used,
    which pylint then takes for unknown, and those of them that are modules, which import as empty
    stand-ins; ``reported_key`` says when they may have changed (the rules and options they follow)."""
    global _reported_source, _reported_key, _reported_sets  # pylint: disable=global-statement
    changed = reported_key != _reported_key
    _reported_source, _reported_key = reported, reported_key
    if changed:
        _reported_sets = None
    cache = AstroidManager.brain["astroid_cache"]
    if not isinstance(cache, StubCache):
        if not on:
            return
        cache = StubCache(cache)
        AstroidManager.brain["astroid_cache"] = cache
        MANAGER.astroid_cache = cache
    if not on or stubs != cache.stubs or changed:
        for name in [key for key in cache if key == ROOT or str(key).startswith(ROOT + ".")]:
            del cache[name]
    cache.enabled = on
    cache.stubs = stubs
