"""Project facts: what the whole program sets up, gathered file by file.

A model file rarely says how it runs: ``set_context(mode=GRAPH_MODE)`` or
``set_device("Ascend")`` usually sit in the training script. Each module yields
its :class:`ModuleFacts`; :func:`merge` combines them into :class:`ProjectFacts`.
Facts are plain, picklable data so that pylint's parallel mode (``-j N``) can
send them from its workers to the main process.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import FrozenSet, Iterable, Optional

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
class ModuleFacts:
    """Facts one module states about the program."""

    modes: FrozenSet[str] = frozenset()  # GRAPH, PYNATIVE, or DYNAMIC (set from a variable)
    device_targets: FrozenSet[str] = frozenset()  # "Ascend", "GPU", "CPU", or DYNAMIC


@dataclass(frozen=True)
class ProjectFacts:
    """Facts of all the modules linted together."""

    modes: FrozenSet[str] = frozenset()
    device_targets: FrozenSet[str] = frozenset()


def merge(facts: Iterable[ModuleFacts]) -> ProjectFacts:
    modes, targets = set(), set()
    for fact in facts:
        modes |= fact.modes
        targets |= fact.device_targets
    return ProjectFacts(frozenset(modes), frozenset(targets))


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


@functools.lru_cache(maxsize=256)
def module_facts(module: nodes.Module) -> ModuleFacts:
    """The facts a module states, from its calls to MindSpore's set-up functions."""
    modes, targets = set(), set()
    for call in module.nodes_of_class(nodes.Call):
        if names.basename(call.func) not in SET_UP_FUNCTIONS:
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
    return ModuleFacts(frozenset(modes), frozenset(targets))
