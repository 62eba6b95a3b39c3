"""The facts of a file that is not linted, from a tree built for them alone.

astroid's full build infers the object of every attribute assignment (``self.x = ...``) to
record instance attributes; that follows base classes and their modules, and is most of a
build's time. A module's facts (:func:`facts.module_facts`) come from its calls, names and
imports, so a file read only for its facts is built without that step. Its classes' instance
attributes are then left unrecorded, and reading one marks the tree: the file is built again in
full and its facts worked out from that, so they are always those the file gets when it is linted.

The tree stays out of astroid's cache: linted code that imports the module gets a full tree.
"""

from __future__ import annotations

from typing import List

import astroid
from astroid import nodes
from astroid.builder import AstroidBuilder

from ms_lint.semantics.names import index, resolve
from ms_lint.semantics.program.facts import ModuleFacts, module_facts


def facts_of_file(path: str, name: str) -> ModuleFacts:
    """The facts of the module ``name`` in ``path``; astroid's errors propagate."""
    module = _FactsBuilder(astroid.MANAGER, apply_transforms=False).file_build(path, name)
    if astroid.MANAGER.astroid_cache.get(module.name) is module:
        del astroid.MANAGER.astroid_cache[module.name]
    reads: List[bool] = []
    for classdef in index.of(module).classes:
        classdef.instance_attrs = _UnrecordedAttributes(reads)
    found = _facts(module)
    if not reads:
        return found
    return _facts(astroid.MANAGER.ast_from_file(path, name, source=True))


def _facts(module: nodes.Module) -> ModuleFacts:
    resolve.record_star_imports(module)
    return module_facts(module)


class _FactsBuilder(AstroidBuilder):
    def delayed_assattr(self, node: nodes.AssignAttr) -> None:
        """Left out: see the module's docstring."""


class _UnrecordedAttributes(dict):
    """A class's instance attributes, not recorded: any read is noted in ``reads``."""

    def __init__(self, reads: List[bool]) -> None:
        super().__init__()
        self._reads = reads

    def _note(self) -> None:
        self._reads.append(True)

    def __getitem__(self, key):
        self._note()
        return super().__getitem__(key)

    def __contains__(self, key) -> bool:
        self._note()
        return super().__contains__(key)

    def __iter__(self):
        self._note()
        return super().__iter__()

    def __len__(self) -> int:
        self._note()
        return super().__len__()

    def get(self, key, default=None):
        self._note()
        return super().get(key, default)

    def setdefault(self, key, default=None):
        self._note()
        return super().setdefault(key, default)

    def keys(self):
        self._note()
        return super().keys()

    def values(self):
        self._note()
        return super().values()

    def items(self):
        self._note()
        return super().items()
