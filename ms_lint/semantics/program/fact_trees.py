"""The facts of a file that is not linted, from a tree built for them alone.

After parsing, astroid's full build infers the object of every attribute assignment
(``self.x = ...``) to record instance attributes, and applies its brain's transforms, whose tests
infer class bases: both follow names into other modules and build those, and they were most of
the time. The facts (:func:`facts.module_facts`) need neither, so the tree for them is built
without them. What the two steps change of a tree, and why the facts stay the same:

- instance attributes: left unrecorded here; reading one marks the tree, and the file is then
  built in full and its facts worked out from that;
- inference tips: ms_lint never asks astroid to infer;
- the members transforms make up for enum, attrs and dataclass classes (synthetic values, a
  generated ``__init__``): of a class the facts read its body's statements and the methods and
  classes it defines, which transforms leave as written.

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
