"""Experiments on layers whose arguments mean something else than in PyTorch: build the flagged
layer under MindSpore and measure what it does.

The layer is built from the flagged call as written (``nn.Dropout(0.1)``,
``nn.Conv2d(3, 64, 3, padding=1)``): in a namespace of the module's MindSpore imports alone
when they bind every name it reads, so the user's module need not import here. Arguments the
measured effect does not depend on and the code computes (a convolution's channels, a
BatchNorm's number of features) get stand-ins the evidence names. Otherwise the call is
evaluated in its module, or the Cell around it is built (as configured, the configuration
first) and the layer is taken from the attribute the line assigns (``self.bn``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe import source
from ms_lint.probe.experiments.base import STANDALONE, Context, Experiment
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, confirmed, not_reproduced, unconfirmable

SIDE = 100  # a SIDE x SIDE input of ones: enough elements for a fraction to be exact to a percent
BATCH_VALUE = 10.0
RANKS = {"BatchNorm1d": 2, "BatchNorm2d": 4, "BatchNorm3d": 5}
LOCAL_NAME = Text("%s reads %s, known only where it runs", "%s 读取了 %s，它只在运行处才知道")
A_LOCAL_NAME = Text("a local name", "一个局部变量")
INVENTED_VALUES = Text(
    "%s reads values of %s, which the probe chose: what it measures would show those, not the code's",
    "%s 读取了 %s 中由探测选择的值：测得的结果反映的是这些值，而不是代码自己的值",
)
LINE_NOT_BUILT = Text(
    "building %s did not run line %s, which sets self.%s to the layer: it shows nothing about that layer",
    "构建 %s 时没有运行第 %s 行（它把该层赋给 self.%s）：这说明不了该层的任何情况",
)
NOT_LOCATED = Text("the flagged call could not be located", "找不到被标记的调用")
BUILDING_RAISED = Text("building %s raised %s", "构建 %s 时抛出 %s")
ZEROES = Text(
    "%s (%s) zeroes %s of a %sx%s input of ones in training mode", "%s（%s）在训练模式下将 %s 的 %sx%s 全 1 输入置零"
)
MOVING_MEAN = Text(
    "after one training-mode step of %s on a batch of %ss, moving_mean is %s",
    "%s 在全为 %s 的 batch 上训练一步后，moving_mean 为 %s",
)
PYTORCH_GIVES = Text(" (PyTorch's momentum=%s gives %s)", "（PyTorch 的 momentum=%s 得到 %s）")
NO_MOVING_MEAN = Text("%s (%s) has no moving_mean", "%s（%s）没有 moving_mean")
BUILT_WITHOUT_ERROR = Text("%s was built without error (%s)", "%s 构建无误（%s）")
CELL_OR_CALL_NOT_LOCATED = Text(
    "the Cell class or the flagged call could not be located", "找不到该 Cell 类或被标记的调用"
)
NEEDS_INPUTS = Text(
    "needs input specs for %s.construct (its first layer tells none): add inputs (dtype and shape) to a "
    "[[tool.ms_lint.probe.cells]] entry for %s",
    "需要 %s.construct 的输入规格（无法从其第一层得知）：请在 [[tool.ms_lint.probe.cells]] 中为 %s 添加一项并写出 inputs（dtype 和 shape）",
)
LINE_NOT_CALLED = Text(
    "calling %s twice did not run line %s: the layer it creates there shows nothing",
    "两次调用 %s 都没有运行第 %s 行：在那里创建的层无法展示任何情况",
)
NOT_TRAINED = Text(
    "%s in training mode holds %s trainable Parameters before calling it and %s after: the %s created in "
    "construct is not among them",
    "训练模式下的 %s 在调用前有 %s 个可训练 Parameter，调用后有 %s 个：在 construct 中创建的 %s 不在其中",
)
DIFFERENT_OUTPUTS = Text(
    "; two calls on the same inputs give different outputs", "；对相同输入的两次调用得到不同的输出"
)
OUTSIDE_CONSTRUCT = Text("%s cannot be built outside construct: %s", "%s 无法在 construct 之外构建：%s")
NEVER_DROPS = Text(
    "after %s.set_train(True), a %s built as in construct has training=%s and zeroes %s of a %sx%s input of ones",
    "调用 %s.set_train(True) 后，按 construct 中的方式构建的 %s 的 training=%s，并将 %s 的 %sx%s 全 1 输入置零",
)
RAISED = Text("%s raised %s", "%s 抛出 %s")
STANDING_IN = Text("%s (standing in: %s)", "%s（替代值：%s）")
FOR = Text("%s for %s", "%s 代替 %s")
OPERATOR = Text("%s returned the operator %s, not a Tensor", "%s 返回了算子 %s，而不是 Tensor")
RETURNED = Text("%s returned %s", "%s 返回了 %s")
NOT_EVALUATED = Text("%s cannot be evaluated outside its function", "%s 无法在其所在函数之外求值")


def _flagged_call(node) -> Optional[Any]:
    """The call a finding is about: the node itself, or the call whose argument it is."""
    from astroid import nodes  # pylint: disable=import-outside-toplevel  # the parent process only

    while node is not None and not isinstance(node, nodes.Call):
        if node.is_statement:
            return None
        node = node.parent
    return node


def _shown(payload: Dict[str, Any]) -> str:
    """The call as built, with what stood in for the arguments the code computes."""
    stand_ins = payload.get("stand_ins")
    if not stand_ins:
        return payload["call"]
    return STANDING_IN % (payload["call"], language.join(", ", [FOR % (value, written) for value, written in stand_ins]))


class _Built:
    """A layer, or the error building it raised, and how it was built (for evidence)."""

    def __init__(self, shown: str, layer: Any = None, error: Optional[BaseException] = None):
        self.shown, self.layer, self.error = shown, layer, error


def _build(runtime, payload: Dict[str, Any]) -> _Built:
    """The flagged layer: its call evaluated in its module, else the attribute of the Cell built as configured."""
    call = payload["call"]
    try:
        return _Built(_shown(payload), layer=eval(call, runtime.namespace_of(payload)))  # pylint: disable=eval-used
    except NameError as error:
        if not payload.get("attr"):
            raise Unconfirmable(LOCAL_NAME % (call, error.name or A_LOCAL_NAME)) from error
    except Exception as error:  # pylint: disable=broad-except
        return _Built(_shown(payload), error=error)
    qualname, attr, spec, line = payload["cell"], payload["attr"], payload.get("spec"), payload["line"]
    built = runtime.shown(qualname, spec)
    if (spec or {}).get("invented"):  # the layer's arguments may be those values: a rate, a momentum, a padding
        raise Unconfirmable(INVENTED_VALUES % (call, runtime.described(qualname, spec)))
    try:
        net, ran = runtime.lines_run(runtime.build, qualname, spec)
    except Unconfirmable as error:  # the flagged layer's own error, or the Cell failed elsewhere: nothing shown
        if error.__cause__ is not None and line in runtime.lines_in_trace(error.__cause__, runtime.loaded[0]):
            return _Built(built, error=error.__cause__)
        raise
    layer = getattr(net, attr, None)
    if line not in ran or not isinstance(layer, runtime.ms.nn.Cell):
        raise Unconfirmable(LINE_NOT_BUILT % (runtime.described(qualname, spec), line, attr))
    return _Built(f"{built}.{attr}", layer=layer)


class BuiltLayer(Experiment):
    """Build the flagged layer; subclasses measure it, or judge the error building it raised."""

    version = 2  # built from MindSpore imports alone where the call allows it
    # Arguments the measured effect does not depend on, by position and name, with the values that stand in
    # for them when the code computes them.
    stand_ins: Tuple[Tuple[str, Any], ...] = ()

    def plan(self, context: Context) -> Union[Task, Verdict]:
        call = _flagged_call(context.finding.node)
        if call is None:
            return unconfirmable(NOT_LOCATED)
        payload: Dict[str, Any] = {"call": call.as_string(), **self.details(context.finding.node)}
        cell = context.cell_class()
        attr = source.self_attribute_at(context.finding.path, context.finding.line)
        around = context.cell_payload(cell) if cell is not None and attr is not None else None
        configured = around is not None and around["spec"] is not None and not around["spec"].get("guessed")
        built_alone = None if configured else self.standalone_call(call)  # the configuration wins
        if built_alone is not None:
            text, imports, stand_ins = built_alone
            return self.task(context, dict(payload, call=text, stand_ins=stand_ins, **{STANDALONE: imports}))
        if around is not None:
            payload.update(around, attr=attr)
        return self.task(context, payload)

    def standalone_call(self, call) -> Optional[Tuple[str, list, list]]:
        """(text, imports, stand-ins) of the call when MindSpore imports alone can build it; None otherwise."""
        from ms_lint.probe import standalone  # pylint: disable=import-outside-toplevel  # the parent process only

        imports = standalone.imports_for([call])
        if imports is not None:
            return call.as_string(), imports, []
        return _with_stand_ins(call, self.stand_ins) if self.stand_ins else None

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        built = _build(runtime, payload)
        if built.error is not None:
            return self.raised(built.shown, error_text(built.error))
        return self.measure(runtime, built.layer, built.shown, payload)

    def details(self, node) -> Dict[str, Any]:  # pylint: disable=unused-argument
        """What the experiment needs from the flagged node besides the call (in the parent process)."""
        return {}

    def raised(self, shown: str, error: str) -> Verdict:
        raise Unconfirmable(BUILDING_RAISED % (shown, error))

    def measure(self, runtime, layer: Any, shown: str, payload: Dict[str, Any]) -> Verdict:
        raise NotImplementedError


class DropoutZeroes(BuiltLayer):
    """The fraction of its input a built Dropout zeroes in training mode."""

    summary = (
        "builds the flagged `nn.Dropout` (from the call as written, or from the configured Cell) and measures the "
        f"fraction of a {SIDE}x{SIDE} input of ones it zeroes in training mode; more than half confirms"
    )

    def raised(self, shown: str, error: str) -> Verdict:
        if "keep_prob" in error:
            return confirmed(BUILDING_RAISED % (shown, error))
        return super().raised(shown, error)

    def measure(self, runtime, layer: Any, shown: str, payload: Dict[str, Any]) -> Verdict:  # pylint: disable=unused-argument
        ms, np = runtime.ms, _numpy()
        layer.set_train(True)
        output = layer(ms.Tensor(np.ones((SIDE, SIDE), np.float32))).asnumpy()
        zeroed = float((output == 0).mean())
        evidence = ZEROES % (shown, repr(layer), f"{zeroed:.0%}", SIDE, SIDE)
        return confirmed(evidence) if zeroed > 0.5 else not_reproduced(evidence)


class MomentumStep(BuiltLayer):
    """The moving mean of a built BatchNorm after one training-mode step on a batch of tens."""

    summary = (
        "builds the flagged BatchNorm layer and runs one training-mode step on a batch whose every value is "
        f"{BATCH_VALUE:g}, from a moving mean of 0; a moving mean above half the batch's mean confirms that "
        "MindSpore took most of it from the batch (PyTorch's momentum m would take m of it); a number of features "
        "the code computes is given a stand-in, named in the evidence"
    )

    stand_ins = (("num_features", 8),)

    def details(self, node) -> Dict[str, Any]:
        from ms_lint.semantics.graph import pytorch

        return {"momentum": pytorch.number(node)}  # the finding is on the momentum as written

    def measure(self, runtime, layer: Any, shown: str, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import retried  # pylint: disable=import-outside-toplevel

        ms, np = runtime.ms, _numpy()
        rank = RANKS.get(type(layer).__name__, 4)
        # BatchNorm3d keeps its statistics in an inner BatchNorm2d.
        norm = next((cell for _, cell in layer.cells_and_names() if hasattr(cell, "moving_mean")), None)
        if norm is None:
            raise Unconfirmable(NO_MOVING_MEAN % (shown, type(layer).__name__))
        shape = (2, int(norm.moving_mean.shape[0])) + (2,) * (rank - 2)
        layer.set_train(True)
        batch = ms.Tensor(np.full(shape, BATCH_VALUE, np.float32))
        retried(layer, batch)
        moving = float(norm.moving_mean.asnumpy().ravel()[0])
        evidence = MOVING_MEAN % (shown, f"{BATCH_VALUE:g}", f"{moving:.3g}")
        written = payload.get("momentum")
        if written is not None:
            evidence = language.join("", (evidence, PYTORCH_GIVES % (f"{written:g}", f"{written * BATCH_VALUE:.3g}")))
        return confirmed(evidence) if moving > BATCH_VALUE / 2 else not_reproduced(evidence)


class ConvBuild(BuiltLayer):
    """Building the flagged convolution must raise MindSpore's padding error."""

    summary = (
        "builds the flagged convolution layer as written and captures the error MindSpore raises about pad_mode; "
        "channels, kernel size and stride the code computes are given small values, which the padding check does "
        "not read, and the evidence says so"
    )

    stand_ins = (("in_channels", 8), ("out_channels", 8), ("kernel_size", 3), ("stride", 1))

    def raised(self, shown: str, error: str) -> Verdict:
        if "pad" in error:
            return confirmed(BUILDING_RAISED % (shown, error))
        return super().raised(shown, error)

    def measure(self, runtime, layer: Any, shown: str, payload: Dict[str, Any]) -> Verdict:  # pylint: disable=unused-argument
        return not_reproduced(BUILT_WITHOUT_ERROR % (shown, repr(layer)))


class LayerInConstruct(Experiment):
    """Call the Cell in training mode; its trainable Parameters must not grow, a Dropout built there must not drop."""

    summary = (
        "builds the Cell, sets it to training mode and calls it twice (the configured inputs, else inputs read from "
        "its first layer, each candidate tried once): `trainable_params()` must be the same before and after, and "
        "the calls must have run the flagged line; for a Dropout, builds it as written and shows it is not in "
        "training mode after the network's `set_train(True)`"
    )
    version = 2  # inputs guessed from the first layer; a verdict needs the flagged line run

    def plan(self, context: Context) -> Union[Task, Verdict]:
        cell = context.cell_class()
        call = _flagged_call(context.finding.node)
        if cell is None or call is None:
            return unconfirmable(CELL_OR_CALL_NOT_LOCATED)
        dropout = "Dropout" in call.func.as_string()
        return self.task(context, dict(context.cell_payload(cell), call=call.as_string(), dropout=dropout))

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe import inputs  # pylint: disable=import-outside-toplevel

        qualname, spec = payload["cell"], payload.get("spec") or {}
        net = runtime.build(qualname, spec or None)
        shown = runtime.described(qualname, spec)
        net.set_train(True)
        if payload["dropout"]:
            return self._dropout(runtime, shown, payload["call"])
        if spec.get("inputs") is not None:
            tried = [(spec["inputs"], "")]
        else:
            tried = [(specs, f" ({chosen})") for specs, chosen in inputs.candidates(runtime, net)]
            if not tried:
                raise Unconfirmable(NEEDS_INPUTS % (qualname, qualname))
        reasons = []
        for specs, chosen in tried:
            try:
                return self._calls(runtime, net, language.join("", (shown, chosen)), specs, payload)
            except Unconfirmable as error:  # a guess that fails or misses the line refutes nothing: try the next
                reasons.append(error.args[0] if error.args else str(error))
        raise Unconfirmable(reasons[-1])

    def _calls(self, runtime, net, shown: str, specs, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import error_text, retried  # pylint: disable=import-outside-toplevel

        before = [parameter.name for parameter in net.trainable_params()]
        tensors = [runtime.tensor(item, none_size=payload.get("none_size") or 2) for item in specs]
        try:
            (first, second), ran = runtime.lines_run(lambda: (retried(net, *tensors), net(*tensors)))
        except Exception as error:  # pylint: disable=broad-except
            raise Unconfirmable(RAISED % (shown, error_text(error))) from error
        if payload["line"] not in ran:
            raise Unconfirmable(LINE_NOT_CALLED % (shown, payload["line"]))
        after = [parameter.name for parameter in net.trainable_params()]
        evidence = language.join(
            "", (NOT_TRAINED % (shown, len(before), len(after), payload["call"]), DIFFERENT_OUTPUTS if _differ(first, second) else "")
        )
        return confirmed(evidence) if before == after else not_reproduced(evidence)

    @staticmethod
    def _dropout(runtime, shown: str, call: str) -> Verdict:
        try:
            layer = eval(call, vars(runtime.module))  # pylint: disable=eval-used  # the user's own code
        except Exception as error:  # pylint: disable=broad-except
            raise Unconfirmable(OUTSIDE_CONSTRUCT % (call, type(error).__name__)) from error
        ms, np = runtime.ms, _numpy()
        output = layer(ms.Tensor(np.ones((SIDE, SIDE), np.float32))).asnumpy()
        zeroed = float((output == 0).mean())
        evidence = NEVER_DROPS % (shown, call, layer.training, f"{zeroed:.0%}", SIDE, SIDE)
        return confirmed(evidence) if not layer.training and zeroed == 0 else not_reproduced(evidence)


def _numpy():
    import numpy  # pylint: disable=import-outside-toplevel  # in the child process only

    return numpy


def _differ(first: Any, second: Any) -> bool:
    try:
        return not _numpy().array_equal(first.asnumpy(), second.asnumpy())
    except Exception:  # pylint: disable=broad-except
        return False


class PrimitiveWithTensors(Experiment):
    """Give the Primitive class Tensors as the flagged call does: it must raise or return an operator."""

    version = 2  # built from MindSpore imports alone where the call allows it

    summary = (
        "calls the flagged Primitive class with small float32 Tensors where the code passes Tensors and the "
        "other arguments as written; a TypeError, or an operator where a Tensor is expected, confirms"
    )

    def plan(self, context: Context) -> Union[Task, Verdict]:
        from ms_lint.probe import standalone  # pylint: disable=import-outside-toplevel
        from ms_lint.semantics.graph import pytorch, scope, values

        call = _flagged_call(context.finding.node)
        function = scope.enclosing_function(call) if call is not None else None
        if function is None:
            return unconfirmable(NOT_LOCATED)
        evaluator = values.evaluator(function)
        arguments = [("", arg) for arg in call.args] + [(k.arg, k.value) for k in call.keywords or () if k.arg]
        tensors = {id(value) for _, value in arguments if pytorch.tensor_object(evaluator, value)}
        given = [(name, None if id(value) in tensors else value.as_string()) for name, value in arguments]
        payload = {"func": call.func.as_string(), "arguments": given}
        imports = standalone.imports_for([call.func, *(value for _, value in arguments if id(value) not in tensors)])
        return self.task(context, payload if imports is None else dict(payload, **{STANDALONE: imports}))

    def run(self, runtime, payload: Dict[str, Any]) -> Verdict:
        from ms_lint.probe.runtime import error_text  # pylint: disable=import-outside-toplevel

        ms, np = runtime.ms, _numpy()
        namespace = runtime.namespace_of(payload)
        tensor = ms.Tensor(np.ones((2, 3), np.float32))
        args, kwargs, shown = [], {}, []
        for name, text in payload["arguments"]:
            value, written = _argument(text, namespace, tensor)
            if name:
                kwargs[name] = value
                shown.append(f"{name}={written}")
            else:
                args.append(value)
                shown.append(written)
        call = f"{payload['func']}({', '.join(shown)})"
        try:
            built = eval(payload["func"], namespace)(*args, **kwargs)  # pylint: disable=eval-used
        except TypeError as error:
            return confirmed(RAISED % (call, error_text(error)))
        if isinstance(built, ms.ops.Primitive):
            return confirmed(OPERATOR % (call, type(built).__name__))
        return not_reproduced(RETURNED % (call, type(built).__name__))


def _argument(text: Optional[str], namespace: dict, tensor: Any) -> Tuple[Any, str]:
    """A Tensor where the code passes one, else the argument evaluated in the module."""
    if text is None:
        return tensor, "Tensor(float32[2, 3])"
    try:
        return eval(text, namespace), text  # pylint: disable=eval-used  # the user's own code
    except Exception as error:  # pylint: disable=broad-except
        raise Unconfirmable(NOT_EVALUATED % (text,)) from error


def _with_stand_ins(call, stand_ins: Tuple[Tuple[str, Any], ...]) -> Optional[Tuple[str, list, list]]:
    """The call's text with ``stand_ins`` for the computed arguments they name, the imports the rest needs,
    and what stood in for what; None when another argument is computed."""
    from astroid import nodes  # pylint: disable=import-outside-toplevel  # the parent process only

    from ms_lint.probe import standalone  # pylint: disable=import-outside-toplevel

    if call is None:
        return None
    positional, keywords, kept, replaced = [], [], [call.func], []
    names = dict(stand_ins)
    for index, arg in enumerate(call.args):
        if isinstance(arg, nodes.Starred):
            return None
        if index < len(stand_ins) and standalone.imports_for([arg]) is None:
            value = stand_ins[index][1]
            positional.append(str(value))
            replaced.append((value, arg.as_string()))
        else:
            positional.append(arg.as_string())
            kept.append(arg)
    for keyword in call.keywords or ():
        if keyword.arg is None:
            return None
        if keyword.arg in names and standalone.imports_for([keyword.value]) is None:
            keywords.append(f"{keyword.arg}={names[keyword.arg]}")
            replaced.append((names[keyword.arg], keyword.value.as_string()))
        else:
            keywords.append(f"{keyword.arg}={keyword.value.as_string()}")
            kept.append(keyword.value)
    imports = standalone.imports_for(kept)
    if imports is None or not replaced:
        return None
    return f"{call.func.as_string()}({', '.join(positional + keywords)})", imports, replaced
