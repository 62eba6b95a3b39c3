"""An optimizer's ``loss_scale`` and whether the training steps it is given to scale the loss.

An optimizer built with ``loss_scale=x`` divides every gradient by ``x`` (``Optimizer.scale_grad``).
That is right only when the training step multiplies the loss by ``x`` and leaves the gradients
scaled: ``FixedLossScaleManager(x, drop_overflow_update=False)`` given to ``Model`` or
``amp.build_train_network``, which then build ``nn.TrainOneStepCell(..., sens=x)`` (MindSpore 2.10
``train/amp.py``), or that cell written by hand. A training step with no loss scaling at all leaves
the gradients divided by ``x``: :func:`unscaled_steps` finds such steps, following the optimizer back
to where it is built (plain assignments, ``self.<attr>`` of its class, the returns of the user's
helpers) and forward to every training step its name is given to, and answers only when all of
that is in sight.

Managers that divide the gradients back themselves (``DynamicLossScaleManager``, a
``FixedLossScaleManager`` that drops overflowing updates, ``amp_level="O2"``'s default,
``nn.TrainOneStepWithLossScaleCell``) count as loss scaling here: with an optimizer ``loss_scale``
they divide twice, another mistake, which this module does not judge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from astroid import nodes

from ms_lint.data import optimizers
from ms_lint.semantics.names import constants, names, resolve
from ms_lint.semantics.program import evaluation, training

MAX_DEPTH = 3
OPTIMIZER_PARAMETER = "optimizer"
# What a training step does with the loss.
SCALED = "scaled"  # a manager, sens, a loss-scale cell, amp_level "O2", or what the code does not show
UNSCALED = "unscaled"  # nothing multiplies the loss
AUTO = "auto"  # amp_level="auto": MindSpore up to 2.2 turns it into "O2" (with a manager) on GPU
# Model methods and attributes that run (or hand out) its training network.
MODEL_TRAINING = frozenset({"train", "fit", "build", "train_network", "_train_network"})


def loss_scale(call: nodes.NodeNG) -> Optional[float]:
    """The ``loss_scale`` a MindSpore optimizer is built with (1.0 when omitted), or None when the
    call builds no optimizer that reads one, or its value is not a constant."""
    if not isinstance(call, nodes.Call) or not names.may_call(call, optimizers.BASENAMES):
        return None
    position = optimizers.LOSS_SCALE_POSITIONS.get(training.called(call))
    if position is None:
        return None
    value = training.keyword(call, "loss_scale", position)
    if value is None:
        return None if training.has_unpacked_arguments(call) else 1.0
    return constants.number(value)


def training_step(call: nodes.Call) -> Optional[str]:
    """"Model", "build_train_network" or the training cell's name, when the call builds a training
    step from an optimizer argument; else None."""
    step = training.train_step(call)
    if step is None or step in ("value_and_grad", "grad", "GradOperation"):
        return None
    return step


def step_scaling(call: nodes.Call) -> str:
    """What a training step (see :func:`training_step`) does with the loss: SCALED, UNSCALED or AUTO."""
    if training.has_unpacked_arguments(call) or training.loss_scaling(call):
        return SCALED
    if training.training_api(call) is None:
        return UNSCALED  # nn.TrainOneStepCell without sens, or with sens=1.0
    boost = training.argument(call, "boost_level")
    if boost is not None and training.literal(boost) != "O0":
        return SCALED  # boost rewraps the step: its scaling is not in sight
    level = training.amp_level(call)
    if level == "auto":
        return AUTO
    return UNSCALED if level in training.AMP_LEVELS else SCALED


@dataclass(frozen=True)
class Built:
    """An optimizer construction an object comes from, with its constant ``loss_scale``."""

    call: nodes.Call
    scale: float


def built_optimizers(expr: Optional[nodes.NodeNG], depth: int = 0) -> Optional[List[Built]]:
    """The optimizer constructions a value comes from, each with a constant ``loss_scale``; None
    when any origin is something else (a parameter, a factory of an installed package, a
    ``loss_scale`` read from a config) or the object is handed on where it cannot be followed."""
    if depth > MAX_DEPTH or not _stays_in_sight(expr, returned=depth > 0):
        return None
    origins = evaluation.origins(expr)
    if not origins:
        return None
    found: List[Built] = []
    for origin in origins:
        scale = loss_scale(origin)
        if scale is not None:
            found.append(Built(origin, scale))
            continue
        returned = _returned_by_helper(origin, depth)
        if returned is None:
            return None
        found.extend(returned)
    return found


def _returned_by_helper(origin: nodes.NodeNG, depth: int) -> Optional[List[Built]]:
    """``make_optimizer(net)``: what every return of a user function (not a method) builds."""
    if not isinstance(origin, nodes.Call) or names.mindspore_name(origin.func):
        return None
    function = resolve.called_definition(origin)
    if not isinstance(function, nodes.FunctionDef) or isinstance(function.parent, nodes.ClassDef):
        return None
    returns = [node for node in function.nodes_of_class(nodes.Return) if node.scope() is function]
    if not returns or any(node.value is None for node in returns):
        return None
    found: List[Built] = []
    for node in returns:
        inner = built_optimizers(node.value, depth + 1)
        if inner is None:
            return None
        found.extend(inner)
    return found


def _stays_in_sight(expr: Optional[nodes.NodeNG], returned: bool) -> bool:
    """A name whose every use in its function is a training step's optimizer argument, an
    attribute read (``opt.get_lr()``) or, in a helper whose return is followed (``returned``), a
    return; an expression that is no name. ``self.<attr>`` must be read only so in its class."""
    if isinstance(expr, nodes.Name):
        found = names.bindings(expr)
        scopes = {binding.scope() for binding in found}
        if len(scopes) != 1:
            return False
        return all(_harmless_use(use, returned) for use in _reads(next(iter(scopes)), expr.name))
    if isinstance(expr, nodes.Attribute) and isinstance(expr.expr, nodes.Name):
        classdef = expr.frame().parent if isinstance(expr.frame(), nodes.FunctionDef) else None
        if not isinstance(classdef, nodes.ClassDef):
            return False
        uses = [
            node
            for node in classdef.nodes_of_class(nodes.Attribute)
            if node.attrname == expr.attrname and isinstance(node.expr, nodes.Name) and node.expr.name == expr.expr.name
        ]
        return all(_harmless_use(use, returned) for use in uses)
    return expr is not None


def _reads(scope: nodes.NodeNG, name: str) -> List[nodes.Name]:
    """Every read of ``name`` in a scope, nested functions and lambdas included."""
    return [node for node in scope.nodes_of_class(nodes.Name) if node.name == name]


def _harmless_use(use: nodes.NodeNG, returned: bool) -> bool:
    parent = use.parent
    if isinstance(parent, nodes.Keyword):
        parent = parent.parent
    if isinstance(parent, nodes.Call) and use is not parent.func:
        return training_step(parent) is not None and _optimizer_argument(parent) is use
    if isinstance(parent, nodes.Attribute) and parent.expr is use:
        return not isinstance(parent.parent, (nodes.Call, nodes.Keyword)) or parent.parent.func is parent
    return returned and isinstance(parent, nodes.Return)


def _optimizer_argument(call: nodes.Call) -> Optional[nodes.NodeNG]:
    return training.argument(call, OPTIMIZER_PARAMETER)


def _steps_given(built: Built) -> Optional[List[nodes.Call]]:
    """The training steps the object built by ``built.call`` reaches through its name, when the
    call is assigned to a plain name (inline in a step, it is that step's alone)."""
    statement = built.call.parent
    if isinstance(statement, (nodes.Call, nodes.Keyword)):
        return []
    if not (isinstance(statement, nodes.Assign) and len(statement.targets) == 1):
        return []
    target = statement.targets[0]
    if not isinstance(target, nodes.AssignName):
        return []
    steps = []
    for use in _reads(target.scope(), target.name):
        parent = use.parent.parent if isinstance(use.parent, nodes.Keyword) else use.parent
        if isinstance(parent, nodes.Call) and training_step(parent) and _optimizer_argument(parent) is use:
            steps.append(parent)
    return steps


def never_trained(step: nodes.Call) -> bool:
    """A training step built in evaluation code (an eval/test/predict function, class or script),
    or assigned to a name the code only configures or evaluates with: a ``Model`` whose methods
    used are none of ``train``, ``fit``, ``build``; a training cell never called nor handed on
    (``train_net.set_train()`` alone)."""
    if evaluation.evaluation_scope(step) is not None:
        return True
    statement = step.parent
    if not isinstance(statement, nodes.Assign) or len(statement.targets) != 1:
        return False
    if not isinstance(statement.targets[0], nodes.AssignName):
        return False
    uses = _reads(statement.scope(), statement.targets[0].name)
    training_methods = MODEL_TRAINING if training.training_api(step) == training.MODEL else frozenset()
    return bool(uses) and all(
        isinstance(use.parent, nodes.Attribute) and use.parent.attrname not in training_methods for use in uses
    )


def unscaled_steps(step: nodes.Call) -> Optional[Tuple[List[Built], str]]:
    """For a training step: the optimizers it trains, all built with the same constant
    ``loss_scale`` other than 1, and the step's scaling (UNSCALED or AUTO), when neither this step
    nor any other step those optimizers are given to in their function scales the loss. None when
    any of that is out of sight or scaled."""
    if training_step(step) is None or never_trained(step):
        return None
    scaling = step_scaling(step)
    if scaling == SCALED:
        return None
    built = built_optimizers(_optimizer_argument(step))
    if not built or len({item.scale for item in built}) != 1 or built[0].scale == 1.0:
        return None
    for item in built:
        others = _steps_given(item)
        if others is None or any(step_scaling(other) == SCALED for other in others):
            return None
    return built, scaling
