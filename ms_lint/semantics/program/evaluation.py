"""Training and evaluation set-up: what a ``Model`` is given, and how its data is made.

- what an object was built by: followed back through plain assignments and ``self.<attr>``
  assignments of its class (:func:`origins`); the rules speak only when every such call is known.
  Asked with a ``via`` set, it also follows a parameter to what every call of its function in its
  module passes, and adds the function's key to ``via``: the finding holds if no other module
  calls the function, which the program decides; a ``Model`` may also be a parameter of a function
  its module never calls, which every module importing it must pass a ``Model`` (:func:`from_importers`);
- ``Model``'s methods and their arguments; the ``Metric`` contract;
- the calls a dataset is made by, through the user's factories (:func:`dataset_chain`): which
  batches drop their remainder, which are asked for the evaluation split, which sources are
  sharded per rank.
"""

from __future__ import annotations

import os
import re
from typing import FrozenSet, List, Optional, Set, Tuple

from astroid import nodes

from ms_lint.data import train_api
from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import receivers
from ms_lint.semantics.graph.values import caller_key, passed_arguments
from ms_lint.semantics.names import arguments, constants, index, names, options, resolve
from ms_lint.semantics.program import pipeline, training

MAX_DEPTH = 6


# What a result rests on, for the program to confirm: the functions whose callers in their module it
# rests on (``values.caller_key``), and the parameters whose importers' calls it rests on (:func:`from_importers`).
Via = Set[Tuple[str, ...]]
FROM_IMPORTERS = "<importers>"  # no module has this name: never a caller key


def from_importers(expr: nodes.NodeNG, kind: str) -> Optional[Tuple[str, ...]]:
    """For a parameter of a module-level function its module never calls: what a result resting on
    every module importing the function passing it an object of ``kind`` (a MindSpore class) needs
    the program to confirm; None for anything else."""
    parameter = receivers.parameter_of_unseen_callers(expr)
    if parameter is None:
        return None
    return (FROM_IMPORTERS, *parameter[0], parameter[1], kind)


def origins(
    expr: Optional[nodes.NodeNG], depth: int = 0, via: Optional[Via] = None
) -> Optional[List[nodes.NodeNG]]:
    """The expressions an object may have been assigned from (calls, literals...), or None when
    some binding cannot be followed (a loop variable, an unpacking; a parameter, unless ``via``)."""
    if expr is None or depth > MAX_DEPTH:
        return None
    if isinstance(expr, nodes.Name):
        bindings = names.bindings(expr)
        values = [_assigned(binding) for binding in bindings]
        if via is not None and len(bindings) == 1 and values[0] is None:
            return _passed(bindings[0], depth, via)
        if not values or any(value is None for value in values):
            return None
        return _followed(values, depth, via)
    if isinstance(expr, nodes.Attribute) and _is_self(expr.expr):
        classdef = expr.frame().parent
        assigned = [_assigned(target) for target in classdef.instance_attrs.get(expr.attrname, [])]
        if not assigned or any(value is None for value in assigned):
            return None
        return _followed(assigned, depth, via)
    return [expr]


def _followed(values: List[nodes.NodeNG], depth: int, via: Optional[Via] = None) -> Optional[List[nodes.NodeNG]]:
    found: List[nodes.NodeNG] = []
    for value in values:
        more = origins(value, depth + 1, via)
        if more is None:
            return None
        found.extend(more)
    return found


def _passed(binding: nodes.NodeNG, depth: int, via: Via) -> Optional[List[nodes.NodeNG]]:
    """A parameter's origins: those of what every call of its function in its module passes."""
    found = passed_arguments(binding)
    if found is None:
        return None
    function, passed = found
    via.add(caller_key(function))
    return _followed(passed, depth, via)


def _assigned(binding: nodes.NodeNG) -> Optional[nodes.NodeNG]:
    statement = binding.parent
    if isinstance(statement, nodes.Assign) and binding in statement.targets:
        return statement.value
    if isinstance(statement, nodes.AnnAssign) and statement.target is binding:
        return statement.value
    return None


def _is_self(expr: nodes.NodeNG) -> bool:
    if not isinstance(expr, nodes.Name):
        return False
    frame = expr.frame()
    if not (isinstance(frame, nodes.FunctionDef) and isinstance(frame.parent, nodes.ClassDef)):
        return False
    positional = frame.args.posonlyargs + frame.args.args
    return frame.type == "method" and bool(positional) and positional[0].name == expr.name


def builds(call: nodes.NodeNG, canonical: str) -> bool:
    """A call that builds an instance of the MindSpore class ``canonical`` or of a subclass (the
    user's own subclasses included)."""
    if not isinstance(call, nodes.Call):
        return False
    if canonical in training.lineage(training.called(call)):
        return True
    definition = resolve.called_definition(call)
    return isinstance(definition, nodes.ClassDef) and cells.ancestry(definition).derives_from(canonical)


def is_model(expr: nodes.NodeNG, via: Optional[Via] = None) -> bool:
    """Every value the expression may hold was built by ``mindspore.train.Model`` (or a subclass)."""
    found = origins(expr, via=via)
    return bool(found) and all(builds(value, training.MODEL) for value in found)


def model_method(call: nodes.Call, via: Optional[Via] = None) -> Optional[str]:
    """"train", "fit", "eval", "predict"... when the call is that method of a ``Model``. Asked with
    ``via``, the receiver may be a parameter its callers give a ``Model``, in its module or, when
    its module never calls the function, in the modules importing it."""
    func = call.func
    if not isinstance(func, nodes.Attribute):
        return None
    if is_model(func.expr, via):
        return func.attrname
    imported = from_importers(func.expr, training.MODEL) if via is not None else None
    if imported is None:
        return None
    via.add(imported)
    return func.attrname


def model_argument(call: nodes.Call, method: str, name: str) -> Optional[nodes.NodeNG]:
    """The argument a call of ``Model.<method>`` passes for parameter ``name``, or None."""
    parameters = train_api.SIGNATURES.get(method, ())
    position = parameters.index(name) if name in parameters else None
    return training.keyword(call, name, position)


def metric_gaps(classdef: nodes.ClassDef) -> Optional[Tuple[str, ...]]:
    """For a user subclass of ``mindspore.train.Metric``: which of ``clear``/``update``/``eval``
    neither the class nor its user-written ancestors define.

    None when the class is no Metric, a base cannot be resolved, a built-in metric (``Accuracy``)
    provides the methods, or a class decorator may add them.
    """
    lineage = cells.ancestry(classdef)
    if lineage.mindspore != {train_api.METRIC} or not lineage.complete:
        return None
    own = (classdef, *lineage.user)
    if any(item.decorators for item in own):
        return None
    return tuple(name for name in train_api.METRIC_METHODS if not any(name in item.locals for item in own))


# -- batching of evaluation data ----------------------------------------------------------

BATCH_PARAMETERS = ("batch_size", "drop_remainder")  # Dataset.batch's first two, 1.x to 2.10
# Parameters that choose the evaluation split of a dataset factory, and their evaluation values.
SPLIT_FLAGS = frozenset({"is_train", "training", "is_training", "train", "do_train", "train_mode"})
SPLIT_NAMES = frozenset({"usage", "split", "mode", "phase", "subset", "stage", "data_type", "dataset_type"})
EVALUATION_SPLITS = frozenset(
    {"test", "testing", "eval", "evaluate", "evaluation", "val", "valid", "validation", "infer", "inference", "predict"}
)
# Dict wrappers config modules build their settings with (``cfg = edict({...})``).
CONFIG_DICTS = frozenset({"edict", "EasyDict", "dict", "Dict"})


def dropping_batch(call: nodes.Call) -> bool:
    """``dataset.batch(n, drop_remainder=True)`` on a traced dataset, ``n`` not the literal 1, and
    not under a condition of its function (``if is_train:``)."""
    if not (isinstance(call.func, nodes.Attribute) and call.func.attrname == "batch"):
        return False
    bound = arguments.bound(call, BATCH_PARAMETERS)
    remainder = bound.get("drop_remainder")
    if not (isinstance(remainder, nodes.Const) and remainder.value is True):
        return False
    if size_may_be_one(bound.get("batch_size")) or training.is_conditional(call):
        return False
    return bool(pipeline.is_dataset(call.func.expr))


ROUNDING = frozenset({"int", "round", "floor", "ceil"})
MAX_SIZE_DEPTH = 3


def size_may_be_one(size: Optional[nodes.NodeNG], depth: int = 0) -> bool:
    """A batch size the code shows may be 1: one that folds to it, a branch that sets it
    (``if not is_train: batch_size = 1``, ``1 if evaluating else n``), or a quotient it works out
    (``int(batch_size / lines_per_sample)``) that does not fold to more."""
    if size is None or depth > MAX_SIZE_DEPTH:
        return False
    value = _size_value(size)
    if value is not None:
        return value <= 1
    if isinstance(size, nodes.IfExp):
        return size_may_be_one(size.body, depth + 1) or size_may_be_one(size.orelse, depth + 1)
    if isinstance(size, nodes.Name):
        for binding in names.bindings(size):
            statement = binding.parent if isinstance(binding, nodes.AssignName) else None
            if isinstance(statement, nodes.Assign) and statement.targets == [binding]:
                if size_may_be_one(statement.value, depth + 1):
                    return True
        return False
    return any(node.op in ("/", "//") for node in size.nodes_of_class(nodes.BinOp))


def _size_value(size: nodes.NodeNG) -> Optional[float]:
    """The number a size always is, through ``int(...)`` and its kin."""
    if isinstance(size, nodes.Call) and len(size.args) == 1 and names.basename(size.func) in ROUNDING:
        value = constants.number(size.args[0])
        return float(int(value)) if value is not None else None
    folded = constants.fold(size)
    return float(folded) if isinstance(folded, int) else constants.number(size)


def batch_size_parameter(batch: nodes.Call) -> Optional[Tuple[str, Optional[nodes.NodeNG]]]:
    """(name, default) when a batch's size is a parameter of its function, used as is."""
    size = arguments.bound(batch, BATCH_PARAMETERS).get("batch_size")
    binding = names.single_binding(size) if isinstance(size, nodes.Name) else None
    if binding is None or not isinstance(binding.parent, nodes.Arguments):
        return None
    try:
        default = binding.parent.default_value(size.name)
    except Exception:  # pylint: disable=broad-except  # astroid raises NoDefault
        default = None
    return size.name, default


def batches_one(
    batch: nodes.Call, call: Optional[nodes.Call] = None, read: Optional[Set[str]] = None
) -> Optional[bool]:
    """Whether a batch's size is the literal 1 (True), anything else (False), or unknown (None):
    its size is a parameter without a default that ``call`` (a call of the batch's function) does
    not give. A size that counts as larger because it is read from an option (``cfg.batch_size``)
    adds the option to ``read``: the defaults the program gives it decide."""
    parameter = batch_size_parameter(batch)
    if parameter is None:
        _note_option(arguments.bound(batch, BATCH_PARAMETERS).get("batch_size"), read)
        return False
    function = batch.scope()
    if call is not None and isinstance(function, nodes.FunctionDef) and cells.called_definition(call) is function:
        given = arguments.bound(call, positional(function)).get(parameter[0])
        if given is not None:
            set_before = _attribute_set_before(given, call)
            if set_before is not None:
                return set_before
            if _config_entry(given) == 1 or _option_defaults_one(given, call) or constants.fold(given) == 1:
                return True
            _note_option(given, read)
            return False  # a value that is not the literal 1 counts as larger
    if parameter[1] is None:
        return None
    if constants.fold(parameter[1]) == 1:
        return True
    _note_option(parameter[1], read)
    return False


def _note_option(size: Optional[nodes.NodeNG], read: Optional[Set[str]]) -> None:
    """Add to ``read`` the option a size reads, directly or through a name assigned from one
    (``size = args.eval_batch_size``)."""
    if read is None or size is None:
        return
    values = [size]
    if isinstance(size, nodes.Name):
        values = [names.binding_value(binding) for binding in names.bindings(size)]
    read.update(option for option in map(options.read, values) if option)


def _attribute_set_before(value: nodes.NodeNG, call: nodes.Call) -> Optional[bool]:
    """For a size read from an attribute (``config.batch_size``) that the calling function (or
    module) assigns before the call (``config.batch_size = 1``): whether it is 1 (True), certainly
    another number (False), or unknown (None, also when nothing assigns it there)."""
    if not (isinstance(value, nodes.Attribute) and isinstance(value.expr, nodes.Name)):
        return None
    scope = call.scope()
    assigned = [
        target.parent.value
        for target in index.nodes_of(scope, nodes.AssignAttr)
        if target.attrname == value.attrname
        and isinstance(target.expr, nodes.Name)
        and target.expr.name == value.expr.name
        and isinstance(target.parent, nodes.Assign)
        and target.scope() is scope
        and target.fromlineno < call.fromlineno
    ]
    if not assigned:
        return None
    sizes = [constants.fold(expr) for expr in assigned]
    if 1 in sizes:
        return True
    return False if all(isinstance(size, int) for size in sizes) else None


def _config_entry(value: nodes.NodeNG) -> Optional[constants.Value]:
    """The constant a config dict of the user's code gives an attribute read from it:
    ``cfg.eval_batch_size`` where a module sets ``cfg = edict({"eval_batch_size": 1, ...})``."""
    if not (isinstance(value, nodes.Attribute) and isinstance(value.expr, nodes.Name)):
        return None
    config = resolve.module_value(value.expr)
    if isinstance(config, nodes.Call) and names.basename(config.func) in CONFIG_DICTS and len(config.args) == 1:
        config = config.args[0]
    if not isinstance(config, nodes.Dict):
        return None
    for key, entry in config.items:
        if isinstance(key, nodes.Const) and key.value == value.attrname:
            return constants.fold(entry)
    return None


def _option_defaults_one(value: nodes.NodeNG, call: nodes.Call) -> bool:
    """Whether an attribute read for the size (``args.eval_batch_size``) names an argparse option or
    config-class attribute of the calling module that defaults to 1."""
    if not isinstance(value, nodes.Attribute):
        return False
    return any(name == value.attrname and constants.fold(default) == 1 for name, default in options.declared(call.root()))


def positional(function: nodes.FunctionDef) -> List[str]:
    """The parameters a call's positional arguments bind to (``self`` left out of methods)."""
    parameters = [arg.name for arg in function.args.posonlyargs + function.args.args]
    return parameters[1:] if function.type == "method" and parameters else parameters


def dataset_chain(expr: Optional[nodes.NodeNG], depth: int = 0, via: Optional[Via] = None) -> List[nodes.Call]:
    """The calls a dataset expression is made by: its dataset methods (``.batch()``, ``.map()``)
    and its source (``Cifar10Dataset(...)``), through assignments and the returns of the user's
    factory functions."""
    found: List[nodes.Call] = []
    for value in origins(expr, via=via) or ():
        if not isinstance(value, nodes.Call) or depth > MAX_DEPTH:
            continue
        found.append(value)
        func = value.func
        if isinstance(func, nodes.Attribute) and func.attrname in pipeline.DATASET_METHODS:
            found.extend(dataset_chain(func.expr, depth + 1, via))
        else:
            found.extend(returned_chain(value, depth + 1, via))
    return found


def returned_chain(call: nodes.Call, depth: int = 0, via: Optional[Via] = None) -> List[nodes.Call]:
    """The :func:`dataset_chain` of what a call of a user function returns."""
    definition = cells.called_definition(call)
    if not isinstance(definition, nodes.FunctionDef) or depth > MAX_DEPTH:
        return []
    return [found for value in resolve.return_values(definition) for found in dataset_chain(value, depth + 1, via)]


# A batch that drops its remainder, with the options its size is read from (the program's defaults decide).
Dropping = Tuple[nodes.Call, FrozenSet[str]]


def dropping_batches(expr: Optional[nodes.NodeNG], via: Optional[Via] = None) -> List[Dropping]:
    """The ``dropping_batch`` calls a dataset expression comes from, of a size other than 1 for the
    factory calls that lead to them."""
    chain = dataset_chain(expr, via=via)
    return _larger_than_one([call for call in chain if dropping_batch(call)], chain)


def factory_batches(call: nodes.Call) -> List[Dropping]:
    """The ``dropping_batch`` calls whose dataset a call of a user function returns, of a size
    other than 1 for that call."""
    chain = [call, *returned_chain(call)]
    return _larger_than_one([found for found in chain[1:] if dropping_batch(found)], chain)


def _larger_than_one(batches: List[nodes.Call], chain: List[nodes.Call]) -> List[Dropping]:
    found = []
    for batch in batches:
        read: Set[str] = set()
        callers = _calls_of(batch.scope(), chain) or [None]
        if all(batches_one(batch, call, read) is False for call in callers):
            found.append((batch, frozenset(read)))
    return found


def _calls_of(function: nodes.NodeNG, chain: List[nodes.Call]) -> List[nodes.Call]:
    """The calls of a :func:`dataset_chain` that call ``function``."""
    return [call for call in chain if cells.called_definition(call) is function]


def may_ask_for_evaluation_split(call: nodes.Call) -> bool:
    """A cheap filter for :func:`evaluation_split`: some positional argument is ``False`` or an
    evaluation split's name, or a keyword argument is one for a parameter that asks for the split
    (``has_bias=False`` is not: a keyword binds the parameter it names)."""
    # Every call of the code base passes here: a loop without a generator, the cheap type test first.
    for value in call.args:
        if type(value) is nodes.Const and (value.value is False or _names_evaluation(value.value)):
            return True
    for keyword in call.keywords or ():
        value = keyword.value
        if type(value) is nodes.Const and (
            (value.value is False and keyword.arg in SPLIT_FLAGS)
            or (keyword.arg in SPLIT_NAMES and _names_evaluation(value.value))
        ):
            return True
    return False


def _names_evaluation(value) -> bool:
    return isinstance(value, str) and value.lower() in EVALUATION_SPLITS


def evaluation_split(call: nodes.Call, definition: nodes.FunctionDef) -> Optional[str]:
    """The argument by which a factory call asks for the evaluation split (``is_train=False``,
    ``usage="test"``), as written, or None."""
    for name, value in arguments.bound(call, positional(definition)).items():
        if not isinstance(value, nodes.Const):
            continue
        if name in SPLIT_FLAGS and value.value is False:
            return f"{name}=False"
        if name in SPLIT_NAMES and _names_evaluation(value.value):
            return f"{name}={value.value!r}"
    return None


def evaluation_scope(node: nodes.NodeNG) -> Optional[str]:
    """The name of the evaluation function, class or script a node is in (``eval_net``,
    ``Evaluator``, ``eval.py``), or None. pytest's modules (``test_io.py``, ``io_test.py``) are
    unit tests, not evaluation scripts."""
    stem = os.path.splitext(os.path.basename(node.root().file or ""))[0]
    if stem.startswith("test_") or stem.endswith("_test"):
        return None
    scope = node.scope()
    while not isinstance(scope, nodes.Module):
        if training.is_evaluation_name(getattr(scope, "name", None)):
            return scope.name
        scope = scope.parent.scope()
    return f"{stem}.py" if training.is_evaluation_name(stem) else None


def named_for_training(node: nodes.NodeNG) -> bool:
    """A value assigned to a name of training data (``train_data = ds.batch(...)``)."""
    statement = node.parent
    targets = statement.targets if isinstance(statement, nodes.Assign) else []
    return any(
        {"train", "training"} & training.words(target.as_string().rpartition(".")[2]) for target in targets
    )


# -- sharding of distributed training data --------------------------------------------------

SHARD_PARAMETERS = ("num_shards", "shard_id", "sampler")
# Names that show the code splitting data per rank itself (a generator given the rank).
PER_RANK = re.compile(r"rank|shard|group_size|device_num|world_size|replica", re.IGNORECASE)


def unsharded_source(call: nodes.Call) -> bool:
    """A MindSpore source dataset created, unconditionally, without ``num_shards``, ``shard_id``
    or ``sampler``, and with no argument that names a rank or shard (a generator splitting per
    rank itself)."""
    entity = names.called_entity(call)
    if entity is None or entity.kind != "dataset" or "num_shards" not in entity.args:
        return False
    if training.has_unpacked_arguments(call) or training.is_conditional(call):
        return False
    bound = arguments.bound(call, entity.args)
    if any(name in bound for name in SHARD_PARAMETERS):
        return False
    return not any(_names_rank(value) for value in bound.values())


def made_unconditionally(source: nodes.Call, chain: List[nodes.Call], top: nodes.NodeNG, depth: int = 0) -> bool:
    """Whether a call of a :func:`dataset_chain` runs whenever the code in ``top`` that asks for the
    chain does: some call of its function in the chain does, and is not under a condition of its own
    function (``elif device == "CPU": data = create_cifar(...)``, after ``if ...: return``)."""
    function = source.scope()
    if function is top or depth > MAX_DEPTH:
        return True
    callers = _calls_of(function, chain)
    if not callers:
        return True  # not reached through the chain's calls: as before, the source's own conditions decide
    return any(
        not training.is_conditional(call) and made_unconditionally(call, chain, top, depth + 1) for call in callers
    )


MAX_RANK_DEPTH = 3


def _names_rank(expr: nodes.NodeNG, depth: int = 0) -> bool:
    """An argument that may split the data per rank: it names a rank or shard, is chosen under a
    condition (``Source() if distributed else ...``), builds a user source whose code reads the
    rank (``self.rank_id = get_rank()``), or one from values that may (``MetaLoader(loaders)`` after
    ``loaders = build_loaders(opts, device_num=device_num)``)."""
    if _mentions_rank(expr):
        return True
    if depth >= MAX_RANK_DEPTH or not isinstance(expr, nodes.Name):
        return False
    for value in origins(expr) or _assigned_values(expr):
        if training.is_conditional(value) or _names_rank(value, depth + 1):
            return True
        if not isinstance(value, nodes.Call):
            continue
        definition = cells.called_definition(value)
        if definition is not None and _mentions_rank(definition):
            return True
        given = [*value.args, *(keyword.value for keyword in value.keywords or ())]
        if any(_names_rank(argument, depth + 1) for argument in given):
            return True
    return False


def _assigned_values(name: nodes.Name) -> List[nodes.NodeNG]:
    """The right side of every assignment to a name, a tuple unpacking's and an augmented one's
    included (``loaders, size = build(opts, device_num)``, ``size //= device_num``)."""
    found = []
    for binding in names.bindings(name):
        statement = binding.statement()
        if isinstance(statement, (nodes.Assign, nodes.AnnAssign, nodes.AugAssign)) and statement.value is not None:
            found.append(statement.value)
    return found


def _mentions_rank(node: nodes.NodeNG) -> bool:
    for found in (node, *node.nodes_of_class((nodes.Name, nodes.Attribute, nodes.AssignAttr, nodes.Const))):
        name = found.value if isinstance(found, nodes.Const) else names.basename(found) or getattr(found, "attrname", None)
        if isinstance(name, str) and PER_RANK.search(name):
            return True
    return False
