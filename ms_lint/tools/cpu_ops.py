"""Observe, on the installed MindSpore, which operators of ``ms_lint/data/cpu_unsupported_ops.py`` fail on CPU.

    python -m ms_lint.tools.cpu_ops [API ...] [--json] [--batch 12] [--jobs 2] [--timeout 60]

Run it under a Python that has MindSpore (``pip install .[probe]``); the linter itself never
imports MindSpore, and this module imports it only in the child processes it starts.

For every API of the table (or only those named), a :class:`Recipe` below gives one small valid
call: float32 inputs of shape (2, 3) or (3, 3), a (1, 2, 4, 4) image, and what else the operator
needs. The table's CPU alternatives are run with the recipe of the entry they replace. The call is
written into the ``construct`` of a Cell (a Primitive or layer is built in ``__init__``) and run
with ``set_device("CPU")``, once in PyNative mode and once in GRAPH_MODE, its outputs read back
with ``asnumpy()`` (PyNative runs kernels asynchronously). Each API ends as:

* ``fails``: both modes raised, and MindSpore named a missing CPU kernel both times ("Unsupported
  op [X] on CPU", "The kernel X unregistered", or PyNative's wrappers around the same selection);
* ``runs``: both modes returned;
* ``inconclusive``: anything else (one mode only failed, another error, a crash, a time-out);
* ``absent``: this MindSpore has no such API.

Several APIs share one child process (importing MindSpore takes seconds). When a child dies or
times out, the API it was running is run again alone, and the ones it had not reached in a new
child; an API that dies alone is inconclusive. A line ends with ``[table: ...]`` where the table
says otherwise for the installed version (``fails`` it does not list, or lists one that did not).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import json
import os
import re
import subprocess
import sys
import tempfile
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

FAILS, RUNS, INCONCLUSIVE, ABSENT = "fails", "runs", "inconclusive", "absent"
MODES = ("PyNative", "GRAPH_MODE")
# MindSpore's words for "no CPU kernel": kernel selection in GRAPH_MODE and for Primitives, the
# pyboost kernel registry in PyNative, and PyNative's wrappers around the same selection (2.8 names
# the device by its number: DeviceType::kCPU is 1 in its device_type.h).
MISSING_KERNEL = re.compile(
    r"Unsupported op \[(\w+)\] on CPU|The kernel (\w+) unregistered"
    r"|Not found op (\w+) on device (?:CPU|1)\b|Create kernelmod for op (\w+) failed"
)
MARK = "@@cpu_ops "  # starts the child's report lines: MindSpore prints to stdout too
ROOT = Path(__file__).resolve().parent.parent.parent

# The named inputs a call may use (numpy expressions): each is passed to ``construct``, so no
# operator is folded into a constant at compile time.
INPUTS = {
    "x": "np.linspace(0.1, 0.9, 6, dtype=np.float32).reshape(2, 3)",
    "y": "np.linspace(0.3, 0.8, 6, dtype=np.float32).reshape(2, 3)[::-1].copy()",
    "z": "np.linspace(0.5, 1.0, 6, dtype=np.float32).reshape(2, 3)",
    "m": "(np.eye(3) * 3 + np.full((3, 3), 0.5)).astype(np.float32)",  # symmetric positive definite
    "v": "np.array([0.2, 0.5, 0.9], np.float32)",
    "img": "np.linspace(0.0, 1.0, 32, dtype=np.float32).reshape(1, 2, 4, 4)",
    "kernel": "np.full((2, 2, 3, 3), 0.1, np.float32)",
    "counts": "np.array([0, 1, 1, 3, 2], np.int64)",
    "index": "np.array([0, 2], np.int32)",
    "labels": "np.array([[0, 2, -1], [1, -1, 0]], np.int32)",
    "signs": "np.array([[1, -1, 1], [-1, 1, -1]], np.float32)",
    "blocks": "np.linspace(0.0, 1.0, 16, dtype=np.float32).reshape(4, 1, 2, 2)",
    "block_shape": "np.array([2, 2], np.int64)",
    "crops": "np.zeros((2, 2), np.int64)",
    "one": "np.array([1.0], np.float32)",
    "range": "np.array([0.0, 1.0], np.float32)",
    "boxes": "np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [2, 2, 3, 3]], np.float32)",
    "max_output": "np.array(2, np.int32)",
    "iou": "np.array(0.5, np.float32)",
    "score_floor": "np.array(0.0, np.float32)",
    "status": "np.zeros((8,), np.float32)",
    "length": "np.array([4], np.int32)",
    "acts": "np.linspace(-1.0, 1.0, 18, dtype=np.float32).reshape(1, 2, 3, 3)",
    "targets": "np.array([[1, 2]], np.int32)",
    "frames": "np.array([2], np.int32)",
    "target_lengths": "np.array([2], np.int32)",
    "margin": "np.array(1.0, np.float32)",
    "channels": "np.ones((2,), np.float32)",
}


@dataclass(frozen=True)
class Recipe:
    """One small valid call of an API.

    ``call`` is the expression ``construct`` returns; ``{op}`` stands for the API (a function's
    dotted name, or ``self.op``, the Primitive or layer built with the arguments ``build``).
    ``state`` holds attributes ``__init__`` sets besides (Parameters an operator writes).
    """

    call: str
    build: str = "()"
    state: Tuple[Tuple[str, str], ...] = ()

    def inputs(self) -> Tuple[str, ...]:
        words = set(re.findall(r"\b\w+\b", self.call))
        return tuple(name for name in INPUTS if name in words)


_R = Recipe
_MEAN_VARIANCE = (
    ("mean", "Parameter(Tensor(np.zeros((2,), np.float32)), name='mean')"),
    ("variance", "Parameter(Tensor(np.ones((2,), np.float32)), name='variance')"),
)
RECIPES: Dict[str, Recipe] = {
    # mindspore.mint functions
    "mindspore.mint.addmm": _R("{op}(m, m, m)"),
    "mindspore.mint.argsort": _R("{op}(x)"),
    "mindspore.mint.atan2": _R("{op}(x, y)"),
    "mindspore.mint.bincount": _R("{op}(counts)"),
    "mindspore.mint.clone": _R("{op}(x)"),
    "mindspore.mint.count_nonzero": _R("{op}(x)"),
    "mindspore.mint.cumsum": _R("{op}(x, 0)"),
    "mindspore.mint.diag": _R("{op}(v)"),
    "mindspore.mint.dot": _R("{op}(v, v)"),
    "mindspore.mint.equal": _R("{op}(x, y)"),
    "mindspore.mint.frac": _R("{op}(x)"),
    "mindspore.mint.histc": _R("{op}(x, 4, 0.0, 1.0)"),
    "mindspore.mint.index_select": _R("{op}(x, 1, index)"),
    "mindspore.mint.inverse": _R("{op}(m)"),
    "mindspore.mint.log10": _R("{op}(x)"),
    "mindspore.mint.logsumexp": _R("{op}(x, 1)"),
    "mindspore.mint.median": _R("{op}(x)"),
    "mindspore.mint.mm": _R("{op}(x, m)"),
    "mindspore.mint.mv": _R("{op}(m, v)"),
    "mindspore.mint.norm": _R("{op}(x)"),
    "mindspore.mint.outer": _R("{op}(v, v)"),
    "mindspore.mint.std": _R("{op}(x)"),
    "mindspore.mint.unique": _R("{op}(x)"),
    # mindspore.mint.nn.functional
    "mindspore.mint.nn.functional.avg_pool2d": _R("{op}(img, 2)"),
    "mindspore.mint.nn.functional.conv2d": _R("{op}(img, kernel)"),
    "mindspore.mint.nn.functional.dropout": _R("{op}(x)"),
    "mindspore.mint.nn.functional.elu": _R("{op}(x)"),
    "mindspore.mint.nn.functional.gelu": _R("{op}(x)"),
    "mindspore.mint.nn.functional.hardtanh": _R("{op}(x)"),
    "mindspore.mint.nn.functional.l1_loss": _R("{op}(x, y)"),
    "mindspore.mint.nn.functional.leaky_relu": _R("{op}(x)"),
    "mindspore.mint.nn.functional.logsigmoid": _R("{op}(x)"),
    "mindspore.mint.nn.functional.max_pool2d": _R("{op}(img, 2)"),
    "mindspore.mint.nn.functional.mish": _R("{op}(x)"),
    "mindspore.mint.nn.functional.normalize": _R("{op}(x)"),
    "mindspore.mint.nn.functional.relu6": _R("{op}(x)"),
    # mindspore.mint.nn layers
    "mindspore.mint.nn.BatchNorm2d": _R("{op}(img)", "(2)"),
    "mindspore.mint.nn.Conv2d": _R("{op}(img)", "(2, 2, 3)"),
    "mindspore.mint.nn.ReLU6": _R("{op}(x)"),
    # mindspore.ops functions
    "mindspore.ops.einsum": _R("{op}('ij,jk->ik', m, m)"),
    "mindspore.ops.layer_norm": _R("{op}(x, (3,))"),
    "mindspore.ops.multilabel_margin_loss": _R("{op}(x, labels)"),
    "mindspore.ops.rms_norm": _R("{op}(x, v)"),
    "mindspore.ops.roll": _R("{op}(x, 1, 1)"),
    "mindspore.ops.triplet_margin_loss": _R("{op}(x, y, z)"),
    "mindspore.ops.type_as": _R("{op}(x, index)"),
    # mindspore.ops Primitives
    "mindspore.ops.BatchToSpace": _R("{op}(blocks)", "(2, [[0, 0], [0, 0]])"),
    "mindspore.ops.BatchToSpaceNDV2": _R("{op}(blocks, block_shape, crops)"),
    "mindspore.ops.Einsum": _R("{op}((m, m))", "('ij,jk->ik')"),
    "mindspore.ops.FloatStatus": _R("{op}(x)"),
    "mindspore.ops.Gamma": _R("{op}((3,), one, one)"),
    "mindspore.ops.HistogramFixedWidth": _R("{op}(x, range)", "(5)"),
    "mindspore.ops.MultilabelMarginLoss": _R("{op}(x, labels)"),
    "mindspore.ops.NonMaxSuppressionV3": _R("{op}(boxes, v, max_output, iou, score_floor)"),
    "mindspore.ops.NPUAllocFloatStatus": _R("{op}()"),
    "mindspore.ops.NPUClearFloatStatus": _R("{op}(status)"),
    "mindspore.ops.NPUGetFloatStatus": _R("{op}(status)"),
    "mindspore.ops.Ormqr": _R("{op}(m, v, m)"),
    "mindspore.ops.Randperm": _R("{op}(length)", "(4)"),
    "mindspore.ops.RNNTLoss": _R("{op}(acts, targets, frames, target_lengths)"),
    "mindspore.ops.SparseGatherV2": _R("{op}(x, index, 1)"),
    "mindspore.ops.SplitV": _R("{op}(x)", "([1, 2], 1, 2)"),
    "mindspore.ops.TripletMarginLoss": _R("{op}(x, y, z, margin)"),
    "mindspore.ops.operations.InstanceNorm": _R(
        "{op}(img, channels, channels, self.mean, self.variance)", state=_MEAN_VARIANCE
    ),
    "mindspore.ops.operations.TypeAs": _R("{op}(x, index)"),
    # mindspore.nn layers
    "mindspore.nn.InstanceNorm2d": _R("{op}(img)", "(2)"),
    "mindspore.nn.LayerNormExt": _R("{op}(x)", "((3,))"),
    "mindspore.nn.MatInverse": _R("{op}(m)"),
    "mindspore.nn.SoftMarginLoss": _R("{op}(x, signs)"),
    "mindspore.nn.TripletMarginLoss": _R("{op}(x, y, z)"),
}


def alternatives() -> Dict[str, str]:
    """The table's CPU alternatives (dotted names), each with the entry whose recipe it is run with."""
    from ms_lint.data import cpu_unsupported_ops as table  # pylint: disable=import-outside-toplevel

    return {f"mindspore.{entry.alternative}": entry.api for entry in table.CPU_UNSUPPORTED_OPS if entry.alternative}


def recipe_of(api: str) -> Recipe:
    """The recipe of a table entry, or of the entry an alternative stands in for."""
    return RECIPES[api] if api in RECIPES else RECIPES[alternatives()[api]]


@dataclass
class Observation:
    """What one API did: a verdict and, per mode, what MindSpore said ("" when it ran)."""

    api: str
    verdict: str
    errors: Dict[str, str]
    kernel: str = ""  # the missing kernel MindSpore named

    def as_dict(self) -> dict:
        return {"api": self.api, "verdict": self.verdict, "errors": self.errors, "kernel": self.kernel}


# -- the child process: imports MindSpore ----------------------------------------------------------

CELL = """import numpy as np
import mindspore
from mindspore import Parameter, Tensor, nn


class Probe(nn.Cell):
    def __init__(self):
        super().__init__()
{init}

    def construct(self{params}):
        return {call}
"""


def cell_source(api: str, recipe: Recipe, is_class: bool) -> str:
    """The module that defines the ``Probe`` Cell calling ``api`` (GRAPH_MODE compiles from source)."""
    init = [f"self.op = {api}{recipe.build}"] if is_class else []
    init += [f"self.{name} = {value}" for name, value in recipe.state]
    params = "".join(f", {name}" for name in recipe.inputs())
    call = recipe.call.format(op="self.op" if is_class else api)
    return CELL.format(init="\n".join(f"        {line}" for line in init) or "        pass", params=params, call=call)


def _resolve(api: str):
    module, _, name = api.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


def _said(error: BaseException) -> str:
    """The lines of an error that say what happened (MindSpore adds rules and C++ call stacks)."""
    text = f"{type(error).__name__}: {error}"
    lines = [line.strip() for line in text.split("C++ Call Stack")[0].splitlines()]
    said = " ".join(line for line in lines if line and not set(line) <= set("-"))
    return re.split(r", Please confirm| node: ", said)[0].strip()


def _read_back(value) -> None:
    if isinstance(value, (tuple, list)):
        for item in value:
            _read_back(item)
    elif hasattr(value, "asnumpy"):
        value.asnumpy()


def _observe_here(api: str, workdir: Path) -> dict:
    import mindspore as ms  # pylint: disable=import-outside-toplevel
    import numpy as np  # pylint: disable=import-outside-toplevel

    found = _resolve(api)
    if found is None:
        return {"api": api, "absent": True}
    path = workdir / ("probe_" + re.sub(r"\W", "_", api) + ".py")
    path.write_text(cell_source(api, recipe_of(api), inspect.isclass(found)), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module  # GRAPH_MODE looks the Cell's module up by name
    spec.loader.exec_module(module)
    names = recipe_of(api).inputs()
    inputs = [ms.Tensor(eval(INPUTS[name], {"np": np})) for name in names]  # pylint: disable=eval-used
    errors = {}
    for mode, code in zip(MODES, (ms.PYNATIVE_MODE, ms.GRAPH_MODE)):
        ms.set_context(mode=code)
        try:
            _read_back(module.Probe()(*inputs))
            errors[mode] = ""
        except Exception as error:  # pylint: disable=broad-except
            errors[mode] = _said(error) or traceback.format_exc(limit=1)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {"api": api, "errors": errors}


def child(apis: Sequence[str]) -> int:
    """Run each API's recipe in this process, reporting on stdout as it goes."""
    import mindspore as ms  # pylint: disable=import-outside-toplevel

    if hasattr(ms, "set_device"):
        ms.set_device("CPU")
    else:
        ms.set_context(device_target="CPU")
    with tempfile.TemporaryDirectory(prefix="ms_lint_cpu_ops_") as scratch:
        for api in apis:
            print(MARK + json.dumps({"start": api}), flush=True)
            print(MARK + json.dumps(_observe_here(api, Path(scratch))), flush=True)
    return 0


# -- the parent process: never imports MindSpore ---------------------------------------------------


def kernel_name(name: str) -> str:
    """``N9mindspore6kernel7pyboost5AddmmE`` (a C++ type name, as 2.7 and 2.8 print some) -> ``Addmm``."""
    parts, at = [], 1
    while name.startswith("N") and name.endswith("E") and at < len(name) - 1:
        digits = re.match(r"\d+", name[at:])
        if digits is None:
            return name
        at += len(digits.group())
        parts.append(name[at:at + int(digits.group())])
        at += int(digits.group())
    return parts[-1] if parts and at == len(name) - 1 else name


def missing_kernel(said: str) -> str:
    """The CPU kernel an error says is missing, "" when it says no such thing."""
    match = MISSING_KERNEL.search(said)
    return kernel_name(next(group for group in match.groups() if group)) if match else ""


def judge(api: str, errors: Dict[str, str]) -> Observation:
    """The verdict on an API from what each mode said."""
    kernels = [missing_kernel(errors[mode]) for mode in MODES]
    if all(kernels):
        return Observation(api, FAILS, errors, " / ".join(dict.fromkeys(kernels)))
    verdict = RUNS if not any(errors.values()) else INCONCLUSIVE
    return Observation(api, verdict, errors)


def _run_child(
    command: Sequence[str], apis: Sequence[str], timeout: float
) -> Tuple[Dict[str, Observation], Optional[str], str]:
    """Observations of one child process; the API it died on, if it did, and why."""
    env = dict(os.environ, GLOG_v=os.environ.get("GLOG_v", "3"))  # MindSpore's log: errors only
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    try:
        done = subprocess.run([*command, *apis], capture_output=True, text=True, env=env, timeout=timeout, check=False)
        stdout, ending = done.stdout, f"exit status {done.returncode}: {done.stderr.strip()[-300:]}"
        clean = done.returncode == 0
    except subprocess.TimeoutExpired as expired:
        stdout, ending, clean = expired.stdout or "", f"timed out after {timeout:.0f} s", False
        stdout = stdout.decode() if isinstance(stdout, bytes) else stdout
    observed, started = {}, None
    for line in stdout.splitlines():
        if not line.startswith(MARK):
            continue
        report = json.loads(line[len(MARK):])
        if "start" in report:
            started = report["start"]
        elif report.get("absent"):
            observed[report["api"]] = Observation(report["api"], ABSENT, {})
        else:
            observed[report["api"]] = judge(report["api"], report["errors"])
    dead = started if not clean and started not in observed else None
    if not clean and dead is None:
        dead = next((api for api in apis if api not in observed), None)
    return observed, dead, ending


CHILD = (sys.executable, "-m", "ms_lint.tools.cpu_ops", "--child")


def observe(  # pylint: disable=too-many-arguments
    apis: Sequence[str],
    batch: int = 12,
    jobs: int = 2,
    timeout: float = 60.0,
    command: Sequence[str] = CHILD,
    startup: float = 30.0,
) -> Dict[str, Observation]:
    """Observe ``apis`` in child processes (``command`` followed by the APIs) of ``batch`` APIs each,
    ``jobs`` at a time, each given ``timeout`` seconds per API and ``startup`` for importing MindSpore."""
    results: Dict[str, Observation] = {}
    pending = [list(apis[start:start + batch]) for start in range(0, len(apis), batch)]

    def run(group):
        return group, _run_child(command, group, timeout * len(group) + startup)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        while pending:
            runs = list(pool.map(run, pending))
            pending = []
            for group, (observed, dead, ending) in runs:
                results.update(observed)
                if dead is None:
                    continue
                if len(group) == 1:
                    errors = {mode: f"the process ended: {ending}" for mode in MODES}
                    results[dead] = Observation(dead, INCONCLUSIVE, errors)
                    continue
                pending.append([dead])  # run again alone: a crash must be its own
                rest = [api for api in group if api not in observed and api != dead]
                if rest:
                    pending.append(rest)
    return {api: results[api] for api in apis}


def reported(api: str, version: Tuple[int, int]) -> bool:
    """Whether the table has ``api`` failing in ``version`` (the rule reports it there)."""
    from ms_lint.data import cpu_unsupported_ops as table  # pylint: disable=import-outside-toplevel

    entry = table.BY_API.get(api)
    return entry is not None and table.failing(entry, version)


def _installed_version() -> Tuple[int, int]:
    from importlib import metadata  # pylint: disable=import-outside-toplevel

    parts = metadata.version("mindspore").split(".")
    return int(parts[0]), int(parts[1])


def print_table(observations: Dict[str, Observation], version: Tuple[int, int]) -> None:
    """One line per API: verdict, name, what each mode said, and where the table says otherwise."""
    width = max(len(api) for api in observations)
    print(f"MindSpore {'.'.join(map(str, version))}, CPU: {len(observations)} API(s)")
    for api, found in observations.items():
        listed = reported(api, version)
        differs = "" if (found.verdict == FAILS) == listed else f"  [table: {'fails' if listed else 'not reported'}]"
        said = " | ".join(f"{mode}: {found.errors[mode] or 'ran'}" for mode in MODES if mode in found.errors)
        print(f"{found.verdict:<12} {api:<{width}}  {said[:400]}{differs}")
    counts: Dict[str, int] = {}
    for found in observations.values():
        counts[found.verdict] = counts.get(found.verdict, 0) + 1
    print(", ".join(f"{verdict}: {count}" for verdict, count in sorted(counts.items())))


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("apis", nargs="*", help="dotted names of the table or its alternatives (default: all)")
    parser.add_argument("--json", action="store_true", help="print the observations as JSON")
    parser.add_argument("--batch", type=int, default=12, help="APIs per child process")
    parser.add_argument("--jobs", type=int, default=2, help="child processes at a time")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per API before a child is stopped")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.child:
        return child(options.apis)
    unknown = [api for api in options.apis if api not in RECIPES and api not in alternatives()]
    if unknown:
        parser.error(f"no recipe for {', '.join(unknown)}")
    apis = options.apis or [*RECIPES, *alternatives()]
    observations = observe(apis, options.batch, options.jobs, options.timeout)
    if options.json:
        print(json.dumps([found.as_dict() for found in observations.values()], indent=1))
    else:
        print_table(observations, _installed_version())
    return 0


if __name__ == "__main__":
    sys.exit(main())
