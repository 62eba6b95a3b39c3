"""MindSpore's training set-up APIs: training steps, mixed precision, loss scaling, seeds, distribution.

Each function classifies one call by the MindSpore API it calls, resolved through the file's
imports and the bundled catalog, and reads the arguments that matter (``amp_level="O3"``,
``parallel_mode="data_parallel"``, ``weights=``). Values that are not literals or MindSpore
constants come back as ``DYNAMIC``: the rules decide what an unknown value means for them.
"""

from __future__ import annotations

import functools
import os
import re
from typing import Optional, Tuple

from astroid import nodes

from ms_lint.data import ascend_float16_ops
from ms_lint.semantics.names import arguments as arg_binding
from ms_lint.semantics.names import catalog, index, memo, names, resolve

DYNAMIC = "dynamic"

SET_SEED = "mindspore.common.seed.set_seed"
# Seeds of numpy's global generator, which MindSpore's initialisers draw from.
NUMPY_SEEDS = frozenset(
    {"numpy.random.seed", "mindspore.dataset.config.set_seed", "mindspore.dataset.core.config.set_seed"}
)
COMM_INIT = "mindspore.communication.management.init"
SET_AUTO_PARALLEL_CONTEXT = "mindspore.context.set_auto_parallel_context"
DISTRIBUTED_APIS = frozenset({COMM_INIT, SET_AUTO_PARALLEL_CONTEXT})
MODEL = "mindspore.train.model.Model"
BUILD_TRAIN_NETWORK = "mindspore.train.amp.build_train_network"
AUTO_MIXED_PRECISION = "mindspore.train.amp.auto_mixed_precision"
CUSTOM_MIXED_PRECISION = "mindspore.train.amp.custom_mixed_precision"
TRAIN_ONE_STEP_CELL = "mindspore.nn.wrap.cell_wrapper.TrainOneStepCell"
VALUE_AND_GRAD = "mindspore.ops.function.grad.grad_func.value_and_grad"
GRAD = "mindspore.ops.function.grad.grad_func.grad"
GRAD_OPERATION = "mindspore.ops.composite.base.GradOperation"
LOAD_PARAM_INTO_NET = "mindspore.train.serialization.load_param_into_net"
LOAD_CHECKPOINT = "mindspore.train.serialization.load_checkpoint"
FLOAT16, BFLOAT16, FLOAT32 = "mindspore.float16", "mindspore.bfloat16", "mindspore.float32"
LEVEL_PARAMETERS = {MODEL: "amp_level", BUILD_TRAIN_NETWORK: "level"}

# Loss scaling: the managers Model and build_train_network take, the functional scalers, and
# the training cells that scale (their subclasses too, through the catalog's MRO).
LOSS_SCALE_BASES = frozenset(
    {
        "mindspore.train.loss_scale_manager.LossScaleManager",
        "mindspore.amp.LossScaler",
        "mindspore.nn.wrap.loss_scale.TrainOneStepWithLossScaleCell",
        "mindspore.nn.wrap.loss_scale.FixedLossScaleUpdateCell",
        "mindspore.nn.wrap.loss_scale.DynamicLossScaleUpdateCell",
        "mindspore.boost.boost_cell_wrapper.BoostTrainOneStepWithLossScaleCell",
        "mindspore.boost.group_loss_scale_manager.GroupLossScaleManager",
    }
)
# amp levels that run the network in float16 without loss scaling; "O2" brings a
# DynamicLossScaleManager (mindspore.train.amp._config_level), "O0" changes nothing.
FLOAT16_LEVELS = frozenset({"O1", "O3", "auto"})
AMP_LEVELS = frozenset({"O0", "O2"}) | FLOAT16_LEVELS
# auto_mixed_precision only converts: at "O2" too, it adds no loss scaling.
CONVERTING_LEVELS = AMP_LEVELS - {"O0"}
DISTRIBUTED_MODES = frozenset({"data_parallel", "semi_auto_parallel", "auto_parallel", "hybrid_parallel"})
# What makes the ranks of a distributed run exchange gradients besides a parallel mode (MindSpore's training
# cells reduce gradients only in a distributed parallel mode): gradient reducers, all-reduces, parallel wrappers.
GRADIENT_EXCHANGES = frozenset(
    {
        "mindspore.nn.wrap.grad_reducer.DistributedGradReducer",
        "mindspore.nn.wrap.grad_reducer.PipelineGradReducer",
        "mindspore.ops.operations.comm_ops.AllReduce",
        "mindspore.ops.function.comm_func.all_reduce",
        "mindspore.mint.distributed.distributed.all_reduce",
        "mindspore.communication.comm_func.all_reduce",
        "mindspore.parallel.auto_parallel.AutoParallel",
        "mindspore.parallel.distributed.DistributedDataParallel",
        "mindspore.parallel.distributed.distributed_data_parallel.DistributedDataParallel",
    }
)
PARALLEL_MODE_CONSTANTS = {name.upper(): name for name in DISTRIBUTED_MODES} | {"STAND_ALONE": "stand_alone"}
# Helpers named like these set seeds (``set_seed``, ``seed_everything``, ``init_seed``) ...
SEED_HELPER = re.compile(r"(^|_)seeds?($|_)", re.IGNORECASE)
# ... except in these libraries, whose seeds do not reach MindSpore's initialisers.
NOT_MINDSPORE_SEEDS = ("numpy.", "random.", "torch.", "mindspore.dataset.", "tensorflow.", "paddle.", "jax.", "cupy.")

MAX_HELPER_DEPTH = 2
MAX_VALUE_DEPTH = 6
# A seed read from these differs per rank (``rank_id``, ``get_rank()``, ``args.device_id``,
# ``os.getenv("RANK_ID")``); ``rank_size`` and ``device_num`` are the same on every rank.
RANK_NAME = re.compile(r"(^|_)(rank|rank_?id|device_?id)$", re.IGNORECASE)
# ... or per run: clocks and random generators.
RANDOM_SOURCES = ("numpy.random.", "random.", "time.", "datetime.", "uuid.", "secrets.", "os.getpid", "os.urandom")
ENVIRONMENT_READERS = frozenset({"os.getenv", "os.environ.get"})
# Names of evaluation code: a checkpoint loaded there does not start the training run.
EVALUATION_WORDS = frozenset(
    {"eval", "evaluate", "evaluation", "evaluator", "test", "predict", "prediction", "predictor",
     "infer", "inference", "export", "val", "valid", "validate", "validation"}
)

# The last name component of every call the functions below classify: a cheap pre-filter.
BASENAMES = frozenset(
    {
        "set_seed", "init", "set_auto_parallel_context", "Model", "build_train_network",
        "auto_mixed_precision", "custom_mixed_precision", "to_float", "TrainOneStepCell",
        "value_and_grad", "grad", "GradOperation", "load_param_into_net", "load_checkpoint",
        "TrainOneStepWithLossScaleCell", "FixedLossScaleUpdateCell", "DynamicLossScaleUpdateCell",
        "FixedLossScaleManager", "DynamicLossScaleManager", "StaticLossScaler", "DynamicLossScaler",
        "BoostTrainOneStepWithLossScaleCell", "GroupLossScaleManager",
    }
) | {name.rpartition(".")[2] for name in GRADIENT_EXCHANGES} | ascend_float16_ops.BASENAMES


def keyword(call: nodes.Call, name: str, position: Optional[int] = None) -> Optional[nodes.NodeNG]:
    """The argument passed as ``name=`` (or at ``position``), or None."""
    for item in call.keywords or ():
        if item.arg == name:
            return item.value
    if position is not None and len(call.args) > position and not any(
        isinstance(arg, nodes.Starred) for arg in call.args[: position + 1]
    ):
        return call.args[position]
    return None


def argument(call: nodes.Call, name: str) -> Optional[nodes.NodeNG]:
    """The argument a MindSpore API call passes for parameter ``name``, by keyword or by position
    (positions from the catalog's signature of the called API)."""
    entity = catalog.lookup(names.mindspore_name(call.func))
    position = entity.args.index(name) if entity is not None and name in entity.args else None
    return keyword(call, name, position)


def has_unpacked_arguments(call: nodes.Call) -> bool:
    """True for ``f(*args)`` or ``f(**kwargs)``: arguments the code does not show."""
    return any(isinstance(arg, nodes.Starred) for arg in call.args) or any(
        item.arg is None for item in call.keywords or ()
    )


def canonical_name(expr: nodes.NodeNG) -> Optional[str]:
    """The canonical MindSpore name an expression refers to (``ms.Model`` -> ``...model.Model``)."""
    name = names.mindspore_name(expr)
    return catalog.canonical(name) if name else None


def called(call: nodes.Call) -> Optional[str]:
    """The canonical MindSpore name a call calls, or None."""
    return canonical_name(call.func) if isinstance(call, nodes.Call) else None


def called_among(call: nodes.Call, apis: frozenset) -> Optional[str]:
    """The canonical name of ``call`` if it is one of ``apis``; a cheap name filter runs first."""
    if not names.may_call(call, catalog.basenames_of(apis)):
        return None
    name = called(call)
    return name if name in apis else None


def lineage(name: Optional[str]) -> frozenset:
    """A MindSpore class and its MindSpore ancestors."""
    entity = catalog.lookup(name)
    return frozenset((entity.path, *entity.mro)) if entity else frozenset()


def is_none(expr: Optional[nodes.NodeNG]) -> bool:
    return isinstance(expr, nodes.Const) and expr.value is None


def literal(expr: Optional[nodes.NodeNG]):
    """A literal's value (``"O3"``, ``True``), DYNAMIC for any other expression, None when absent."""
    if expr is None:
        return None
    if isinstance(expr, nodes.Const):
        return expr.value
    return DYNAMIC


def dtype(expr: Optional[nodes.NodeNG]) -> Optional[str]:
    """``mindspore.float16``, ``mindspore.float32``... for a MindSpore dtype expression, else None."""
    entity = names.entity(expr) if expr is not None else None
    return entity.path if entity is not None and entity.kind == "dtype" else None


# -- mixed precision -----------------------------------------------------------------


def amp_level(call: nodes.Call) -> Optional[str]:
    """The level a ``Model(...)`` or ``build_train_network(...)`` call converts its network at.

    ``"O0"`` when omitted, the literal level, DYNAMIC for a variable, None when the call is
    neither or its arguments are hidden in ``**kwargs``.
    """
    if training_api(call) is None:
        return None
    value = level_argument(call)
    if value is None:
        return None if has_unpacked_arguments(call) else "O0"
    level = literal(value)
    return level if level in AMP_LEVELS else DYNAMIC


def training_api(call: nodes.Call) -> Optional[str]:
    """MODEL or BUILD_TRAIN_NETWORK when the call is one of them."""
    return called_among(call, frozenset(LEVEL_PARAMETERS))


def level_argument(call: nodes.Call) -> Optional[nodes.NodeNG]:
    """The ``amp_level`` of ``Model(...)`` or ``level`` of ``build_train_network(...)``, as written."""
    name = training_api(call)
    return argument(call, LEVEL_PARAMETERS[name]) if name else None


def float16_conversion(call: nodes.Call) -> Optional[str]:
    """How a call casts a network to float16: "to_float", "auto_mixed_precision", "custom_mixed_precision"
    or "amp_level"; None when it does not, or when the dtype or level is unknown or bfloat16."""
    if isinstance(call.func, nodes.Attribute) and call.func.attrname == "to_float":
        return "to_float" if dtype(keyword(call, "dst_type", position=0)) == FLOAT16 else None
    name = called(call)
    if name == AUTO_MIXED_PRECISION:
        level = literal(argument(call, "amp_level"))
        if level in CONVERTING_LEVELS and _float16_dtype(argument(call, "dtype")):
            return "auto_mixed_precision"
        return None
    if name == CUSTOM_MIXED_PRECISION:
        return "custom_mixed_precision" if _float16_dtype(argument(call, "dtype")) else None
    return "amp_level" if amp_level(call) in FLOAT16_LEVELS else None


def _float16_dtype(expr: Optional[nodes.NodeNG]) -> bool:
    """The ``dtype`` argument of the amp functions: float16 by default."""
    return expr is None or dtype(expr) == FLOAT16


def loss_scaling(call: nodes.Call) -> Optional[str]:
    """The loss-scaling API a call uses (a manager, a scaler, a loss-scale cell,
    ``loss_scale_manager=``, ``TrainOneStepCell(sens=...)``), or None."""
    manager = keyword(call, "loss_scale_manager")
    if manager is not None:
        # loss_scale_manager=None also removes the manager amp_level="O2" would bring.
        return None if is_none(manager) else "loss_scale_manager"
    name = called(call)
    if name is None:
        return None
    if lineage(name) & LOSS_SCALE_BASES:
        return name.rpartition(".")[2]
    if name == TRAIN_ONE_STEP_CELL:
        sens = literal(argument(call, "sens"))
        if sens is not None and sens != 1.0:
            return "TrainOneStepCell(sens)"
    if amp_level(call) == "O2":
        return "amp_level O2"
    return None


def is_loss_scaling_class(classdef: nodes.ClassDef) -> bool:
    """A user class deriving from a MindSpore loss-scale cell or manager."""
    return any(lineage(canonical_name(base)) & LOSS_SCALE_BASES for base in classdef.bases)


# -- training steps --------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def train_step_basenames() -> frozenset:
    """Names the APIs that build a training step may be called by."""
    apis = {MODEL, BUILD_TRAIN_NETWORK, VALUE_AND_GRAD, GRAD, GRAD_OPERATION}
    return catalog.basenames_of(frozenset(apis | catalog.subclasses_of(TRAIN_ONE_STEP_CELL)))


def train_step(call: nodes.Call) -> Optional[str]:
    """The MindSpore API a call builds a training step with, or None.

    ``Model`` with an optimizer, ``build_train_network``, ``TrainOneStepCell`` and its
    subclasses, and gradients taken with respect to weights (``value_and_grad(fn, None,
    weights)``, ``GradOperation(get_by_list=True)``).
    """
    if not names.may_call(call, train_step_basenames()):
        return None
    name = called(call)
    if name is None:
        return None
    if name == MODEL:
        optimizer = argument(call, "optimizer")
        if (optimizer is not None and not is_none(optimizer)) or has_unpacked_arguments(call):
            return "Model"
        return None
    if name == BUILD_TRAIN_NETWORK:
        return "build_train_network"
    if TRAIN_ONE_STEP_CELL in lineage(name):
        return name.rpartition(".")[2]
    if name in (VALUE_AND_GRAD, GRAD):
        weights = argument(call, "weights")
        return name.rpartition(".")[2] if weights is not None and not is_none(weights) else None
    if name == GRAD_OPERATION:
        return "GradOperation" if literal(argument(call, "get_by_list")) not in (None, False) else None
    return None


def is_train_step_class(classdef: nodes.ClassDef) -> bool:
    """A user class deriving from ``nn.TrainOneStepCell`` (or a subclass of it)."""
    return any(TRAIN_ONE_STEP_CELL in lineage(canonical_name(base)) for base in classdef.bases)


# -- distributed runs and what keeps their replicas in sync -------------------------------


def distributed(call: nodes.Call) -> Optional[str]:
    """"init" for ``communication.init()``; the parallel mode for ``set_auto_parallel_context(
    parallel_mode=...)`` in a distributed mode (DYNAMIC when it is a variable); else None."""
    name = called_among(call, DISTRIBUTED_APIS)
    if name == COMM_INIT:
        return "init"
    return _distributed_mode(call) if name == SET_AUTO_PARALLEL_CONTEXT else None


def gradient_exchange(call: nodes.Call) -> Optional[str]:
    """How a call makes the ranks exchange gradients: the distributed parallel mode it sets (DYNAMIC
    when the code does not show it: a variable, or ``**kwargs``), or the reducer, all-reduce or parallel
    wrapper it builds or calls (its name); None otherwise."""
    name = called(call)
    if name in GRADIENT_EXCHANGES:
        return name.rpartition(".")[2]
    if name != SET_AUTO_PARALLEL_CONTEXT:
        return None
    if keyword(call, "parallel_mode") is None and has_unpacked_arguments(call):
        return DYNAMIC
    return _distributed_mode(call)


def _distributed_mode(call: nodes.Call) -> Optional[str]:
    """The distributed mode ``set_auto_parallel_context(parallel_mode=...)`` sets (DYNAMIC for a variable), or None."""
    mode = keyword(call, "parallel_mode")
    if mode is None:
        return None
    value = _parallel_mode(mode)
    return value if value in DISTRIBUTED_MODES or value == DYNAMIC else None


def _parallel_mode(expr: nodes.NodeNG) -> str:
    if isinstance(expr, nodes.Const) and isinstance(expr.value, str):
        return expr.value.lower()
    name = names.mindspore_name(expr)
    if name and ".ParallelMode." in name:
        return PARALLEL_MODE_CONSTANTS.get(name.rpartition(".")[2], DYNAMIC)
    return DYNAMIC


def parameter_broadcast(call: nodes.Call) -> Optional[str]:
    """"True" (or DYNAMIC) for ``set_auto_parallel_context(parameter_broadcast=...)``."""
    if called(call) != SET_AUTO_PARALLEL_CONTEXT:
        return None
    value = literal(keyword(call, "parameter_broadcast"))
    if value is True:
        return "True"
    return DYNAMIC if value == DYNAMIC else None


def checkpoint_load(call: nodes.Call) -> Optional[str]:
    """The API that loads a checkpoint into the network on every run of the training code:
    ``load_param_into_net(net, ...)`` (not into an optimizer) or ``load_checkpoint(file, net)``.

    A load under a condition (``if args.resume:``, after ``if not path: return``) or in
    evaluation code (an eval/test/predict/export function, class or script, or a network named
    so) does not count: it does not make every training run start from the same weights.
    """
    name = called(call)
    if name == LOAD_PARAM_INTO_NET:
        target = argument(call, "net")
        text = target.as_string().lower() if target is not None else ""
        if "optim" in text or text.endswith("opt") or _loaded_conditionally(argument(call, "parameter_dict")):
            return None
    elif name == LOAD_CHECKPOINT:
        target = argument(call, "net")
        if target is None or is_none(target):
            return None
    else:
        return None
    if is_conditional(call) or _in_evaluation_code(call, target):
        return None
    return name.rpartition(".")[2]


def _loaded_conditionally(parameters: Optional[nodes.NodeNG]) -> bool:
    """``load_checkpoint(path) if path else {}``, or a name assigned so or under a condition."""
    if isinstance(parameters, nodes.IfExp):
        return True
    if not isinstance(parameters, nodes.Name):
        return False
    found = names.bindings(parameters)
    return any(
        is_conditional(binding) or isinstance(getattr(binding.parent, "value", None), nodes.IfExp) for binding in found
    )


def is_main_guard(node: nodes.NodeNG) -> bool:
    """``if __name__ == "__main__":``."""
    return isinstance(node, nodes.If) and "__name__" in node.test.as_string() and "__main__" in node.test.as_string()


def is_conditional(node: nodes.NodeNG) -> bool:
    """True when a statement of its function (or module) may not run although the function does:
    it sits in an ``if`` (not the ``__main__`` guard), a conditional expression, an ``and``/``or``
    or an ``except`` handler, or follows an ``if`` that may return."""
    child, parent = node, node.parent
    while parent is not None and not isinstance(child, (nodes.FunctionDef, nodes.Module)):
        if isinstance(parent, nodes.ExceptHandler):
            return True
        if isinstance(parent, nodes.BoolOp) and child is not parent.values[0]:
            return True
        if isinstance(parent, (nodes.If, nodes.IfExp)) and child is not parent.test and not is_main_guard(parent):
            return True
        if child.is_statement and _after_early_return(child):
            return True
        child, parent = parent, parent.parent
    return False


def _after_early_return(statement: nodes.NodeNG) -> bool:
    for earlier in index.earlier_siblings(statement):
        returns = earlier.nodes_of_class(nodes.Return, skip_klass=(nodes.FunctionDef, nodes.ClassDef))
        if isinstance(earlier, nodes.If) and next(returns, None) is not None:
            return True
    return False


def words(name: str) -> frozenset:
    """``EvalCallback`` -> {"eval", "callback"}; ``run_eval`` -> {"run", "eval"}."""
    return frozenset(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower().split("_"))


def is_evaluation_name(name: Optional[str]) -> bool:
    """A name of evaluation or test code: ``eval``, ``run_eval``, ``EvalCallback``, ``test_trainer``;
    not ``train_and_eval``."""
    found = words(name or "")
    return bool(found & EVALUATION_WORDS) and not found & {"train", "training", "finetune", "pretrain"}


def _in_evaluation_code(call: nodes.Call, target: Optional[nodes.NodeNG]) -> bool:
    """A call in an eval/test/predict/export function, class or script, or that loads an
    evaluation network (``eval_net``, ``net_test``)."""
    if target is not None and is_evaluation_name(names.basename(target)):
        return True
    return in_evaluation_function(call) or is_evaluation_name(os.path.splitext(os.path.basename(call.root().file or ""))[0])


def in_evaluation_function(node: nodes.NodeNG) -> bool:
    """A node in an eval/test/predict/export function or class."""
    scope = node.scope()
    while not isinstance(scope, nodes.Module):
        if is_evaluation_name(getattr(scope, "name", None)):
            return True
        scope = scope.parent.scope()
    return False


def seed(call: nodes.Call) -> Optional[str]:
    """"set_seed" when a call seeds MindSpore (``ms.set_seed`` or a helper that calls it) with a
    value that may be the same on every rank, "seed-helper" for a seed helper whose code cannot be
    read, else None.

    "numpy-seed" for ``np.random.seed(...)`` or ``ds.config.set_seed(...)`` (which seeds numpy):
    MindSpore's initialisers draw their seeds from numpy's global generator (observed on 2.10,
    ``mindspore/common/initializer.py``), so the same numpy seed on every rank gives every rank
    the same initial parameters. ``random.seed`` does not count, nor does a seed that differs per
    rank or per run (see :func:`varying_seed`).
    """
    found = _seeding(call)
    return found[0] if found is not None and not found[1] else None


def varying_seed(call: nodes.Call) -> Optional[str]:
    """The text of a call that seeds MindSpore with a value that differs per rank or per run:
    ``set_seed(seed + rank_id)``, ``set_seed(get_rank())``, ``set_seed(np.random.randint(100))``,
    ``set_seed(int(time.time()))``, or a seed helper called with one."""
    found = _seeding(call)
    return call.as_string() if found is not None and found[1] else None


@memo.per_node
def _seeding(call: nodes.Call) -> Optional[Tuple[str, bool]]:
    if _seeds_a_parameter_of_a_seed_helper(call):
        return None  # ``def set_seed(seed): ms.set_seed(seed)``: its callers' calls say what it sets
    return _seed(call, 0, {})


def _seeds_a_parameter_of_a_seed_helper(call: nodes.Call) -> bool:
    function = call.scope()
    if not isinstance(function, nodes.FunctionDef) or not SEED_HELPER.search(function.name):
        return False
    value = keyword(call, "seed", position=0)
    if value is None or (canonical_name(call.func) != SET_SEED and names.qualified_name(call.func) not in NUMPY_SEEDS):
        return False
    used = [value] if isinstance(value, nodes.Name) else list(value.nodes_of_class(nodes.Name))
    return any(
        isinstance(binding.parent, nodes.Arguments) and binding.scope() is function
        for name in used
        for binding in names.bindings(name)
    )


def _seed(call: nodes.Call, depth: int, env: dict) -> Optional[Tuple[str, bool]]:
    """(kind, varies): how a call seeds MindSpore, and whether its value certainly differs
    per rank or per run. ``env`` binds the parameters of the helper the call is in."""
    name = names.qualified_name(call.func)
    if name and catalog.canonical(name) == SET_SEED:
        return "set_seed", _varies(keyword(call, "seed", position=0), env, 0)
    if name in NUMPY_SEEDS:
        value = keyword(call, "seed", position=0)
        return "numpy-seed", value is None or _varies(value, env, 0)  # no argument: a seed from the OS
    base = names.basename(call.func) or ""
    if not SEED_HELPER.search(base) or base.lower().startswith("get"):
        return None
    if name and (name.startswith(NOT_MINDSPORE_SEEDS) or name.startswith("mindspore")):
        return None
    if name is None and not isinstance(call.func, nodes.Name):
        return None  # a method of a local object (``rng.seed()``)
    definition = resolve.definition(call.func) if depth < MAX_HELPER_DEPTH else None
    if isinstance(definition, nodes.ClassDef):
        return None
    if not isinstance(definition, nodes.FunctionDef):
        first = keyword(call, "seed", position=0)
        return "seed-helper", first is not None and _varies(first, env, 0)
    inner_env = _parameters(definition, call, env)
    inner = [_seed(item, depth + 1, inner_env) for item in definition.nodes_of_class(nodes.Call)]
    inner = [found for found in inner if found]
    for kind in ("set_seed", "numpy-seed", "seed-helper"):
        seeds = [varies for found_kind, varies in inner if found_kind == kind]
        if seeds:
            return kind, all(seeds)
    return None


def _parameters(definition: nodes.FunctionDef, call: nodes.Call, env: dict) -> dict:
    """A helper's parameters bound to the call's arguments (or their defaults), each with the
    bindings of the caller it is read in."""
    arguments = definition.args
    positional = [arg.name for arg in (arguments.posonlyargs or []) + (arguments.args or [])]
    bound = {}
    defaults = arguments.defaults or []
    for parameter, default in zip(positional[len(positional) - len(defaults):], defaults):
        bound[parameter] = (default, {})
    for parameter, default in zip(arguments.kwonlyargs or [], arguments.kw_defaults or []):
        if default is not None:
            bound[parameter] = (default, {})
    if isinstance(definition.parent, nodes.ClassDef) and positional:
        positional = positional[1:]  # ``self``
    for parameter, value in arg_binding.bound(call, positional).items():
        bound[parameter] = (value, env)
    return bound


def _is_rank_name(name: Optional[str]) -> bool:
    return bool(name) and RANK_NAME.search(name) is not None


def _varies(expr: Optional[nodes.NodeNG], env: dict, depth: int) -> bool:
    """True only when a seed expression certainly differs per rank or per run: it reads a rank
    or device id, or draws from a clock or a random generator. Anything unknown does not vary."""
    if expr is None or depth > MAX_VALUE_DEPTH:
        return False
    if isinstance(expr, nodes.Name):
        return _name_varies(expr, env, depth)
    if isinstance(expr, nodes.Attribute):
        return _is_rank_name(expr.attrname)
    if isinstance(expr, nodes.BinOp):
        return _varies(expr.left, env, depth + 1) or _varies(expr.right, env, depth + 1)
    if isinstance(expr, nodes.UnaryOp):
        return _varies(expr.operand, env, depth + 1)
    if isinstance(expr, nodes.IfExp):
        return _varies(expr.body, env, depth + 1) and _varies(expr.orelse, env, depth + 1)
    if isinstance(expr, nodes.Subscript):  # os.environ["RANK_ID"], seeds[rank]
        return _reads_rank_variable(expr.slice) or _varies(expr.slice, env, depth + 1)
    if isinstance(expr, nodes.Call):
        return _call_varies(expr, env, depth)
    return False


def _name_varies(expr: nodes.Name, env: dict, depth: int) -> bool:
    """Every binding that may reach the name varies: a parameter bound to a varying argument,
    ``seed = args.seed + rank_id``, ``seed += rank_id``; a name astroid cannot follow varies when
    it names a rank (``rank_id``)."""
    found = names.bindings(expr)
    if not found:
        return _is_rank_name(expr.name)
    return all(_binding_varies(binding, expr.name, env, depth) for binding in found)


def _binding_varies(binding: nodes.NodeNG, name: str, env: dict, depth: int) -> bool:
    statement = binding.parent
    if isinstance(statement, nodes.Arguments):
        if name in env:
            value, outer = env[name]
            return _varies(value, outer, depth + 1)
        return _is_rank_name(name)
    if isinstance(statement, (nodes.Assign, nodes.AugAssign)):
        return _varies(statement.value, env, depth + 1)
    return _is_rank_name(name)  # ``for rank in ...``, ``rank, size = ...``, an import


def _reads_rank_variable(expr: Optional[nodes.NodeNG]) -> bool:
    """A literal naming a rank environment variable (``"RANK_ID"``, ``"DEVICE_ID"``)."""
    return isinstance(expr, nodes.Const) and isinstance(expr.value, str) and _is_rank_name(expr.value)


def _call_varies(call: nodes.Call, env: dict, depth: int) -> bool:
    name = names.qualified_name(call.func) or ""
    if name.startswith(RANDOM_SOURCES) or _is_rank_name(names.basename(call.func)):
        return True
    if name in ENVIRONMENT_READERS:
        return any(_reads_rank_variable(arg) for arg in call.args)
    if names.is_builtin(call.func):  # int(...), abs(...), hash(...)
        return any(_varies(arg, env, depth + 1) for arg in call.args)
    return False


# -- operators -------------------------------------------------------------------------


def ascend_float16_op(expr: nodes.NodeNG) -> Optional[str]:
    """"Conv", "Sort" or "TopK" when an expression names an operator Ascend runs in float16 only."""
    if names.basename(expr) not in ascend_float16_ops.BASENAMES:
        return None
    name = canonical_name(expr)
    return ascend_float16_ops.OPS.get(name) if name else None
