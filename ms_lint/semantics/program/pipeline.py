"""The code MindSpore's data pipeline runs, and the MindSpore operators inside it.

The pipeline runs user code in its worker threads and processes:

* the ``operations`` of ``Dataset.map`` (functions, lambdas, objects with
  ``__call__``, lists of them, also inside ``transforms.Compose([...])``);
* the ``per_batch_map`` of ``Dataset.batch``;
* the ``source`` of ``GeneratorDataset`` (its class's ``__getitem__``,
  ``__next__`` and ``__iter__``, or a generator function) and its ``collate_fn``;
* the project functions and methods those call, a few calls deep.

A receiver of ``.map(`` is a dataset when it is traced to a MindSpore dataset
class (through assignments, chained dataset methods and the user's own factory
functions). Many other objects have a ``map`` method, so an untraced receiver
counts only when the call passes keywords that only ``Dataset.map`` takes.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass
from typing import Iterator, List, Optional, Sequence, Tuple, Union

from astroid import nodes

from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import values
from ms_lint.semantics.names import catalog, index, memo, names, resolve

Function = Union[nodes.FunctionDef, nodes.Lambda]
MAX_DEPTH = 6  # factory functions and names followed to find a dataset or a callable
MAX_CHAIN = 200  # expressions visited to trace one dataset (``data = data.map(...)`` chains)
MAX_CALL_DEPTH = 3  # calls followed from the code a pipeline runs
MAX_FUNCTIONS = 60
# Dataset methods that return a dataset.
DATASET_METHODS = frozenset(
    {"map", "batch", "padded_batch", "bucket_batch_by_length", "shuffle", "repeat", "project", "rename",
     "take", "skip", "zip", "concat", "filter", "sync_wait", "apply"}
)
# Keywords of Dataset.map and Dataset.batch that other libraries' ``map``/``batch`` do not take.
MAP_ONLY_KEYWORDS = frozenset(
    {"operations", "output_columns", "num_parallel_workers", "python_multiprocessing", "max_rowsize", "offload", "callbacks"}
)
BATCH_ONLY_KEYWORDS = frozenset({"per_batch_map"})
TRANSFORM_CONTAINERS = frozenset({"Compose", "RandomApply", "RandomChoice", "RandomOrder"})
PIPELINE_METHODS = ("map", "batch")  # Dataset methods that run user code: map(operations), batch(per_batch_map)
GENERATOR_DATASET = "mindspore.dataset.engine.datasets_user_defined.GeneratorDataset"
SOURCE_METHODS = ("__getitem__", "__next__", "__iter__")
# Tensor methods that run no operator: conversions back to Python and numpy, shape queries.
QUIET_TENSOR_METHODS = frozenset({"asnumpy", "numpy", "tolist", "item", "dim", "numel", "nelement", "ndimension"})
# ops/numpy functions that compute nothing: type and shape queries, decorators, Tensor creation.
QUIET_FUNCTIONS = frozenset({"is_tensor", "constexpr", "shape", "rank", "dtype", "array", "asarray", "asfarray"})
TENSOR_FACTORIES = frozenset({"mindspore.common.tensor.Tensor", "mindspore.common.api.tensor", "mindspore.tensor"})


@dataclass(frozen=True)
class Entry:
    """A place where user code is handed to the pipeline."""

    call: nodes.Call
    what: str  # "Dataset.map", "Dataset.batch(per_batch_map=...)", "GeneratorDataset(source=...)"...
    argument: nodes.NodeNG
    certain: bool  # the dataset is traced, not guessed from keywords


@dataclass(frozen=True)
class Runner:
    """A function the pipeline runs, and how it gets there."""

    function: Function
    label: str


@dataclass(frozen=True)
class OperatorUse:
    node: nodes.NodeNG
    kind: str  # "operator", "Primitive", "Cell", "Tensor method", "Tensor arithmetic"
    text: str


# -- datasets -----------------------------------------------------------------


def is_dataset(expr: Optional[nodes.NodeNG], depth: int = 0, seen: frozenset = frozenset()) -> Optional[bool]:
    """True if ``expr`` is traced to a MindSpore dataset, False if to something else, else None."""
    if expr is None or depth > MAX_DEPTH or expr in seen or len(seen) > MAX_CHAIN:
        return None
    seen = seen | {expr}
    if isinstance(expr, nodes.Call):
        return _call_is_dataset(expr, depth, seen)
    if isinstance(expr, nodes.Name):
        return _name_is_dataset(expr, depth, seen)
    if _self_class(expr) is not None:
        return _merged(is_dataset(value, depth + 1, seen) for value in _self_values(expr))
    if isinstance(expr, (nodes.Const, nodes.List, nodes.Tuple, nodes.Dict, nodes.Lambda)):
        return False
    return None


def _call_is_dataset(call: nodes.Call, depth: int, seen: frozenset) -> Optional[bool]:
    entity = names.called_entity(call)
    if entity is not None:
        return entity.kind == "dataset"
    func = call.func
    if isinstance(func, nodes.Attribute) and func.attrname in DATASET_METHODS:
        return True if is_dataset(func.expr, depth, seen) else None
    definition = resolve.called_definition(call)
    if isinstance(definition, nodes.FunctionDef):
        returned = [value for value in resolve.return_values(definition) if value is not None]
        return True if any(is_dataset(value, depth + 1, seen) for value in returned) else None
    if isinstance(definition, nodes.ClassDef):
        lineage = cells.ancestry(definition)
        kinds = {getattr(catalog.lookup(name), "kind", None) for name in lineage.mindspore}
        return True if "dataset" in kinds else None
    return None


def _name_is_dataset(name: nodes.Name, depth: int, seen: frozenset) -> Optional[bool]:
    found = []
    for binding in names.bindings(name):
        statement = binding.parent
        if isinstance(binding, nodes.AssignName) and isinstance(statement, (nodes.Assign, nodes.AnnAssign)):
            found.append(is_dataset(statement.value, depth, seen))
        elif isinstance(binding, nodes.AssignName) and isinstance(statement, nodes.Arguments):
            found.append(_annotated_dataset(binding, statement))
        else:
            found.append(None)
    return _merged(found)


def _merged(found) -> Optional[bool]:
    """A value that may be several things: a dataset if one is and none is known not to be."""
    found = list(found)
    if False in found:
        return None if True in found else False
    return True if True in found else None


def _annotated_dataset(binding: nodes.AssignName, arguments: nodes.Arguments) -> Optional[bool]:
    for arg, annotation in zip(arguments.args, arguments.annotations):
        if arg is binding and annotation is not None:
            entity = names.entity(annotation)
            return True if entity is not None and entity.kind == "dataset" else None
    return None


def _imports_mindspore(module: nodes.Module) -> bool:
    for node in names.import_statements(module):
        dotted = [name for name, _ in node.names] if isinstance(node, nodes.Import) else [names.absolute_module(node) or ""]
        if any(name == "mindspore" or name.startswith("mindspore.") for name in dotted):
            return True
    return False


# -- where the pipeline takes user code ---------------------------------------------


def _argument(call: nodes.Call, keyword: str, position: Optional[int]) -> Optional[nodes.NodeNG]:
    for item in call.keywords or ():
        if item.arg == keyword:
            return item.value
    if position is not None and len(call.args) > position and not isinstance(call.args[position], nodes.Starred):
        return call.args[position]
    return None


@functools.lru_cache(maxsize=1)
def generator_basenames() -> frozenset:
    """Names a GeneratorDataset (or a subclass) may be called by."""
    return catalog.basenames_of(catalog.subclasses_of(GENERATOR_DATASET))


def entry_basenames() -> frozenset:
    """Names of the calls that may hand user code to the pipeline."""
    return generator_basenames() | frozenset(PIPELINE_METHODS)


def entries(call: nodes.Call) -> List[Entry]:
    """The user code a call hands to the data pipeline."""
    func = call.func
    entity = names.called_entity(call) if names.may_call(call, generator_basenames()) else None
    if entity is not None:
        if not entity.is_subclass_of(GENERATOR_DATASET) or "source" not in entity.args:
            return []
        found = [
            Entry(call, f"GeneratorDataset({parameter}=...)", argument, True)
            for parameter, argument in (("source", _argument(call, "source", 0)), ("collate_fn", _argument(call, "collate_fn", None)))
            if argument is not None
        ]
        return found
    if not isinstance(func, nodes.Attribute) or func.attrname not in PIPELINE_METHODS:
        return []
    if func.attrname == "map":
        argument, what, only = _argument(call, "operations", 0), "Dataset.map", MAP_ONLY_KEYWORDS
    else:
        argument, what, only = _argument(call, "per_batch_map", None), "Dataset.batch(per_batch_map=...)", BATCH_ONLY_KEYWORDS
    if argument is None:
        return []
    receiver = is_dataset(func.expr)
    if receiver:
        return [Entry(call, what, argument, True)]
    keywords = {keyword.arg for keyword in call.keywords or ()}
    if receiver is None and keywords & only and _imports_mindspore(call.root()):
        return [Entry(call, what, argument, False)]
    return []


# -- what the pipeline runs ---------------------------------------------------------


def _single_value(expr: nodes.NodeNG) -> Optional[nodes.NodeNG]:
    """The value of a name assigned exactly once (``fn = Mixup(...)``)."""
    return names.assigned_value(expr)


def _self_class(expr: nodes.NodeNG) -> Optional[nodes.ClassDef]:
    """The class of ``self`` when ``expr`` is ``self.<attr>`` inside one of its methods."""
    if not (isinstance(expr, nodes.Attribute) and isinstance(expr.expr, nodes.Name)):
        return None
    frame = expr.frame()
    while isinstance(frame, nodes.Lambda) and not isinstance(frame, nodes.FunctionDef):
        frame = frame.parent.frame()
    if not (isinstance(frame, nodes.FunctionDef) and isinstance(frame.parent, nodes.ClassDef)):
        return None
    if frame.type != "method":  # a staticmethod's first argument is not the instance
        return None
    positional = frame.args.posonlyargs + frame.args.args
    if not positional or positional[0].name != expr.expr.name:
        return None
    return frame.parent


def _self_values(expr: nodes.Attribute) -> List[nodes.NodeNG]:
    """Values assigned to ``self.<attr>`` in the class of ``self``."""
    classdef = _self_class(expr)
    assigned = classdef.instance_attrs.get(expr.attrname, []) if classdef is not None else []
    return [item.parent.value for item in assigned if isinstance(item.parent, (nodes.Assign, nodes.AnnAssign)) and item.parent.value]


def _self_method(expr: nodes.NodeNG) -> Optional[nodes.FunctionDef]:
    """``self.method`` inside a method of the same class (or of a user subclass)."""
    classdef = _self_class(expr)
    return cells.method(classdef, expr.attrname) if classdef is not None else None


def in_pipeline_code(node: nodes.NodeNG) -> bool:
    """True if ``node`` is run by the data pipeline: inside code the module's own entries hand over
    (functions, lambdas, the functions they call), or an operator handed over directly."""
    handed = _handed_over_in(node.root())
    if node in handed:
        return True
    scope = node.scope()
    while isinstance(scope, (nodes.FunctionDef, nodes.Lambda)):
        if scope in handed:
            return True
        scope = scope.parent.scope()
    return False


@memo.per_node
def _handed_over_in(module: nodes.Module) -> frozenset:
    """The functions of ``module`` its own pipeline entries run, and the operators they hand over."""
    found = set()
    for call in index.of(module).calls:
        if not names.may_call(call, entry_basenames()):
            continue
        for entry in entries(call):
            runners_, direct = handed_over(entry)
            found.update(use.node for use in direct)
            found.update(function for function, _ in reachable(runners_) if function.root() is module)
    return frozenset(found)


def label(function: Function) -> str:
    if isinstance(function, nodes.FunctionDef):
        owner = function.parent
        return f"{owner.name}.{function.name}" if isinstance(owner, nodes.ClassDef) else function.name
    return "lambda"


def runners(entry: Entry) -> List[Runner]:
    """The functions the pipeline calls directly for an entry."""
    return handed_over(entry)[0]


def handed_over(entry: Entry) -> Tuple[List[Runner], List[OperatorUse]]:
    """What an entry hands to the pipeline: user functions, and MindSpore operators given directly.

    ``map(operations=[normalize, ops.ReLU()])`` hands over ``normalize`` and a Primitive.
    """
    methods = SOURCE_METHODS if entry.what.startswith("GeneratorDataset(source") else ("__call__",)
    found: Tuple[List[Runner], List[OperatorUse]] = ([], [])
    _collect(entry.argument, methods, found, 0)
    return found


def _is_operator(entity) -> bool:
    """An ops/mint/numpy function or Primitive instance that computes (not ``ops.is_tensor``)."""
    if entity is None or entity.path.rpartition(".")[2] in QUIET_FUNCTIONS:
        return False
    return (entity.kind == "function" and entity.op) or entity.kind == "primitive_instance"


def _direct_operator(expr: nodes.NodeNG) -> Optional[str]:
    """"operator", "Primitive" or "Cell" for a MindSpore operator object (``ops.relu``, ``nn.ReLU()``)."""
    if isinstance(expr, nodes.Call):
        return _built_kind(expr)
    return "operator" if _is_operator(names.entity(expr)) else None


def _collect(expr: nodes.NodeNG, methods: Sequence[str], found, depth: int) -> None:
    if depth > MAX_DEPTH:
        return
    direct = _direct_operator(expr)
    if direct is not None:
        found[1].append(OperatorUse(expr, direct, _short(expr)))
        return
    if isinstance(expr, nodes.Lambda) and not isinstance(expr, nodes.FunctionDef):
        found[0].append(Runner(expr, "lambda"))
        return
    if isinstance(expr, (nodes.List, nodes.Tuple)):
        for element in expr.elts:
            _collect(element, methods, found, depth + 1)
        return
    if isinstance(expr, nodes.Call):
        _collect_call(expr, methods, found, depth)
        return
    if names.is_builtin(expr):
        return
    method = _self_method(expr)
    definition = method or resolve.definition(expr)
    if isinstance(definition, nodes.FunctionDef):
        found[0].append(Runner(definition, label(definition)))
        return
    value = _single_value(expr)
    if value is not None:
        _collect(value, methods, found, depth + 1)


def _collect_call(call: nodes.Call, methods: Sequence[str], found, depth: int) -> None:
    qualified = names.mindspore_name(call.func) or names.qualified_name(call.func) or ""
    if qualified.startswith("mindspore.dataset.") and qualified.rpartition(".")[2] in TRANSFORM_CONTAINERS:
        if call.args:
            _collect(call.args[0], methods, found, depth + 1)
        return
    if qualified == "functools.partial" and call.args:
        _collect(call.args[0], methods, found, depth + 1)
        return
    definition = resolve.called_definition(call)
    if isinstance(definition, nodes.ClassDef):
        for name in methods:
            method = cells.method(definition, name)
            if method is not None:
                found[0].append(Runner(method, label(method)))
    elif isinstance(definition, nodes.FunctionDef) and "__getitem__" in methods and _is_generator(definition):
        found[0].append(Runner(definition, label(definition)))


def _is_generator(function: nodes.FunctionDef) -> bool:
    return any(node.scope() is function for node in function.nodes_of_class((nodes.Yield, nodes.YieldFrom)))


def reachable(start: Sequence[Runner]) -> List[Tuple[Function, Tuple[str, ...]]]:
    """Each function the pipeline runs, with the chain of labels that leads to it."""
    result: List[Tuple[Function, Tuple[str, ...]]] = []
    seen = set()
    frontier = [(runner.function, (runner.label,)) for runner in start]
    for depth in range(MAX_CALL_DEPTH + 1):
        following = []
        for function, chain in frontier:
            if function in seen or len(result) >= MAX_FUNCTIONS:
                continue
            seen.add(function)
            result.append((function, chain))
            if depth < MAX_CALL_DEPTH:
                following.extend((callee, chain + (label(callee),)) for callee in _callees(function))
        frontier = following
    return result


def _own_nodes(function: Function, klass) -> Iterator[nodes.NodeNG]:
    """Nodes of the function's body (nested lambdas included, nested defs and classes not)."""
    body = function.body if isinstance(function.body, list) else [function.body]
    for statement in body:
        if isinstance(statement, (nodes.FunctionDef, nodes.ClassDef)):
            continue
        yield from statement.nodes_of_class(klass, skip_klass=(nodes.FunctionDef, nodes.ClassDef))


def _callees(function: Function) -> Iterator[nodes.FunctionDef]:
    for call in _own_nodes(function, nodes.Call):
        if names.mindspore_name(call.func) or names.is_builtin(call.func):
            continue
        callee = _self_method(call.func) or resolve.definition(call.func) or _called_object(call.func)
        if isinstance(callee, nodes.FunctionDef):
            yield callee


def _called_object(func: nodes.NodeNG) -> Optional[nodes.FunctionDef]:
    """``__call__`` of the user class whose instance ``func`` names (``self.aug = Aug()``, then ``self.aug(x)``)."""
    if isinstance(func, nodes.Name):
        built = [_single_value(func)]
    elif _self_class(func) is not None:
        built = _self_values(func)
    else:
        return None
    classes = {resolve.called_definition(value) if isinstance(value, nodes.Call) else None for value in built}
    classdef = classes.pop() if len(classes) == 1 else None
    return cells.method(classdef, "__call__") if isinstance(classdef, nodes.ClassDef) else None


# -- MindSpore operators --------------------------------------------------------


def _built_object(expr: nodes.NodeNG) -> Optional[str]:
    """"Primitive" or "Cell" if ``expr`` builds (or names a value built as) a Primitive or a Cell."""
    candidates: List[nodes.NodeNG] = []
    if isinstance(expr, nodes.Call):
        candidates = [expr]
    elif isinstance(expr, nodes.Name):
        value = _single_value(expr)
        candidates = [value] if value is not None else []
    elif _self_class(expr) is not None:
        candidates = _self_values(expr)
    kinds = {_built_kind(candidate) for candidate in candidates}
    return kinds.pop() if len(kinds) == 1 else None


def _built_kind(expr: nodes.NodeNG) -> Optional[str]:
    if not isinstance(expr, nodes.Call):
        return None
    entity = names.called_entity(expr)
    if entity is not None:
        return {"primitive": "Primitive", "cell": "Cell"}.get(entity.kind)
    return "Cell" if cells.builds_cell(expr) is True else None


def _call_use(call: nodes.Call, evaluator: values.Evaluator) -> Optional[str]:
    entity = names.called_entity(call)
    if entity is not None:
        return "operator" if _is_operator(entity) else None
    if names.mindspore_name(call.func):
        return None
    built = _built_object(call.func)
    if built is not None:
        return built
    if isinstance(call.func, nodes.Attribute) and evaluator.kind(call.func.expr) is values.Kind.TENSOR:
        if call.func.attrname not in QUIET_TENSOR_METHODS or _fresh_tensor(call.func.expr):
            return "Tensor method"
    return None


def _fresh_tensor(expr: nodes.NodeNG) -> bool:
    """``Tensor(x)``, or a name assigned once from it: ``.asnumpy()`` of it fails in a pipeline."""
    value = _single_value(expr) if isinstance(expr, nodes.Name) else expr
    if not isinstance(value, nodes.Call):
        return False
    entity = names.called_entity(value)
    return entity is not None and (entity.path in TENSOR_FACTORIES or entity.kind == "tensor")


PRIORITY = {"operator": 0, "Primitive": 0, "Cell": 0, "Tensor method": 1, "Tensor arithmetic": 2}


def operator_uses(function: Function) -> Iterator[OperatorUse]:
    """MindSpore operators a function runs: ops/mint/numpy calls, Primitive and Cell calls, Tensor maths.

    At most one per line: an operator call before a Tensor method before Tensor arithmetic.
    """
    evaluator = values.Evaluator(function, inputs_are_tensors=False)
    best = {}
    for position, node in enumerate(_own_nodes(function, (nodes.Call, nodes.BinOp))):
        if isinstance(node, nodes.Call):
            kind = _call_use(node, evaluator)
        else:
            operands = (evaluator.kind(node.left), evaluator.kind(node.right))
            kind = "Tensor arithmetic" if values.Kind.TENSOR in operands else None
        if kind is None:
            continue
        rank = (PRIORITY[kind], position)
        if node.fromlineno not in best or rank < best[node.fromlineno][0]:
            best[node.fromlineno] = (rank, node, kind)
    for line in sorted(best):
        _, node, kind = best[line]
        shown = node.func if isinstance(node, nodes.Call) and kind != "Tensor method" else node
        yield OperatorUse(node, kind, _short(shown))


def _short(node: nodes.NodeNG, width: int = 60) -> str:
    text = " ".join(node.as_string().split())
    return text if len(text) <= width else text[: width - 3] + "..."
