"""Constructor arguments for a Cell the probe configuration does not describe, found without running anything.

Tried in this order, and the evidence says which was used:

1. the arguments of a call in the project that builds the class (``ResNet(Bottleneck,
   [3, 4, 6, 3], num_classes=num_classes)`` in a factory, ``net = Net(args.width)`` in
   train.py): literals, module-level constants, classes and functions of the class's own
   module, an enclosing function's parameter defaults and the script's argparse defaults;
2. the parameters' own defaults (the class needs no argument);
3. small values chosen from the parameters' names and annotations (``in_channels=8``,
   ``num_classes=10``, ``num_heads=2``, ``hidden_units=8``, ``field_dims=[8, 8]``...).

Read with Python's ``ast`` in pylint's process: no MindSpore, no user code runs here.
"""

from __future__ import annotations

import ast
import functools
import os
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from ms_lint.language import Text
from ms_lint.probe import source

MAX_FILES = 3000
SKIPPED_DIRECTORIES = frozenset({"site-packages", "node_modules", "build", "dist", "__pycache__", "venv", ".venv"})
CALLED = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
NAME_MARK = "$name"  # {"$name": "Bottleneck"}: a class or function of the Cell's own module
BUILD_MARK = "$build"  # {"$build": "ModelConfig"}: an instance of that class of the module, built with no argument
PARAMETERS_MARK = "$parameters"  # {"$parameters": 2}: a list of that many small Parameters (an optimizer's params)
CONFIG_NAMES = frozenset({"config", "cfg", "conf", "model_config", "net_config", "configs"})
_UNKNOWN = object()

CONVENTIONAL: Tuple[Tuple[Tuple[str, ...], Any], ...] = (
    (
        (
            "in_channels", "in_channel", "in_ch", "in_chans", "in_planes", "inplanes", "planes", "channels",
            "in_features", "in_dim", "input_dim", "input_size", "dim", "hidden_size", "hidden_dim", "embed_dim",
            "embedding_dim", "emb_dim", "d_model", "width", "num_features", "features", "out_channels",
            "out_channel", "out_ch", "out_features", "out_dim", "output_dim", "output_size", "filters",
            "hidden_channels", "mid_channels", "num_channels", "c1", "c2",
        ),
        8,
    ),
    (("num_classes", "class_num", "n_classes", "classes", "num_class", "nclass", "num_labels"), 10),
    (("num_layers", "depth", "layers", "n_layers", "num_blocks", "blocks", "num_block"), 2),
    (("num_heads", "heads", "n_heads", "nhead", "nheads", "num_head", "num_attention_heads", "n_head"), 2),
    (("vocab_size", "vocab", "num_embeddings", "n_vocab", "vocab_len"), 100),
    (("params", "parameters"), {PARAMETERS_MARK: 2}),
    (("kernel_size", "kernel", "k"), 3),
    (("stride", "s"), 1),
    (("seq_len", "seq_length", "max_len", "max_length", "max_seq_len", "max_position_embeddings"), 16),
    (("image_size", "img_size", "input_resolution", "resolution"), 32),
    (("patch_size",), 4),
    (("dropout", "drop_rate", "dropout_rate", "drop_prob", "attn_drop", "proj_drop", "drop_path_rate", "p"), 0.0),
)
# Then by the shape of the name: (suffixes, prefixes, value).
BY_PATTERN: Tuple[Tuple[Tuple[str, ...], Tuple[str, ...], Any], ...] = (
    ((), ("is_", "use_", "has_", "with_", "enable_"), False),
    (("_dims", "_sizes", "_channels_list", "_widths"), (), [8, 8]),
    (("dim", "_size", "channels", "_channel", "_features", "_units", "hidden", "width", "_ch", "planes"), (), 8),
    (("_num", "_count", "_layers", "_blocks", "_heads"), ("num_", "n_"), 2),
    (("_rate", "_prob", "dropout", "_drop"), ("drop",), 0.0),
    (("_len", "_length"), (), 16),
)
BY_ANNOTATION = {"int": 2, "float": 0.0, "bool": False}
AS_BUILT = Text("as built at %s:%s", "按 %s:%s 处的方式构建")
DEFAULTS = Text("with its parameters' defaults", "使用其参数的默认值")
FROM_NAMES = Text("guessed from the parameters' names: %s", "根据参数名猜测：%s")


@dataclass(frozen=True)
class Guess:
    args: Tuple[Any, ...]
    kwargs: Dict[str, Any]
    origin: Text  # "as built at train.py:57", "with its parameters' defaults", "guessed from names: dim=8"
    invented: bool = False  # values the probe chose, not the code's own (a call's or the defaults)

    def spec(self) -> Dict[str, Any]:
        guessed = {"guessed": str.__str__(self.origin), "guessed_zh": self.origin.zh}
        if self.invented:
            guessed["invented"] = True
        return {"args": list(self.args), "kwargs": dict(self.kwargs), **guessed}


def constructor(path: str, qualname: str, root: str, files: Optional[Callable[[str], tuple]] = None) -> Optional[Guess]:
    """How to build ``qualname`` (defined in ``path``), or None when nothing is known enough to try.

    ``files`` lists the project's files under a root (:func:`project_files`, or a run's cached copy).
    """
    tree = source.parse(path)
    classdef = _class(tree, qualname) if tree is not None else None
    if classdef is None:
        return None
    init = _init(tree, classdef)
    signature = _signature(init)
    name = classdef.name
    for site_path, call, function in _call_sites(path, (files or project_files)(root), name):
        found = _arguments(call, function, site_path, same_module=os.path.samefile(site_path, path), signature=signature)
        if found is not None:
            return Guess(found[0], found[1], AS_BUILT % (_shown_path(site_path, root), call.lineno))
    if not signature:
        return None  # unknown, or nothing to choose: the class is built with no arguments
    required = [parameter for parameter, has_default in signature.items() if not has_default]
    if not required:
        return Guess((), {}, DEFAULTS)
    kwargs = {}
    for parameter in required:
        value = _conventional(parameter, init)
        if value is _UNKNOWN:
            value = _config_object(parameter, init, tree)
        if value is _UNKNOWN:
            return None
        kwargs[parameter] = value
    chosen = ", ".join(f"{key}={shown_value(value)}" for key, value in kwargs.items())
    return Guess((), kwargs, FROM_NAMES % (chosen,), invented=True)


def shown_value(value: Any) -> str:
    """A guessed argument as evidence shows it: ``Bottleneck``, ``BertConfig()``, ``[8, 8]``, bounded."""
    if isinstance(value, dict) and set(value) == {NAME_MARK}:
        return str(value[NAME_MARK])
    if isinstance(value, dict) and set(value) == {BUILD_MARK}:
        return f"{value[BUILD_MARK]}()"
    if isinstance(value, dict) and set(value) == {PARAMETERS_MARK}:
        return "[" + ", ".join(["Parameter(float32[2])"] * value[PARAMETERS_MARK]) + "]"
    if isinstance(value, list):
        return "[" + ", ".join(shown_value(item) for item in value) + "]"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- the class and its parameters -------------------------------------------------------------


def _class(tree: ast.Module, qualname: str) -> Optional[ast.ClassDef]:
    body, found = tree.body, None
    for part in qualname.split("."):
        found = next((node for node in body if isinstance(node, ast.ClassDef) and node.name == part), None)
        if found is None:
            return None
        body = found.body
    return found


def _init(tree: ast.Module, classdef: ast.ClassDef, depth: int = 0):
    """The ``__init__`` the class runs (followed into one base of the same module); ``False`` for the library's
    (a base such as nn.Cell: no argument), None when it cannot be told."""
    init = next((node for node in classdef.body if isinstance(node, ast.FunctionDef) and node.name == "__init__"), None)
    if init is not None:
        return init
    local = [_class(tree, base.id) for base in classdef.bases if isinstance(base, ast.Name)]
    local = [base for base in local if base is not None]
    if len(local) == 1 and depth < 5:
        return _init(tree, local[0], depth + 1)
    return False if not local else None


def _signature(init) -> Optional[Dict[str, bool]]:
    """``{parameter: has a default}`` of ``__init__``; {} for the library's; None when unknown."""
    if init is None or init is False:
        return None if init is None else {}
    arguments = init.args
    positional = [*arguments.posonlyargs, *arguments.args][1:]
    first_default = len(positional) - len(arguments.defaults)
    found = {argument.arg: index >= first_default for index, argument in enumerate(positional)}
    found.update((a.arg, d is not None) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults))
    return found


def _conventional(parameter: str, init: ast.FunctionDef) -> Any:
    lowered = parameter.lower()
    for names, value in CONVENTIONAL:
        if lowered in names:
            return value
    for suffixes, prefixes, value in BY_PATTERN:
        if lowered.endswith(suffixes) or lowered.startswith(prefixes or ("\0",)):
            return value
    for argument in [*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs]:
        if argument.arg == parameter and isinstance(argument.annotation, ast.Name):
            return BY_ANNOTATION.get(argument.annotation.id, _UNKNOWN)
    return _UNKNOWN


def _config_object(parameter: str, init: ast.FunctionDef, tree: ast.Module) -> Any:
    """A config object: the class of the module the parameter is annotated with, or the module's one
    ``...Config`` class for a parameter named ``config``/``cfg``, when it is built with no argument."""
    annotation = next(
        (a.annotation for a in [*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs] if a.arg == parameter),
        None,
    )
    if isinstance(annotation, ast.Name):
        candidates = [annotation.id]
    elif parameter.lower() in CONFIG_NAMES:
        candidates = [node.name for node in tree.body if isinstance(node, ast.ClassDef) and node.name.endswith("Config")]
    else:
        return _UNKNOWN
    if len(candidates) != 1:
        return _UNKNOWN
    classdef = _class(tree, candidates[0])
    signature = _signature(_init(tree, classdef)) if classdef is not None else None
    if signature is None or not all(signature.values()):
        return _UNKNOWN
    return {BUILD_MARK: candidates[0]}


# -- calls that build the class ---------------------------------------------------------------


def _call_sites(path: str, files: tuple, name: str) -> Iterator[Tuple[str, ast.Call, Optional[ast.FunctionDef]]]:
    """Calls ``Name(...)`` / ``module.Name(...)``: in the class's own file first, then in the project's files
    that import the class's module (another file's class of the same name is another class)."""
    index = _called_names(files)
    module = os.path.splitext(os.path.basename(path))[0]
    for site_path in [path, *(other for other in index.get(name, ()) if not _same(other, path))]:
        tree = source.parse(site_path)
        if tree is None or (site_path != path and not _imports_module(tree, module, name)):
            continue
        for call, function in _calls_of(tree, name):
            yield site_path, call, function


def _imports_module(tree: ast.Module, module: str, name: str) -> bool:
    """Whether the file imports ``module`` (by its last dotted part) and defines no ``name`` of its own."""
    if any(isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name == name for node in tree.body):
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if (node.module or "").rpartition(".")[2] == module or any(alias.name == module for alias in node.names):
                return True
        elif isinstance(node, ast.Import) and any(alias.name.rpartition(".")[2] == module for alias in node.names):
            return True
    return False


def _same(left: str, right: str) -> bool:
    return os.path.abspath(left) == os.path.abspath(right)


def project_files(root: str) -> Tuple[Tuple[str, int, int], ...]:
    """The project's Python files under ``root`` (at most MAX_FILES), each with its modification stamp."""
    found = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith(".") and d not in SKIPPED_DIRECTORIES)
        for file_name in sorted(files):
            if file_name.endswith(".py"):
                path = os.path.join(directory, file_name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                found.append((path, info.st_mtime_ns, info.st_size))
                if len(found) >= MAX_FILES:
                    return tuple(found)
    return tuple(found)


@functools.lru_cache(maxsize=4)
def _called_names(files: Tuple[Tuple[str, int, int], ...]) -> Dict[str, List[str]]:
    """Which files call each name: read once per run (per set of file stamps), not once per Cell."""
    index: Dict[str, List[str]] = {}
    for path, _, _ in files:
        try:
            with open(path, encoding="utf-8", errors="replace") as stream:
                text = stream.read()
        except OSError:
            continue
        for name in set(CALLED.findall(text)):
            index.setdefault(name, []).append(path)
    return index


def _calls_of(tree: ast.Module, name: str) -> Iterator[Tuple[ast.Call, Optional[ast.FunctionDef]]]:
    """The calls of ``name`` in ``tree``, with the function each is in (None at module level)."""
    stack: List[Tuple[ast.AST, Optional[ast.FunctionDef]]] = [(tree, None)]
    while stack:
        node, function = stack.pop()
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Call) and _called_name(child.func) == name:
                yield child, function
            stack.append((child, inner))


def _called_name(func: ast.expr) -> Optional[str]:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _arguments(call, function, site_path: str, same_module: bool, signature) -> Optional[Tuple[tuple, dict]]:
    """The call's arguments as values, or None when one it needs is known only at run time."""
    if any(isinstance(arg, ast.Starred) for arg in call.args):
        return None
    tree = source.parse(site_path)
    values = _Values(tree, function, same_module)
    args = []
    for arg in call.args:
        value = values.of(arg)
        if value is _UNKNOWN:
            return None
        args.append(value)
    kwargs = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            continue  # **kwargs of a factory: what it passes when called with none
        value = values.of(keyword.value)
        if value is _UNKNOWN:
            if not (signature or {}).get(keyword.arg, False):
                return None
            continue  # left to the parameter's default
        kwargs[keyword.arg] = value
    return tuple(args), kwargs


class _Values:
    """What an argument expression is worth without running the code around it."""

    def __init__(self, tree: ast.Module, function: Optional[ast.FunctionDef], same_module: bool):
        self.tree, self.function, self.same_module = tree, function, same_module
        self.constants, self.definitions = _module_names(tree)
        self.parameters = _parameter_defaults(function) if function is not None else {}
        self.local = source.assignments(function) if function is not None else {}
        self.parsed = parsed_names(tree) | (PARSED_PARAMETERS & set(self.parameters))
        self.argparse = argparse_defaults(tree)

    def of(self, expr: ast.expr, depth: int = 0) -> Any:
        literal = _literal(expr)
        if literal is not _UNKNOWN:
            return literal
        if isinstance(expr, (ast.List, ast.Tuple)):
            items = [self.of(item, depth) for item in expr.elts]
            return _UNKNOWN if any(item is _UNKNOWN for item in items) else items
        if isinstance(expr, ast.Name):
            return self._name(expr.id, depth)
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in self.parsed:
            return self.argparse.get(expr.attr, _UNKNOWN)
        return _UNKNOWN

    def _name(self, name: str, depth: int) -> Any:
        if name in self.local:  # a local name: known when the function gives it one value (batch_size = 32)
            values = self.local[name]
            if name in self.parameters or len(values) != 1 or depth > 8:
                return _UNKNOWN
            return self.of(values[0], depth + 1)
        if name in self.parameters:
            return self.parameters[name]
        if name in self.constants:
            return self.constants[name]
        if self.same_module and name in self.definitions:
            return {NAME_MARK: name}
        return _UNKNOWN


def _literal(expr: Optional[ast.expr]) -> Any:
    if expr is None:
        return _UNKNOWN
    try:
        value = ast.literal_eval(expr)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _UNKNOWN
    return value if isinstance(value, (int, float, str, bool, type(None), list, tuple, dict)) else _UNKNOWN


def _module_names(tree: ast.Module) -> Tuple[Dict[str, Any], set]:
    """Module-level constants assigned once to a literal; classes and functions defined at module level."""
    assigned: Dict[str, List[Any]] = {}
    definitions = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, []).append(_literal(node.value))
        elif isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            definitions.add(node.name)
    constants = {name: values[0] for name, values in assigned.items() if len(values) == 1 and values[0] is not _UNKNOWN}
    return constants, definitions


def _parameter_defaults(function: ast.FunctionDef) -> Dict[str, Any]:
    """Parameters of the enclosing function with a literal default (a factory's ``num_classes=1000``)."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    found = {}
    for argument, default in zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults):
        found[argument.arg] = _literal(default)
    for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        found[argument.arg] = _literal(default)
    for argument in positional:
        found.setdefault(argument.arg, _UNKNOWN)
    return found


# Parameters that conventionally hold a script's parsed arguments (``def main(args):``).
PARSED_PARAMETERS = frozenset({"args", "opt", "opts", "arguments"})


def parsed_names(tree: ast.Module) -> set:
    """Names assigned from ``parse_args()`` / ``parse_known_args()[0]`` anywhere in the module."""
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        value = node.value.value if isinstance(node.value, ast.Subscript) else node.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in (
            "parse_args",
            "parse_known_args",
        ):
            for target in node.targets:
                first = target.elts[0] if isinstance(target, ast.Tuple) and target.elts else target
                if isinstance(first, ast.Name):
                    found.add(first.id)
    return found


def argparse_defaults(tree: ast.Module) -> Dict[str, Any]:
    """``dest -> default`` of ``add_argument("--x", default=<literal>)``, when every one agrees."""
    seen: Dict[str, List[Any]] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument"):
            continue
        options = [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
        long_options = [option for option in options if option.startswith("--")] or options
        keywords = {keyword.arg: keyword.value for keyword in node.keywords}
        if not long_options or "default" not in keywords:
            continue
        default = _literal(keywords["default"])
        if default is _UNKNOWN:
            continue
        dest = keywords["dest"].value if isinstance(keywords.get("dest"), ast.Constant) else long_options[0].lstrip("-")
        seen.setdefault(str(dest).replace("-", "_"), []).append(default)
    return {dest: values[0] for dest, values in seen.items() if all(value == values[0] for value in values)}


def _shown_path(path: str, root: str) -> str:
    try:
        return os.path.relpath(path, root).replace(os.sep, "/")
    except ValueError:
        return path
