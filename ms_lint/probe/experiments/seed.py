"""Experiment for a distributed run without a seed: build the network in two fresh processes, compare."""

from __future__ import annotations

import ast
import hashlib
import inspect
import os
from typing import Any, Dict, List, Optional, Union

from ms_lint.probe import config
from ms_lint.probe.experiments import trained
from ms_lint.probe.experiments.base import Context, Experiment
from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

NOTHING_ALONE = Text(
    "the module builds no network the probe can build alone", "该模块没有构建探测可以单独构建的网络"
)
NO_NETWORK = Text(
    "no network to build: %s; name the network in a [[tool.ms_lint.probe.cells]] entry (a class, or a factory)",
    "没有可构建的网络：%s；请在 [[tool.ms_lint.probe.cells]] 中添加一项给出该网络（类或工厂函数）",
)
UNBUILT = Text(
    "the network the program trains could not be built: %s; give its arguments in a [[tool.ms_lint.probe.cells]] "
    "entry",
    "无法构建程序训练的网络：%s；请在 [[tool.ms_lint.probe.cells]] 中添加一项给出它的参数",
)
DIFFER = Text(
    "%s built in two fresh processes without a seed: %s of %s initial parameters differ, e.g. '%s' starts %s vs %s",
    "在两个新进程中不设随机种子构建 %s：%s/%s 个初始参数不同，例如 '%s' 的初始值为 %s 与 %s",
)
IDENTICAL = Text(
    "%s built in two fresh processes: identical initial parameters", "在两个新进程中构建 %s：初始参数完全相同"
)
IDENTICAL_UNTRAINED = Text(
    "%s built in two fresh processes: identical initial parameters, but no training step of the module shows which "
    "network the program trains, so this does not refute the finding",
    "在两个新进程中构建 %s：初始参数完全相同，但该模块中没有训练步骤表明程序训练的是哪个网络，因此这不能否定该检查结果",
)
AS_CONFIGURED = Text("%s (as configured)", "%s（按配置构建）")
PASSED_TO = Text("%s (the network passed to %s)", "%s（传给 %s 的网络）")
NO_PARAMETERS = Text("%s has no parameters: it cannot show initial values", "%s 没有参数：无法展示初始值")

MAX_CELLS = 4
HEAD = 3


def _called_names(tree: ast.AST) -> List[str]:
    """Dotted names called in a module's source (``Net``, ``models.ResNet``), in order of appearance."""
    found: List[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            dotted = trained.dotted(node.func)
            if dotted and dotted not in found:
                found.append(dotted)
    return found


def _factories(runtime, tree: ast.AST) -> List[str]:
    """Module-level functions without parameters that return a newly built Cell (``return nn.SequentialCell(...)``).

    Only those are called: a function that returns anything else (or trains) is left alone.
    """
    found = []
    for node in getattr(tree, "body", []):
        if not isinstance(node, ast.FunctionDef) or node.args.args or node.args.posonlyargs or node.args.kwonlyargs:
            continue
        for child in ast.walk(node):
            if isinstance(child, ast.Return) and isinstance(child.value, ast.Call):
                try:
                    built = runtime.resolve(trained.dotted(child.value.func)) if trained.dotted(child.value.func) else None
                except Unconfirmable:
                    built = None
                if runtime.is_cell_class(built):
                    found.append(node.name)
                    break
    return found


class SeedDivergence(Experiment):
    """Two fresh processes build the networks the program builds; their initial parameters must differ."""

    summary = (
        "imports the module (distributed set-up calls are skipped) in two fresh processes, builds in each the "
        "network the program trains (what reaches Model, TrainOneStepCell, WithLossCell, an optimizer's "
        "parameters or value_and_grad's weights, with the script's own arguments); without one, the networks the "
        "module builds (configured Cells or factories, the user Cells it constructs, module functions without "
        "parameters that return a Cell), which can confirm the finding but not refute it; and compares their "
        "initial parameters"
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
        networks = trained.find(runtime, tree)
        if networks:
            names: Dict[str, str] = {}  # the Chinese of each network's label
            return {"cells": self._trained(runtime, tree, networks, payload, names), "trained": True, "names_zh": names}
        built: Dict[str, Dict[str, List[Any]]] = {}
        skipped: List[str] = []
        for name, spec in self._networks(runtime, tree, payload):
            try:
                net = runtime.build(name, spec)
            except Unconfirmable as error:
                skipped.append(error.args[0] if error.args else str(error))
                continue
            summaries = _initial_values(runtime, net, runtime.shown(name, spec), skipped)
            if summaries is None:
                continue
            built[runtime.shown(name, spec)] = summaries
            if len(built) >= MAX_CELLS:
                break
        if not built:
            reason = skipped[0] if skipped else NOTHING_ALONE
            raise Unconfirmable(NO_NETWORK % (reason,))
        return {"cells": built, "trained": False}

    def _trained(self, runtime, tree: ast.AST, networks, payload: Dict[str, Any], names: Dict[str, str]):
        """The parameters of each network the training steps receive, by label (the Chinese of each label in
        ``names``); Unconfirmable when none can be built."""
        built: Dict[str, Dict[str, List[Any]]] = {}
        skipped: List[str] = []
        for network in networks[:MAX_CELLS]:
            try:
                maker = runtime.resolve(trained.dotted(network.call.func))
                spec = self._spec(maker, payload) if inspect.isclass(maker) else None
                if spec is not None:
                    net = runtime.build(trained.dotted(network.call.func), spec)
                    network.shown = AS_CONFIGURED % (runtime.shown(trained.dotted(network.call.func), spec),)
                else:
                    net = trained.build(runtime, network, tree)
            except Unconfirmable as error:
                skipped.append(error.args[0] if error.args else str(error))
                continue
            summaries = _initial_values(runtime, net, network.shown, skipped)
            if summaries is None:
                continue
            label = PASSED_TO % (network.shown, network.reached)
            built[str.__str__(label)] = summaries
            names[str.__str__(label)] = label.zh
        if not built:
            raise Unconfirmable(UNBUILT % (skipped[0],))
        return built

    def _networks(self, runtime, tree: ast.AST, payload: Dict[str, Any]):
        """(name, spec) of what builds the program's network: configured entries, user Cells, factories."""
        seen = set()
        for target, spec in payload.get("cells") or ():
            name = target.rpartition(":")[2] if ".py:" in target else target
            try:
                runtime.resolve(name)
            except Unconfirmable:
                continue
            seen.add(name)
            yield name, spec
        factories = _factories(runtime, tree)
        for dotted in _called_names(tree):
            if dotted in seen:
                continue
            try:
                obj = runtime.resolve(dotted)
            except Unconfirmable:
                continue
            if runtime.is_cell_class(obj) and not (obj.__module__ or "").startswith("mindspore"):
                yield dotted, self._spec(obj, payload)
            elif dotted in factories and callable(obj):
                yield dotted, {"factory": dotted}

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
        names = results[0].get("names_zh") or {}
        for name in first:
            if name not in second:
                continue
            params = first[name]
            differing = [key for key in params if key in second[name] and params[key][0] != second[name][key][0]]
            if differing:
                key = differing[0]
                label = Text.pair(name, names.get(name, name))
                starts = (params[key][1], second[name][key][1])
                return confirmed(DIFFER % (label, len(differing), len(params), key, *starts))
        names = language.join(", ", (Text.pair(name, names.get(name, name)) for name in first))
        if all(result.get("trained") for result in results[:2]):
            return not_reproduced(IDENTICAL % (names,))
        # Another Cell of the module starting identically says nothing of the network the program trains.
        return unconfirmable(IDENTICAL_UNTRAINED % (names,))


def _initial_values(runtime, net, shown: str, skipped: List[str]) -> Optional[Dict[str, List[Any]]]:
    """A summary of each initial parameter of ``net``; None, and why in ``skipped``, when it is not a
    Cell or has none (it cannot show the effect)."""
    summaries = {}
    if runtime.is_cell_class(type(net)):
        summaries = {parameter.name: _summary(parameter.asnumpy()) for parameter in net.get_parameters()}
    if not summaries:
        skipped.append(NO_PARAMETERS % (shown,))
        return None
    return summaries


def _summary(array) -> List[Any]:
    flat = array.reshape(-1)
    head = [round(float(value), 4) for value in flat[:HEAD]]
    return [hashlib.sha1(array.tobytes()).hexdigest(), head]
