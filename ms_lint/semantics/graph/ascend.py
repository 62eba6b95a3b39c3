"""Convolution and pooling attributes that Ascend kernels do not support.

The limits are data (``ms_lint/data/ascend_limits.json``), each family of APIs
with the Ascend kernel that runs it and the source of its numbers. This module
maps a call's arguments onto those limits: ``nn.Conv2d(8, 8, 3, stride=64)`` binds
``stride`` to 64, beyond the Conv2D kernel's [1, 63]. Values come from the code
alone (:mod:`ms_lint.semantics.names.constants`); anything not constant is skipped.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

from astroid import nodes

from ms_lint.data import load_table
from ms_lint.language import Text, pick, rendered
from ms_lint.semantics.names import arguments, catalog, constants, names

LIMITS_PATH = Path(__file__).resolve().parents[2] / "data" / "ascend_limits.json"
# Parameter names each attribute goes by across MindSpore's APIs.
PARAMETERS = {
    "kernel_size": ("kernel_size", "ksize"),
    "stride": ("stride", "strides"),
    "padding": ("padding", "pad"),
    "dilation": ("dilation", "dilations"),
}
GROUP_PARAMETERS = ("group", "groups")


@dataclass(frozen=True)
class Limit:
    attribute: str
    low: int
    high: int
    text: Text
    axes: str = ""  # "" every value, "d" depth only, "hw" height and width only
    product: bool = False  # bounds kernel height x width rather than each value


@dataclass(frozen=True)
class Family:
    kernel: str
    source: str
    limits: Tuple[Limit, ...]
    documented_by: frozenset  # canonical APIs whose own docstring states the limits


@dataclass(frozen=True)
class GroupRule:
    rule: str  # "depthwise" or "one"
    source: str
    confidence: str
    text: str


@dataclass(frozen=True)
class Violation:
    node: nodes.NodeNG
    parameter: str
    value: object
    limit: Limit
    kernel: str
    confidence: str  # "HIGH" when MindSpore documents the limit for this API, else "INFERENCE"
    largest: int  # the largest number beyond the limit


@functools.lru_cache(maxsize=1)
def data() -> dict:
    return load_table(LIMITS_PATH)


@functools.lru_cache(maxsize=1)
def _families() -> Dict[str, Family]:
    found = {}
    for entry in data()["families"]:
        limits = tuple(_limit(limit) for limit in entry["limits"])
        documented = frozenset(catalog.canonical(api) for api in entry["documented_by"])
        family = Family(entry["kernel"], entry["source"], limits, documented)
        for api in entry["apis"]:
            found[catalog.canonical(api)] = family
    return found


def _limit(entry: dict) -> Limit:
    """A limit of the table, its text in English and Chinese (``text``, ``text_zh``)."""
    fields = dict(entry)
    fields["text"] = Text(fields["text"], fields.pop("text_zh"))
    return Limit(**fields)


@functools.lru_cache(maxsize=1)
def attribute_basenames() -> frozenset:
    """Names the operators with attribute limits may be called by."""
    return catalog.basenames_of(frozenset(_families()))


@functools.lru_cache(maxsize=1)
def group_basenames() -> frozenset:
    """Names the convolutions with group rules may be called by."""
    return catalog.basenames_of(frozenset(_group_rules()))


@functools.lru_cache(maxsize=1)
def _group_rules() -> Dict[str, GroupRule]:
    found = {}
    for entry in data()["groups"]:
        rule = GroupRule(entry["rule"], entry["source"], entry["confidence"], entry["text"])
        for api in entry["apis"]:
            found[catalog.canonical(api)] = rule
    return found


def spatial_dims(canonical: str) -> int:
    """1, 2 or 3, from the API's name (``Conv1d``, ``max_pool2d``, ``Conv3DTranspose``)."""
    match = re.search(r"([123])d", canonical.rpartition(".")[2], re.IGNORECASE)
    return int(match.group(1)) if match else 2


def _bound(call: nodes.Call, entity: catalog.Entity) -> Dict[str, nodes.NodeNG]:
    """Arguments by parameter; a keyword the API does not take (a TypeError already) is left out."""
    parameters = entity.args or tuple(data()["signatures"].get(entity.path, ()))
    bound = arguments.bound(call, parameters)
    return {name: value for name, value in bound.items() if name in parameters}


def _parameter(bound: Dict[str, nodes.NodeNG], attribute: str) -> Optional[str]:
    for name in PARAMETERS[attribute]:
        if name in bound:
            return name
    return None


def _selected(value, limit: Limit, dims: int) -> List[Optional[int]]:
    """The numbers of an int-or-tuple attribute that ``limit`` bounds."""
    if isinstance(value, int):
        if limit.product:
            return [value if dims == 1 else value * value]
        return [value]
    if not isinstance(value, tuple):
        return []
    values = list(value)
    if limit.product:
        tail = values[-2:]
        return [math.prod(tail)] if tail and None not in tail else []
    if limit.axes == "hw":
        return values[-2:]
    if limit.axes == "d":
        return values[-3:-2]
    return values


def attribute_violations(call: nodes.Call) -> Iterator[Violation]:
    """Attributes of a convolution or pooling call beyond its Ascend kernel's limits."""
    if not names.may_call(call, attribute_basenames()):
        return
    entity = names.called_entity(call)
    family = _families().get(entity.path) if entity is not None else None
    if family is None:
        return
    bound = _bound(call, entity)
    dims = spatial_dims(entity.path)
    confidence = "HIGH" if entity.path in family.documented_by else "INFERENCE"
    for limit in family.limits:
        parameter = _parameter(bound, limit.attribute)
        if parameter is None:
            continue
        value = constants.fold(bound[parameter])
        beyond = [number for number in _selected(value, limit, dims) if isinstance(number, int) and number > limit.high]
        if beyond:
            yield Violation(bound[parameter], parameter, value, limit, family.kernel, confidence, max(beyond))


@dataclass(frozen=True)
class GroupViolation:
    node: nodes.NodeNG
    rule: GroupRule
    values: Tuple[Tuple[str, int], ...]  # (parameter, value) as known, group first


def _known_int(bound: Dict[str, nodes.NodeNG], *candidates: str) -> Optional[Tuple[str, int]]:
    for name in candidates:
        if name in bound:
            value = constants.fold(bound[name])
            return (name, value) if isinstance(value, int) else None
    return None


def group_violation(call: nodes.Call) -> Optional[GroupViolation]:
    """A grouped convolution that Ascend does not run, if ``call`` is one."""
    if not names.may_call(call, group_basenames()):
        return None
    entity = names.called_entity(call)
    rule = _group_rules().get(entity.path) if entity is not None else None
    if rule is None:
        return None
    bound = _bound(call, entity)
    group = _known_int(bound, *GROUP_PARAMETERS)
    if group is None or group[1] <= 1:
        return None
    node = bound[group[0]]
    if rule.rule == "one":
        return GroupViolation(node, rule, (group,))
    channels = [
        found
        for found in (_known_int(bound, "in_channels", "in_channel"), _known_int(bound, "out_channels", "out_channel"))
        if found is not None
    ]
    # Depthwise (in == out == group), or a channel count unknown while the known one equals group.
    if all(value == group[1] for _, value in channels):
        return None
    return GroupViolation(node, rule, (group, *channels))


# -- documentation ------------------------------------------------------------------


def _short_api(name: str) -> str:
    return f"`{name.replace('mindspore.', '', 1)}`"


def _source_link(key: str) -> str:
    source = data()["sources"][key]
    return f"[{source['title']}]({source['url']}), {source['version']}"


LIMITS_HEADING = Text("### Limits table", "### 限制表")
LIMITS_SOURCE = Text(
    "From `ms_lint/data/ascend_limits.json` (MindSpore %s). Findings come at `HIGH` confidence for the APIs whose own "
    "MindSpore documentation states the limit (in bold), at `INFERENCE` for the others, whose limit comes from the "
    "Ascend kernel they run.",
    "来自 `ms_lint/data/ascend_limits.json`（MindSpore %s）。MindSpore 文档自身写明限制的 API（粗体）的检查结果置信度为 "
    "`HIGH`，其余 API 的限制来自其运行的 Ascend 算子，置信度为 `INFERENCE`。",
)
LIMITS_COLUMNS = Text("| Ascend kernel | APIs | limits | source |", "| Ascend 算子 | API | 限制 | 来源 |")
GROUPS_HEADING = Text("### Restrictions table", "### 约束表")
GROUPS_SOURCE = Text(
    "From `ms_lint/data/ascend_limits.json` (MindSpore %s).", "来自 `ms_lint/data/ascend_limits.json`（MindSpore %s）。"
)
GROUPS_COLUMNS = Text("| APIs | on Ascend | confidence | source |", "| API | 在 Ascend 上 | 置信度 | 来源 |")


def limits_table() -> Text:
    """The limits as a Markdown table, for the rule's documentation page (headings in both languages)."""

    def render(which: str) -> str:
        source = pick(LIMITS_SOURCE % (data()["mindspore_version"],), which)
        rows = [pick(LIMITS_HEADING, which), "", source, "", pick(LIMITS_COLUMNS, which), "| --- | --- | --- | --- |"]
        for entry in data()["families"]:
            documented = set(entry["documented_by"])
            apis = ", ".join(f"**{_short_api(api)}**" if api in documented else _short_api(api) for api in entry["apis"])
            limits = "; ".join(limit["text"] for limit in entry["limits"])
            rows.append(f"| {entry['kernel']} | {apis} | {limits} | {_source_link(entry['source'])} |")
        return "\n".join(rows) + "\n"

    return rendered(render)


def groups_table() -> Text:
    """The grouped-convolution restrictions as a Markdown table (headings in both languages)."""

    def render(which: str) -> str:
        source = pick(GROUPS_SOURCE % (data()["mindspore_version"],), which)
        rows = [pick(GROUPS_HEADING, which), "", source, "", pick(GROUPS_COLUMNS, which), "| --- | --- | --- | --- |"]
        for entry in data()["groups"]:
            apis = ", ".join(_short_api(api) for api in entry["apis"])
            rows.append(f"| {apis} | {entry['text']} | `{entry['confidence']}` | {_source_link(entry['source'])} |")
        return "\n".join(rows) + "\n"

    return rendered(render)
