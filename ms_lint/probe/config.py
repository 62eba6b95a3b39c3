"""The probe's configuration: how to build the Cells it runs, and what to feed them.

It lives in a ``[tool.ms_lint.probe]`` table of ``pyproject.toml`` (the nearest
one above the linted file that has the table), or in the TOML file named by the
``probe-config`` option::

    [tool.ms_lint.probe]
    none-size = 2                        # size given to None dims when a static shape is needed

    [[tool.ms_lint.probe.cells]]
    class = "mindcv.models.resnet.ResNet"   # or "ResNet", or "src/models/resnet.py:ResNet"
    factory = "mindcv.models.resnet:resnet18"  # optional: build it with this callable instead
    args = []
    kwargs = { num_classes = 10 }
    inputs = [{ dtype = "float32", shape = ["None", 3, 224, 224] }]

    [[tool.ms_lint.probe.callables]]     # for the data-pipeline experiment
    name = "data/transforms.py:normalize"
    sample = [{ dtype = "uint8", shape = [32, 32, 3] }]
    numpy = "data.transforms:normalize_np"  # optional: a numpy-only version to compare speed

Cells constructible without arguments need no entry. TOML has no ``None``: write a
dynamic dimension as ``"None"`` (or ``-1``); leave ``shape`` out for an unknown rank.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from ms_lint.files import tomllib

TABLE = ("tool", "ms_lint", "probe")
DYNAMIC_DIMS = frozenset({"none", "?", "-1"})
DEFAULT_DTYPE = "float32"
DEFAULT_NONE_SIZE = 2


@dataclass(frozen=True)
class InputSpec:
    """One argument: a Tensor (dtype and shape, ``None`` dims allowed) or a plain Python value."""

    dtype: str = DEFAULT_DTYPE
    shape: Optional[Tuple[Optional[int], ...]] = None  # None: unknown rank
    value: Any = None
    is_value: bool = False

    def describe(self, none_size: Optional[int] = None) -> str:
        if self.is_value:
            return repr(self.value)
        if self.shape is None:
            return f"{self.dtype}[?]"
        dims = [str(none_size) if dim is None and none_size else "None" if dim is None else str(dim) for dim in self.shape]
        return f"{self.dtype}[{', '.join(dims)}]"


@dataclass(frozen=True)
class CellSpec:
    """How to build one Cell class, and the inputs of its ``construct``."""

    target: str
    factory: Optional[str] = None
    args: Tuple = ()
    kwargs: Dict[str, Any] = field(default_factory=dict)
    inputs: Optional[Tuple[InputSpec, ...]] = None


@dataclass(frozen=True)
class CallableSpec:
    """A function (or GeneratorDataset source class) the data pipeline runs, and a sample for it."""

    target: str
    sample: Optional[Tuple[InputSpec, ...]] = None
    numpy: Optional[str] = None
    args: Tuple = ()
    kwargs: Dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ProbeConfig:
    source: Optional[str] = None  # the file it was read from
    cells: Tuple[CellSpec, ...] = ()
    callables: Tuple[CallableSpec, ...] = ()
    none_size: int = DEFAULT_NONE_SIZE
    errors: Tuple[str, ...] = ()

    @property
    def base(self) -> Optional[Path]:
        return Path(self.source).resolve().parent if self.source else None

    def cell(self, module: str, path: str, qualname: str) -> Optional[CellSpec]:
        return self._match(self.cells, module, path, qualname)

    def callable(self, module: str, path: str, qualname: str) -> Optional[CallableSpec]:
        return self._match(self.callables, module, path, qualname)

    def _match(self, specs, module: str, path: str, qualname: str):
        """The entry naming ``qualname`` by file, else by module, else by bare name."""
        by_name = None
        for spec in specs:
            target = spec.target
            if ".py:" in target:
                file_part, _, name = target.rpartition(":")
                if name == qualname and self._same_file(file_part, path):
                    return spec
            elif target == f"{module}.{qualname}":
                return spec
            elif target == qualname and by_name is None:
                by_name = spec
        return by_name

    def _same_file(self, written: str, path: str) -> bool:
        candidate = Path(written)
        if not candidate.is_absolute() and self.base is not None:
            candidate = self.base / candidate
        try:
            return candidate.resolve() == Path(path).resolve()
        except OSError:
            return False


def spec_json(spec) -> Any:
    """A spec as JSON values, for a task payload and the cache key."""
    return json.loads(json.dumps(asdict(spec), default=str)) if spec is not None else None


def digest(config: ProbeConfig) -> str:
    return hashlib.sha256(json.dumps(spec_json(config), sort_keys=True).encode()).hexdigest()


# -- parsing -----------------------------------------------------------------------


class ConfigError(ValueError):
    pass


def _dim(value: Any) -> Optional[int]:
    if value is None or (isinstance(value, str) and value.strip().lower() in DYNAMIC_DIMS):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < -1:
        raise ConfigError(f"shape dimension {value!r} is neither a size nor None")
    return None if value == -1 else value


def _shape(value: Any) -> Optional[Tuple[Optional[int], ...]]:
    if value is None:
        return None
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in ("none", "?", ""):
            return None
        try:
            value = ast.literal_eval(text.replace("?", "None"))
        except (ValueError, SyntaxError) as error:
            raise ConfigError(f"shape {value!r} is not a list of sizes") from error
    if not isinstance(value, (list, tuple)):
        raise ConfigError(f"shape {value!r} is not a list of sizes")
    return tuple(_dim(dim) for dim in value)


def _input(value: Any) -> InputSpec:
    if not isinstance(value, dict):
        raise ConfigError(f"input {value!r} is not a table such as {{ dtype = \"float32\", shape = [\"None\", 3] }}")
    unknown = set(value) - {"dtype", "shape", "value"}
    if unknown:
        raise ConfigError(f"input has unknown keys {sorted(unknown)}")
    if "value" in value:
        return InputSpec(value=value["value"], is_value=True)
    dtype = value.get("dtype", DEFAULT_DTYPE)
    if not isinstance(dtype, str) or not dtype.isidentifier():
        raise ConfigError(f"dtype {dtype!r} is not a MindSpore dtype name such as \"float32\"")
    return InputSpec(dtype=dtype, shape=_shape(value.get("shape")))


def _inputs(value: Any) -> Optional[Tuple[InputSpec, ...]]:
    if value is None:
        return None
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        raise ConfigError("inputs must be a list of tables")
    return tuple(_input(item) for item in value)


def _string(entry: dict, key: str, required: bool = False) -> Optional[str]:
    value = entry.get(key)
    if value is None:
        if required:
            raise ConfigError(f"entry {entry!r} lacks {key!r}")
        return None
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{key} = {value!r} is not a name")
    return value.strip()


def _call_arguments(entry: dict) -> Tuple[Tuple, Dict[str, Any]]:
    args, kwargs = entry.get("args", []), entry.get("kwargs", {})
    if not isinstance(args, list) or not isinstance(kwargs, dict):
        raise ConfigError("args must be a list and kwargs a table")
    return tuple(args), dict(kwargs)


def _checked_table(entry: Any, section: str, name_key: str, keys: set) -> None:
    if not isinstance(entry, dict):
        raise ConfigError(f"{section} entry {entry!r} is not a table")
    problems = [] if name_key in entry else [f"lacks {name_key!r}"]
    unknown = set(entry) - keys
    if unknown:
        problems.append(f"has unknown keys {sorted(unknown)} (accepted: {', '.join(sorted(keys))})")
    if problems:
        named = f"for {entry[name_key]!r}" if name_key in entry else repr(entry)
        raise ConfigError(f"{section} entry {named} {' and '.join(problems)}")


def _cell(entry: Any) -> CellSpec:
    _checked_table(entry, "cells", "class", {"class", "factory", "args", "kwargs", "inputs"})
    args, kwargs = _call_arguments(entry)
    return CellSpec(
        target=_string(entry, "class", required=True),
        factory=_string(entry, "factory"),
        args=args,
        kwargs=kwargs,
        inputs=_inputs(entry.get("inputs")),
    )


def _callable(entry: Any) -> CallableSpec:
    _checked_table(entry, "callables", "name", {"name", "sample", "numpy", "args", "kwargs"})
    args, kwargs = _call_arguments(entry)
    return CallableSpec(
        target=_string(entry, "name", required=True),
        sample=_inputs(entry.get("sample")),
        numpy=_string(entry, "numpy"),
        args=args,
        kwargs=kwargs,
    )


def _entries(table: dict, key: str, parse) -> Tuple[list, List[str]]:
    found, errors = [], []
    value = table.get(key, [])
    if not isinstance(value, list):
        return [], [f"{key} must be an array of tables ([[tool.ms_lint.probe.{key}]])"]
    for entry in value:
        try:
            found.append(parse(entry))
        except ConfigError as error:
            errors.append(str(error))
    return found, errors


def from_table(table: Any, source: Optional[str] = None) -> ProbeConfig:
    """A configuration from the probe table; invalid entries are dropped and reported in ``errors``."""
    if not isinstance(table, dict):
        return ProbeConfig(source=source, errors=("[tool.ms_lint.probe] is not a table",))
    errors: List[str] = []
    unknown = set(table) - {"cells", "callables", "none-size"}
    if unknown:
        errors.append(f"unknown keys {sorted(unknown)}")
    cells, cell_errors = _entries(table, "cells", _cell)
    callables, callable_errors = _entries(table, "callables", _callable)
    none_size = table.get("none-size", DEFAULT_NONE_SIZE)
    if isinstance(none_size, bool) or not isinstance(none_size, int) or none_size < 1:
        errors.append(f"none-size = {none_size!r} is not a positive size")
        none_size = DEFAULT_NONE_SIZE
    return ProbeConfig(
        source=source,
        cells=tuple(cells),
        callables=tuple(callables),
        none_size=none_size,
        errors=tuple(errors + cell_errors + callable_errors),
    )


def _probe_table(document: dict) -> Optional[Any]:
    node: Any = document
    for key in TABLE:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def load(path: str) -> ProbeConfig:
    """The configuration in a TOML file: its ``[tool.ms_lint.probe]`` table, or the whole file."""
    try:
        with open(path, "rb") as stream:
            document = tomllib.load(stream)
    except (OSError, tomllib.TOMLDecodeError) as error:
        return ProbeConfig(source=path, errors=(f"cannot read {path}: {error}",))
    table = _probe_table(document)
    return from_table(document if table is None else table, source=path)


@functools.lru_cache(maxsize=256)
def _table_in(directory: str) -> Optional[ProbeConfig]:
    pyproject = os.path.join(directory, "pyproject.toml")
    if not os.path.isfile(pyproject):
        return None
    try:
        with open(pyproject, "rb") as stream:
            document = tomllib.load(stream)
    except (OSError, tomllib.TOMLDecodeError):
        return None
    table = _probe_table(document)
    return from_table(table, source=pyproject) if table is not None else None


def discover(path: str) -> ProbeConfig:
    """The configuration for a linted file: the nearest ``pyproject.toml`` above it with the table."""
    directory = Path(path).resolve().parent
    for folder in (directory, *directory.parents):
        found = _table_in(str(folder))
        if found is not None:
            return found
    return ProbeConfig()


def clear_cache() -> None:
    _table_in.cache_clear()
