"""Per-version records of MindSpore's API and their merge (see ``ms_lint.tools.catalog``).

``record`` runs inside a MindSpore install and describes that one version; ``merge`` runs anywhere
and keeps what the linter needs to compare versions in ``ms_lint/data/catalog_versions.json``,
plus the newest version's ``Supported Platforms`` in ``ms_lint/data/op_platforms.json``.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
GENERATED_BY = "python -m ms_lint.tools.catalog --record <file> (per version), then --merge <files>"

# Classes whose methods the catalog lists by bare name (``tensor_methods``, ``cell_methods``),
# recorded here as ``<public class path>.<method>``.
METHOD_OWNERS = (("mindspore.Tensor", "tensor"), ("mindspore.nn.Cell", "cell"))

VERSION_ARG = re.compile(r"^\d+(\.\d+)*$")
# "Supported Platforms:" then the platforms as ``Ascend`` ``GPU`` ``CPU`` on the next line(s).
PLATFORMS = re.compile(r"Supported Platforms:\s*((?:``\w+``\s*)+)")
PLATFORM_NAME = re.compile(r"``(\w+)``")
PLATFORM_ORDER = ("Ascend", "GPU", "CPU")
# Generated Primitives document only that they equal a functional op: "prim = ops.Add() ... is
# equivalent to ... Refer to :func:`mindspore.ops.add`"; they get that function's platforms.
EQUIVALENT_OP = re.compile(r"is equivalent to.*Refer to :func:`(mindspore\.[\w.]+)`", re.S)
# Entity kinds whose docstrings list platforms: operators and layers (functions: ops only).
PLATFORM_KINDS = ("primitive", "cell")


def version_key(version: str) -> tuple:
    return tuple(int(part) for part in re.findall(r"\d+", version))


def parameter_names(obj, bound: bool = False):
    """A callable's parameter names in order (``*args``/``**kwargs`` marked with their stars),
    without the ``self`` of ``__init__`` or of a method read from its class; None if unknown."""
    target = obj.__init__ if inspect.isclass(obj) else obj
    try:
        params = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):
        return None
    if (inspect.isclass(obj) or bound) and params and params[0].kind in (
        params[0].POSITIONAL_ONLY,
        params[0].POSITIONAL_OR_KEYWORD,
    ):
        params = params[1:]
    stars = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}
    return [stars.get(param.kind, "") + param.name for param in params]


def _method_parameters(cls, name):
    static = inspect.getattr_static(cls, name, None)
    if isinstance(static, (staticmethod, classmethod)):
        return parameter_names(getattr(cls, name))
    if inspect.isfunction(static):
        return parameter_names(static, bound=True)
    return None  # properties, attributes, and C++ methods without a signature


def _decorator_args(decorator):
    """(since, substitute) of a ``@deprecated(version, substitute, ...)`` decorator, else None."""
    if not isinstance(decorator, ast.Call):
        return None
    func = decorator.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    if name != "deprecated" or not decorator.args:
        return None
    try:
        since = ast.literal_eval(decorator.args[0])
        substitute = ast.literal_eval(decorator.args[1]) if len(decorator.args) > 1 else None
    except ValueError:
        return None
    for keyword in decorator.keywords:
        if keyword.arg == "substitute":
            substitute = ast.literal_eval(keyword.value)
    if not isinstance(since, str) or not VERSION_ARG.match(since):
        return None
    return since, substitute or None


def _deprecated_in_source(tree, module):
    """(defined path, since, substitute) for each ``@deprecated`` function, class or method.

    A decorated ``__init__`` deprecates its class.
    """
    for node in tree.body:
        targets = [(node, f"{module}.{getattr(node, 'name', '')}")]
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    suffix = "" if item.name == "__init__" else f".{item.name}"
                    targets.append((item, f"{module}.{node.name}{suffix}"))
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for defined, path in targets:
            for decorator in defined.decorator_list:
                found = _decorator_args(decorator)
                if found:
                    yield (path, *found)


def declared_deprecations(package_dir: Path, aliases: dict) -> dict:
    """Public name -> [since, substitute] for every ``@deprecated`` object of the installed sources.

    ``aliases`` maps a canonical path to its public names; a method is named after its class's.
    """
    found = {}
    for source in sorted(package_dir.rglob("*.py")):
        parts = source.relative_to(package_dir.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        try:
            tree = ast.parse(source.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        for path, since, substitute in _deprecated_in_source(tree, module):
            owner, _, member = path.rpartition(".")
            names = aliases.get(path) or [f"{alias}.{member}" for alias in aliases.get(owner, ())]
            for name in names:
                found[name] = [since, substitute]
    return found


def _platforms(doc):
    match = PLATFORMS.search(doc)
    if not match:
        return None
    listed = set(PLATFORM_NAME.findall(match.group(1)))
    return " ".join(sorted(listed, key=lambda name: (PLATFORM_ORDER + (name,)).index(name)))


def record(mindspore) -> dict:
    """Public names, parameters, declared deprecations and platforms of the installed MindSpore."""
    from ms_lint.tools.catalog_builder import CatalogBuilder  # pylint: disable=import-outside-toplevel

    builder = CatalogBuilder(mindspore, count_params=False)
    built = builder.build()
    public = {path: builder.names.get(path, path) for path in [*builder.names, *builder.entities]}
    parameters = {}
    for path, canonical in public.items():
        obj = builder.objects.get(canonical)
        if inspect.isclass(obj) or inspect.isroutine(obj):
            found = parameter_names(obj)
            if found is not None:
                parameters[path] = found
    owners = {"tensor": builder.tensor, "cell": builder.cell}
    for prefix, owner in METHOD_OWNERS:
        for method in built[f"{owner}_methods"]:
            public[f"{prefix}.{method}"] = f"{prefix}.{method}"
            found = _method_parameters(owners[owner], method)
            if found is not None:
                parameters[f"{prefix}.{method}"] = found
    aliases = {}
    for path, canonical in public.items():
        aliases.setdefault(canonical, []).append(path)
    platforms, equivalents = {}, {}
    for path, entry in builder.entities.items():
        if not (entry["kind"] in PLATFORM_KINDS or entry.get("op")):
            continue
        doc = inspect.getdoc(builder.objects[path]) or ""
        listed, equivalent = _platforms(doc), EQUIVALENT_OP.search(doc)
        if listed:
            platforms[path] = listed
        elif equivalent:
            equivalents[path] = public.get(equivalent.group(1), equivalent.group(1))
    for path, function in equivalents.items():
        if function in platforms:
            platforms[path] = platforms[function]
    return {
        "mindspore_version": mindspore.__version__,
        "names": sorted(public),
        "parameters": dict(sorted(parameters.items())),
        "deprecated": declared_deprecations(Path(mindspore.__file__).parent, aliases),
        "platforms": dict(sorted(platforms.items())),
    }


def merge(records: list) -> dict:
    """One table across versions: only names and parameters that differ, every deprecation.

    ``modules`` lists the modules whose members the records hold (absence is known only there).
    """
    from ms_lint.tools.catalog_builder import PUBLIC_MODULES  # pylint: disable=import-outside-toplevel

    records = sorted(records, key=lambda rec: version_key(rec["mindspore_version"]))
    versions = [rec["mindspore_version"] for rec in records]
    name_sets = [set(rec["names"]) for rec in records]
    names = {
        name: [version for version, found in zip(versions, name_sets) if name in found]
        for name in sorted(set().union(*name_sets))
        if not all(name in found for found in name_sets)
    }
    parameters = {}
    for name in sorted(set().union(*(rec["parameters"] for rec in records))):
        per_version = {rec["mindspore_version"]: rec["parameters"][name] for rec in records if name in rec["parameters"]}
        if len({tuple(params) for params in per_version.values()}) > 1:
            parameters[name] = per_version
    deprecated = {}
    for rec in records:  # oldest first: the newest declaration's version and substitute win
        for name, (since, substitute) in rec["deprecated"].items():
            entry = deprecated.setdefault(name, {"versions": []})
            entry.update(since=since, substitute=substitute)
            entry["versions"].append(rec["mindspore_version"])
    walked = [module for module in PUBLIC_MODULES if any(module in found for found in name_sets)]
    return {
        "versions": versions,
        "generated_by": GENERATED_BY,
        "modules": walked + [owner for owner, _ in METHOD_OWNERS],
        "names": names,
        "parameters": parameters,
        "deprecated": {name: deprecated[name] for name in sorted(deprecated)},
    }


def _dump(data: dict) -> str:
    """JSON with one entry of each table per line: small, and diffs read per name."""
    parts = []
    for key, value in data.items():
        if isinstance(value, dict) and value:
            rows = (f"{json.dumps(name)}: {json.dumps(entry, sort_keys=True)}" for name, entry in value.items())
            parts.append(f"{json.dumps(key)}: {{\n" + ",\n".join(rows) + "\n}")
        else:
            parts.append(f"{json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def record_file(mindspore, output: Path) -> int:
    data = record(mindspore)
    output.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"record for MindSpore {data['mindspore_version']}: {len(data['names'])} names -> {output}", file=sys.stderr)
    return 0


def merge_files(inputs: list, output=None) -> int:
    records = [json.loads(Path(path).read_text(encoding="utf-8")) for path in inputs]
    merged = merge(records)
    output = Path(output or DATA / "catalog_versions.json")
    output.write_text(_dump(merged), encoding="utf-8")
    newest = max(records, key=lambda rec: version_key(rec["mindspore_version"]))
    platforms = {
        "mindspore_version": newest["mindspore_version"],
        "generated_by": GENERATED_BY,
        "platforms": newest["platforms"],
    }
    output.with_name("op_platforms.json").write_text(_dump(platforms), encoding="utf-8")
    print(
        f"versions {', '.join(merged['versions'])}: {len(merged['names'])} names missing from some version, "
        f"{len(merged['parameters'])} parameter changes, {len(merged['deprecated'])} deprecated names -> {output}",
        file=sys.stderr,
    )
    return 0
