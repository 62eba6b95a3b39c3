"""MindSpore's training set-up APIs: training steps, mixed precision, loss scaling, seeds, distribution.

Each function classifies one call by the MindSpore API it calls, resolved through the file's
imports and the bundled catalog, and reads the arguments that matter (``amp_level="O3"``,
``parallel_mode="data_parallel"``, ``weights=``). Values that are not literals or MindSpore
constants come back as ``DYNAMIC``: the rules decide what an unknown value means for them.
"""

from __future__ import annotations

import re
from typing import Optional

from astroid import nodes

from ms_lint.data import ascend_float16_ops
from ms_lint.semantics import catalog, names, resolve

DYNAMIC = "dynamic"

SET_SEED = "mindspore.common.seed.set_seed"
COMM_INIT = "mindspore.communication.management.init"
SET_AUTO_PARALLEL_CONTEXT = "mindspore.context.set_auto_parallel_context"
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
PARALLEL_MODE_CONSTANTS = {name.upper(): name for name in DISTRIBUTED_MODES} | {"STAND_ALONE": "stand_alone"}
# Helpers named like these set seeds (``set_seed``, ``seed_everything``, ``init_seed``) ...
SEED_HELPER = re.compile(r"(^|_)seeds?($|_)", re.IGNORECASE)
# ... except in these libraries, whose seeds do not reach MindSpore's initialisers.
NOT_MINDSPORE_SEEDS = ("numpy.", "random.", "torch.", "mindspore.dataset.", "tensorflow.", "paddle.", "jax.", "cupy.")

MAX_HELPER_DEPTH = 2

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
) | ascend_float16_ops.BASENAMES


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
    name = called(call)
    return name if name in LEVEL_PARAMETERS else None


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


def train_step(call: nodes.Call) -> Optional[str]:
    """The MindSpore API a call builds a training step with, or None.

    ``Model`` with an optimizer, ``build_train_network``, ``TrainOneStepCell`` and its
    subclasses, and gradients taken with respect to weights (``value_and_grad(fn, None,
    weights)``, ``GradOperation(get_by_list=True)``).
    """
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
    name = called(call)
    if name == COMM_INIT:
        return "init"
    if name != SET_AUTO_PARALLEL_CONTEXT:
        return None
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
    """The API that loads a checkpoint into a network: ``load_param_into_net(net, ...)`` (not into
    an optimizer), or ``load_checkpoint(file, net)``."""
    name = called(call)
    if name == LOAD_PARAM_INTO_NET:
        target = argument(call, "net")
        text = target.as_string().lower() if target is not None else ""
        return None if "optim" in text or text.endswith("opt") else "load_param_into_net"
    if name == LOAD_CHECKPOINT:
        net = argument(call, "net")
        return "load_checkpoint" if net is not None and not is_none(net) else None
    return None


def seed(call: nodes.Call, depth: int = 0) -> Optional[str]:
    """"set_seed" when a call seeds MindSpore (``ms.set_seed`` or a helper that calls it),
    "seed-helper" for a seed helper whose code cannot be read, else None.

    ``np.random.seed``, ``random.seed`` and ``ds.config.set_seed`` do not count: MindSpore's
    initialisers and dropout do not read them.
    """
    name = names.qualified_name(call.func)
    if name and catalog.canonical(name) == SET_SEED:
        return "set_seed"
    base = names.basename(call.func) or ""
    if not SEED_HELPER.search(base) or base.lower().startswith("get"):
        return None
    if name and (name.startswith(NOT_MINDSPORE_SEEDS) or name.startswith("mindspore")):
        return None
    if name is None and not isinstance(call.func, nodes.Name):
        return None  # a method of a local object (``rng.seed()``)
    definition = resolve.definition(call.func) if depth < MAX_HELPER_DEPTH else None
    if isinstance(definition, nodes.FunctionDef):
        inner = {seed(inner, depth + 1) for inner in definition.nodes_of_class(nodes.Call)}
        return "set_seed" if "set_seed" in inner else ("seed-helper" if "seed-helper" in inner else None)
    return None if isinstance(definition, nodes.ClassDef) else "seed-helper"


# -- operators -------------------------------------------------------------------------


def ascend_float16_op(expr: nodes.NodeNG) -> Optional[str]:
    """"Conv", "Sort" or "TopK" when an expression names an operator Ascend runs in float16 only."""
    if names.basename(expr) not in ascend_float16_ops.BASENAMES:
        return None
    name = canonical_name(expr)
    return ascend_float16_ops.OPS.get(name) if name else None
