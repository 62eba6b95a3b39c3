"""Experiment for a distributed run without a seed: build the network in two fresh processes, compare."""

from __future__ import annotations

import ast
import hashlib
import inspect
import os
from typing import Any, Dict, List, Optional, Union

from ms_lint.probe import config
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced

MAX_CELLS = 4
HEAD = 3


def _called_names(tree: ast.AST) -> List[str]:
    """Dotted names called in a module's source (``Net``, ``models.ResNet``), in order of appearance."""
    found: List[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        parts, func = [], node.func
        while isinstance(func, ast.Attribute):
            parts.append(func.attr)
            func = func.value
        if isinstance(func, ast.Name):
            dotted = ".".join([func.id, *reversed(parts)])
            if dotted not in found:
                found.append(dotted)
    return found


class SeedDivergence(Experiment):
    """Two fresh processes build the networks the program builds; their initial parameters must differ."""

    summary = (
        "imports the module (distributed set-up calls are skipped) in two fresh processes, builds in each the user "
        "Cells the module constructs (configured arguments, else none), and compares their initial parameters"
    )
    processes = 2

    def plan(self, context: Context) -> Union[Task, Verdict]:
        cells = [[spec.target, config.spec_json(spec)] for spec in context.config.cells]
        base = str(context.config.base) if context.config.base else None
        return self.task(context, {"cells": cells, "base": base})

    def run(self, runtime, payload: Dict[str, Any]) -> Dict[str, Any]:
        path = runtime.loaded[0]
        with open(path, "rb") as stream:
            tree = ast.parse(stream.read(), filename=path)
        built: Dict[str, Dict[str, List[Any]]] = {}
        skipped: List[str] = []
        for dotted in _called_names(tree):
            try:
                cls = runtime.resolve(dotted)
            except Unconfirmable:
                continue
            if not runtime.is_cell_class(cls) or (cls.__module__ or "").startswith("mindspore"):
                continue
            spec = self._spec(cls, payload)
            try:
                net = runtime.build(dotted, spec)
            except Unconfirmable as error:
                skipped.append(str(error))
                continue
            built[dotted] = {
                parameter.name: _summary(parameter.asnumpy()) for parameter in net.get_parameters()
            }
            if len(built) >= MAX_CELLS:
                break
        if not built:
            reason = skipped[0] if skipped else "the module constructs no Cell class of its own"
            raise Unconfirmable(f"no network to build: {reason}")
        return {"cells": built}

    @staticmethod
    def _spec(cell_class, payload: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        """The configured entry for ``cell_class``: by file, else by module, else by bare name."""
        qualified = f"{cell_class.__module__}.{cell_class.__qualname__}"
        try:
            source_file = os.path.realpath(inspect.getsourcefile(cell_class) or "")
        except TypeError:
            source_file = ""
        by_name = None
        for target, spec in payload.get("cells") or ():
            if ".py:" in target:
                file_part, _, name = target.rpartition(":")
                file_path = file_part if os.path.isabs(file_part) else os.path.join(payload.get("base") or "", file_part)
                if name == cell_class.__qualname__ and os.path.realpath(file_path) == source_file:
                    return spec
            elif target == qualified:
                return spec
            elif target == cell_class.__qualname__ and by_name is None:
                by_name = spec
        return by_name

    def combine(self, payload: Dict[str, Any], results: List[Any]) -> Verdict:
        first, second = (result.get("cells", {}) for result in results[:2])
        for name in first:
            if name not in second:
                continue
            params = first[name]
            differing = [key for key in params if key in second[name] and params[key][0] != second[name][key][0]]
            if differing:
                key = differing[0]
                return confirmed(
                    f"{name}() built in two fresh processes without a seed: {len(differing)} of {len(params)} initial "
                    f"parameters differ, e.g. '{key}' starts {params[key][1]} vs {second[name][key][1]}"
                )
        names = ", ".join(f"{name}()" for name in first)
        return not_reproduced(f"{names} built in two fresh processes: identical initial parameters")


def _summary(array) -> List[Any]:
    flat = array.reshape(-1)
    head = [round(float(value), 4) for value in flat[:HEAD]]
    return [hashlib.sha1(array.tobytes()).hexdigest(), head]
