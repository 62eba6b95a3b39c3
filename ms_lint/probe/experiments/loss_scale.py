"""Experiment for optimizer-loss-scale-without-manager: one training step with the optimizer's
``loss_scale`` and no loss-scale manager, against the same step with ``loss_scale=1.0``.

The flagged optimizer class is built as the code builds it (its constant arguments as written,
its ``loss_scale`` as the finding read it) on the parameters of a small ``nn.Dense`` network, and
trained one step by ``nn.TrainOneStepCell(net_with_loss, optimizer)`` without ``sens``: the step
``Model`` builds without a manager. The same step, from the same weights and batch, with the
optimizer at ``loss_scale=1.0`` is the reference: the verdict reports the ratio of the sizes of
the two updates. Arguments the code computes get stand-ins named in the
evidence (the learning rate, a momentum), or MindSpore's default; the network, its loss and its
data are the probe's, never the program's. Only MindSpore's imports and the module's literal
constants are needed: the user's module is not imported.
"""

from __future__ import annotations

import importlib
import inspect
import math
from typing import Any, Dict, List, Tuple, Union

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.experiments.base import STANDALONE, Context, Experiment, flagged_call
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

IN, OUT, BATCH, SEED = 16, 4, 8, 0  # a Dense(IN, OUT) network, a batch of BATCH random samples
# What stands in for an argument the code computes, by parameter name (every optimizer's other
# parameters have defaults). The ratio of two updates barely depends on these values.
STAND_INS = {"learning_rate": 0.01, "momentum": 0.9}
# Where the ratio falls, as a fraction of loss_scale's own size (log ratio / log loss_scale).
ABOUT_THE_FACTOR = 0.9
HARDLY_ANY = 0.1
PARAMS, SCALE, KEPT, COMPUTED = "params", "loss_scale", "kept", "computed"
LONGEST_CALL = 160  # past it, the call is shown by its loss_scale alone: the evidence must keep the ratio

NOT_LOCATED = Text(
    "the optimizer this training step trains could not be located", "找不到该训练步所训练的优化器"
)
UNPACKED = Text("%s passes arguments through * or **: they cannot be rebuilt", "%s 通过 * 或 ** 传入参数：无法重建")
NOT_PLACED = Text(
    "%s: the parameter that receives %s cannot be read from its signature", "%s：无法从其签名中读出接收 %s 的参数"
)
NO_STAND_IN = Text(
    "%s is computed and %s's parameter %s has neither a default nor a stand-in",
    "%s 是计算得到的，而 %s 的参数 %s 既没有默认值也没有替代值",
)
NOT_EVALUATED = Text("%s cannot be evaluated outside its module: %s", "%s 无法在其模块之外求值：%s")
BUILDING_RAISED = Text("building %s raised %s", "构建 %s 时抛出 %s")
STEP_RAISED = Text("a training step of %s raised %s", "%s 的一个训练步抛出 %s")
NO_UPDATE = Text(
    "a training step of %s left the weights unchanged or not finite (with loss_scale=%s the update's size is %s, "
    "with loss_scale=1.0 %s): nothing to compare",
    "%s 的训练步没有改变权重或得到非有限值（loss_scale=%s 时更新量为 %s，loss_scale=1.0 时为 %s）：没有可比较的东西",
)
MEASURED = Text(
    "%s, trained one step by nn.TrainOneStepCell without sens (a Dense(%s, %s) network, a batch of %s, "
    "MSELoss): the same step from the same weights with loss_scale=1.0 changes them %s times as much%s",
    "%s 由不带 sens 的 nn.TrainOneStepCell 训练一步（Dense(%s, %s) 网络、%s 个样本的 batch、MSELoss）："
    "从相同权重出发、改用 loss_scale=1.0 的同一步对权重的改变是它的 %s 倍%s",
)
ABOUT = Text(", about its loss_scale of %s", "，约为其 loss_scale 值 %s")
PART = Text(
    ", not the %s of its loss_scale: this optimizer's update follows the gradient's scale only in part",
    "，而不是其 loss_scale 值 %s：该优化器的更新只部分地随梯度的缩放而变",
)
HARDLY = Text(
    ": its loss_scale of %s hardly changes this optimizer's update",
    "：其 loss_scale 值 %s 几乎不影响该优化器的更新",
)
PARAMETERS = Text("the network's parameters", "该网络的参数")
STANDING_IN = Text(" (standing in: %s)", "（替代值：%s）")
FOR = Text("%s for %s", "%s 代替 %s")
DEFAULT_FOR = Text("MindSpore's default for %s", "MindSpore 的默认值代替 %s")


class LossScaleStep(Experiment):
    """The weight update of one step with the optimizer's loss_scale and no manager, against loss_scale=1.0."""

    summary = (
        f"builds the flagged optimizer class with the code's constant arguments and its `loss_scale` on a "
        f"`nn.Dense({IN}, {OUT})` network and trains it one step by `nn.TrainOneStepCell` without `sens` (what "
        "`Model` builds without a manager), then the same step from the same weights and batch with "
        "`loss_scale=1.0`. An update smaller by about the `loss_scale` factor confirms (by part "
        "of it too, and the evidence says so); the same update is not reproduced. "
        "Arguments the code computes get stand-ins (`learning_rate=0.01`, `momentum=0.9`) or MindSpore's "
        "default, named in the evidence"
    )
    imports_user_code = False

    def plan(self, context: Context) -> Union[Task, Verdict]:
        from ms_lint.data import optimizers  # pylint: disable=import-outside-toplevel
        from ms_lint.semantics.program import loss_scale, training

        step = flagged_call(context.finding)
        found = loss_scale.unscaled_steps(step) if step is not None else None
        if not found:
            return unconfirmable(NOT_LOCATED)
        built = found[0][0]  # several constructions reach the step: the first, which the evidence names
        call, name = built.call, training.called(built.call)
        position = optimizers.LOSS_SCALE_POSITIONS.get(name)
        if name is None or position is None:
            return unconfirmable(NOT_LOCATED)
        if training.has_unpacked_arguments(call):
            return unconfirmable(UNPACKED % (call.func.as_string() + "(...)",))
        arguments, imports = _given(call, position)
        payload = {
            "optimizer": name,
            "written": call.func.as_string(),
            "arguments": arguments,
            "loss_scale": built.scale,
            STANDALONE: imports,
        }
        return self.task(context, payload)

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        module, _, name = payload["optimizer"].rpartition(".")
        optimizer = getattr(importlib.import_module(module), name)
        kwargs, stand_ins = _arguments(optimizer, runtime.namespace(payload[STANDALONE]), payload)
        scale = payload["loss_scale"]
        shown = _shown(payload, stand_ins)
        try:
            scaled = _update(runtime.ms, lambda params: optimizer(params, **kwargs, loss_scale=scale))
            plain = _update(runtime.ms, lambda params: optimizer(params, **kwargs, loss_scale=1.0))
        except _Failed as failed:
            template = BUILDING_RAISED if failed.building else STEP_RAISED
            raise Unconfirmable(template % (shown, error_text(failed.error))) from failed.error
        return verdict(shown, scale, scaled, plain)


def _given(call, position: int) -> Tuple[List[list], List[str]]:
    """``[keyword or None, kind, text]`` for each argument of the optimizer call, and the statements
    (MindSpore imports, literal constants) that the arguments kept as written read."""
    given = [(None, index, arg) for index, arg in enumerate(call.args)]
    given += [(keyword.arg, None, keyword.value) for keyword in call.keywords or ()]
    arguments, imports = [], set()
    for keyword, index, value in given:
        kind = _kind(keyword, index, value, position)
        if kind == KEPT:
            imports.update(_standalone(value))
        arguments.append([keyword, kind, value.as_string()])
    return arguments, sorted(imports)


def _kind(keyword, index, value, position: int) -> str:
    """What the probe does with one argument of the optimizer call."""
    if keyword == "params" or index == 0:
        return PARAMS
    if keyword == "loss_scale" or index == position:
        return SCALE
    return KEPT if _standalone(value) is not None else COMPUTED


def _standalone(value):
    from ms_lint.probe import standalone  # pylint: disable=import-outside-toplevel  # the parent process only

    return standalone.imports_for([value])


def _parameters(optimizer) -> List[inspect.Parameter]:
    """The optimizer's own ``__init__`` parameters after ``self``: MindSpore wraps most of them in a
    ``(*args, **kwargs)`` decorator that keeps the original function in its closure."""
    init = optimizer.__init__
    for cell in getattr(init, "__closure__", None) or ():
        inner = cell.cell_contents
        if inspect.isfunction(inner) and inner.__name__ == "__init__":
            init = inner
    return list(inspect.signature(init).parameters.values())[1:]


def _arguments(optimizer, namespace: Dict[str, Any], payload: Dict[str, Any]) -> Tuple[Dict[str, Any], list]:
    """The keyword arguments the optimizer is built with besides params and loss_scale, and what stood in."""
    parameters = _parameters(optimizer)
    by_name = {parameter.name: parameter for parameter in parameters}
    kwargs, stand_ins = {}, []
    for index, (keyword, kind, text) in enumerate(payload["arguments"]):
        if kind in (PARAMS, SCALE):
            continue
        if keyword is None and index >= len(parameters):
            raise Unconfirmable(NOT_PLACED % (payload["written"], text))
        parameter = keyword or parameters[index].name
        if kind == KEPT:
            try:
                kwargs[parameter] = eval(text, namespace)  # pylint: disable=eval-used  # the user's own constants
            except Exception as error:  # pylint: disable=broad-except
                raise Unconfirmable(NOT_EVALUATED % (text, type(error).__name__)) from error
        elif parameter in STAND_INS:
            kwargs[parameter] = STAND_INS[parameter]
            stand_ins.append(FOR % (f"{parameter}={STAND_INS[parameter]!r}", text))
        elif parameter in by_name and by_name[parameter].default is inspect.Parameter.empty:
            raise Unconfirmable(NO_STAND_IN % (text, payload["written"], parameter))
        else:
            stand_ins.append(DEFAULT_FOR % (f"{parameter}={text}",))
    return kwargs, stand_ins


def _shown(payload: Dict[str, Any], stand_ins: list) -> str:
    """The optimizer call as built: the code's text, the network's parameters, the loss_scale's value."""
    parts = []
    arguments = payload["arguments"]
    if sum(len(text) for _, _, text in arguments) > LONGEST_CALL:
        arguments = [[None, KEPT, "..."]] + [item for item in arguments if item[1] == SCALE]
    for keyword, kind, text in arguments:
        if kind == PARAMS:
            text = PARAMETERS
        elif kind == SCALE and not _spells(text, payload["loss_scale"]):
            text = f"{text} ({payload['loss_scale']:g})"
        parts.append(language.join("=", (keyword, text)) if keyword else text)
    shown = language.join("", (payload["written"], "(", language.join(", ", parts), ")"))
    if not stand_ins:
        return shown
    return language.join("", (shown, STANDING_IN % (language.join("; ", stand_ins),)))


def _spells(text: str, value: float) -> bool:
    """Whether ``text`` is the number ``value`` written out (``1024``, ``1024.0``), not a name for it."""
    try:
        return float(text) == value
    except ValueError:
        return False


class _Failed(Exception):
    def __init__(self, error: BaseException, building: bool):
        super().__init__(str(error))
        self.error, self.building = error, building


def _update(ms, build) -> List[float]:
    """The change one TrainOneStepCell step without sens makes to a fixed Dense network's weights."""
    import numpy as np  # pylint: disable=import-outside-toplevel  # in the child process only

    rng = np.random.default_rng(SEED)
    weight = (rng.standard_normal((OUT, IN)) * 0.1).astype(np.float32)
    inputs = ms.Tensor(rng.standard_normal((BATCH, IN)).astype(np.float32))
    labels = ms.Tensor(rng.standard_normal((BATCH, OUT)).astype(np.float32))
    net = ms.nn.Dense(IN, OUT, weight_init=ms.Tensor(weight), bias_init=ms.Tensor(np.zeros(OUT, np.float32)))
    before = [parameter.asnumpy().copy() for parameter in net.trainable_params()]
    try:
        optimizer = build(net.trainable_params())
    except Exception as error:  # pylint: disable=broad-except
        raise _Failed(error, building=True) from error
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), optimizer)
    step.set_train(True)
    try:
        step(inputs, labels)
    except Exception as error:  # pylint: disable=broad-except
        raise _Failed(error, building=False) from error
    after = [parameter.asnumpy() for parameter in net.trainable_params()]
    return np.concatenate([(new - old).ravel() for new, old in zip(after, before)]).astype(float).tolist()


def verdict(shown: str, scale: float, scaled: List[float], plain: List[float]) -> Verdict:
    """Confirmed when the update with ``loss_scale`` is smaller by (part of) its factor; not reproduced
    when it is about the same as with ``loss_scale=1.0``."""
    scaled_size, plain_size = _norm(scaled), _norm(plain)
    if not (scaled_size > 0 and plain_size > 0 and math.isfinite(scaled_size) and math.isfinite(plain_size)):
        raise Unconfirmable(NO_UPDATE % (shown, f"{scale:g}", f"{scaled_size:.3g}", f"{plain_size:.3g}"))
    ratio = plain_size / scaled_size
    fraction = math.log(ratio) / math.log(scale)  # 1: the whole factor; 0: none of it
    factor = f"{scale:g}"
    if fraction >= ABOUT_THE_FACTOR:
        tail = ABOUT % (factor,)
    elif fraction >= HARDLY_ANY:
        tail = PART % (factor,)
    else:
        tail = HARDLY % (factor,)
    evidence = MEASURED % (shown, IN, OUT, BATCH, f"{ratio:.4g}", tail)
    return confirmed(evidence) if fraction >= HARDLY_ANY else not_reproduced(evidence)


def _norm(values: List[float]) -> float:
    return math.sqrt(sum(value * value for value in values))
