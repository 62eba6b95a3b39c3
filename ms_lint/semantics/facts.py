"""Project facts: what a program sets up, gathered file by file.

A model file rarely says how it runs: ``set_context(mode=GRAPH_MODE)`` or
``set_device("Ascend")`` usually sit in the training script. Each module yields
its :class:`ModuleFacts`, including what it imports. :class:`Project` groups the
linted modules into *programs* (an entry module and everything it imports,
transitively) and gives each module the facts of the programs it belongs to: a
mode set in ``train.py`` applies to the models ``train.py`` imports, not to an
unrelated script linted in the same run.

Facts are plain, picklable data so that pylint's parallel mode (``-j N``) can
send them from its workers to the main process.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from typing import Dict, FrozenSet, Iterable, List, Optional, Set

from astroid import nodes

from ms_lint.semantics import names

GRAPH, PYNATIVE, DYNAMIC = "graph", "pynative", "dynamic"
DEVICE_TARGETS = ("Ascend", "GPU", "CPU")
# MindSpore's mode constants: GRAPH_MODE == 0, PYNATIVE_MODE == 1.
MODE_VALUES = {0: GRAPH, 1: PYNATIVE}
SET_CONTEXT = frozenset({"mindspore.set_context", "mindspore.context.set_context"})
SET_DEVICE = frozenset({"mindspore.set_device"})
SET_UP_FUNCTIONS = frozenset({"set_context", "set_device"})


@dataclass(frozen=True)
class ProgramFacts:
    """Facts that hold for a program; every field is a set of values seen."""

    modes: FrozenSet[str] = frozenset()  # GRAPH, PYNATIVE, or DYNAMIC (set from a variable)
    device_targets: FrozenSet[str] = frozenset()  # "Ascend", "GPU", "CPU", or DYNAMIC


FACT_FIELDS = tuple(field.name for field in fields(ProgramFacts))


@dataclass(frozen=True)
class ModuleFacts:
    """What one module states, and which modules it imports."""

    module: str
    imports: FrozenSet[str]
    facts: ProgramFacts


def union(all_facts: Iterable[ProgramFacts]) -> ProgramFacts:
    merged: Dict[str, Set] = {name: set() for name in FACT_FIELDS}
    for one in all_facts:
        for name in FACT_FIELDS:
            merged[name] |= getattr(one, name)
    return ProgramFacts(**{name: frozenset(values) for name, values in merged.items()})


class Project:
    """The linted modules, grouped into programs along their imports."""

    def __init__(self, module_facts: Iterable[ModuleFacts]):
        self._modules: Dict[str, ModuleFacts] = {}
        for item in module_facts:
            self._modules[item.module] = item
        self._imports = {name: self._linted_imports(item) for name, item in self._modules.items()}
        self._facts: Dict[str, ProgramFacts] = {}

    def _linted(self, dotted: str) -> Optional[str]:
        """The linted module an import refers to (``a.b.C`` -> module ``a.b``), if any."""
        while dotted:
            if dotted in self._modules:
                return dotted
            dotted = dotted.rpartition(".")[0]
        return None

    def _linted_imports(self, item: ModuleFacts) -> FrozenSet[str]:
        found = {self._linted(dotted) for dotted in item.imports}
        return frozenset(name for name in found if name and name != item.module)

    def _reach(self, root: str) -> FrozenSet[str]:
        seen, stack = {root}, [root]
        while stack:
            for imported in self._imports.get(stack.pop(), ()):
                if imported not in seen:
                    seen.add(imported)
                    stack.append(imported)
        return frozenset(seen)

    @functools.cached_property
    def programs(self) -> List[FrozenSet[str]]:
        """Each entry module (imported by no other linted module) with all it imports."""
        imported = {name for targets in self._imports.values() for name in targets}
        programs = [self._reach(name) for name in sorted(self._modules) if name not in imported]
        covered = set().union(*programs) if programs else set()
        # Modules only reachable through an import cycle form programs of their own.
        programs += [self._reach(name) for name in sorted(self._modules) if name not in covered]
        return programs

    def facts_for(self, module: str) -> ProgramFacts:
        """The facts of every program that contains ``module``."""
        if module not in self._facts:
            programs = [program for program in self.programs if module in program]
            members = set().union(*programs) if programs else {module}
            self._facts[module] = union(self._modules[name].facts for name in members if name in self._modules)
        return self._facts[module]


def _keyword(call: nodes.Call, name: str, position: Optional[int] = None) -> Optional[nodes.NodeNG]:
    for keyword in call.keywords or ():
        if keyword.arg == name:
            return keyword.value
    if position is not None and len(call.args) > position:
        return call.args[position]
    return None


def constant_value(expr: Optional[nodes.NodeNG]):
    """A literal's value, or the value of a MindSpore constant such as ``ms.GRAPH_MODE``."""
    if isinstance(expr, nodes.Const):
        return expr.value
    entity = names.entity(expr) if expr is not None else None
    if entity is not None and entity.kind == "constant":
        return entity.value
    return None


def _mode(expr: nodes.NodeNG) -> str:
    return MODE_VALUES.get(constant_value(expr), DYNAMIC)


def _device_target(expr: nodes.NodeNG) -> str:
    value = constant_value(expr)
    return value if value in DEVICE_TARGETS else DYNAMIC


def _imports(module: nodes.Module) -> FrozenSet[str]:
    found = set()
    for node in module.nodes_of_class((nodes.Import, nodes.ImportFrom)):
        if isinstance(node, nodes.Import):
            found.update(name for name, _ in node.names)
            continue
        base = names.absolute_module(node)
        if base:
            found.add(base)
            found.update(f"{base}.{name}" for name, _ in node.names if name != "*")
    return frozenset(found)


@functools.lru_cache(maxsize=256)
def module_facts(module: nodes.Module) -> ModuleFacts:
    """The facts a module states, from its calls to MindSpore's set-up functions."""
    modes, targets = set(), set()
    wanted = names.call_names(module, SET_UP_FUNCTIONS)
    for call in module.nodes_of_class(nodes.Call):
        if names.basename(call.func) not in wanted:
            continue
        name = names.mindspore_name(call.func)
        if name in SET_CONTEXT:
            mode = _keyword(call, "mode")
            if mode is not None:
                modes.add(_mode(mode))
            target = _keyword(call, "device_target")
            if target is not None:
                targets.add(_device_target(target))
        elif name in SET_DEVICE:
            target = _keyword(call, "device_target", position=0)
            if target is not None:
                targets.add(_device_target(target))
    facts = ProgramFacts(modes=frozenset(modes), device_targets=frozenset(targets))
    return ModuleFacts(module=module.name, imports=_imports(module), facts=facts)
