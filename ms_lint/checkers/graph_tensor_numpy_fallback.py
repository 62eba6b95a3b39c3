"""graph-tensor-numpy-fallback: numpy on a Tensor in graph code at the LAX level, whose result breaks the network."""

from __future__ import annotations

from typing import Optional, Tuple

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE

from ms_lint.checkers.base import GraphChecker
from ms_lint.checkers.graph_tensor_to_numpy import CONVERSIONS, _is_conversion
from ms_lint.data import graph_syntax, jit_fallback
from ms_lint.language import Text
from ms_lint.semantics.graph import control, scope, values
from ms_lint.semantics.names import catalog, names

SYMBOL = "graph-tensor-numpy-fallback"
MAX_DEPTH = 8


def _start(call: nodes.Call, evaluator: values.Evaluator) -> Optional[str]:
    """REDUCTION for ``np.sum(x)`` on a proven Tensor, CONVERSION for ``x.asnumpy()`` or ``np.<f>(x)``, else None.

    A conversion of a Tensor attribute built in ``__init__`` is a compile-time constant, which LAX
    evaluates while compiling: only reductions, which fail on any Tensor, count there.
    """
    func = call.func
    if isinstance(func, nodes.Attribute) and func.attrname in CONVERSIONS and not call.args:
        tensor = evaluator.is_tensor(func.expr) and not _is_conversion(func.expr)  # not x.asnumpy().tolist()
        runtime = tensor and not evaluator.is_constant_tensor_attribute(func.expr)
        return jit_fallback.CONVERSION if runtime else None
    qualified = names.qualified_name(func) if isinstance(func, (nodes.Name, nodes.Attribute)) else None
    if not qualified or qualified.split(".")[0] != "numpy" or qualified.rpartition(".")[2] in jit_fallback.CONSTANT:
        return None
    tensors = [arg for arg in call.args if evaluator.is_tensor(arg) and not _is_conversion(arg)]
    if tensors and tensors[0] is call.args[0] and qualified.rpartition(".")[2] in jit_fallback.REDUCTIONS:
        return jit_fallback.REDUCTION
    if any(not evaluator.is_constant_tensor_attribute(arg) for arg in tensors):
        return jit_fallback.CONVERSION
    return None


def _is_numpy_value(expr: nodes.NodeNG, evaluator: values.Evaluator) -> bool:
    return _is_conversion(expr) or (isinstance(expr, nodes.Call) and _start(expr, evaluator) is not None)


Flow = Tuple[nodes.NodeNG, bool]  # the Tensor computation a value reaches, and whether it is still an ndarray there


def _consumer(expr: nodes.NodeNG, evaluator: values.Evaluator, raw: bool = True, depth: int = 0) -> Optional[Flow]:
    """Where the value of ``expr``, computed in the interpreter, meets the graph's Tensors, if anywhere.

    ``raw``: the value is still the ndarray numpy made (no ``Tensor(...)``, ``int(...)``, method or
    index on the way), so the Tensor op gets an ndarray.
    """
    parent = expr.parent
    if depth > MAX_DEPTH or parent is None:
        return None
    if isinstance(parent, nodes.Keyword):
        expr, parent = parent, parent.parent
    if isinstance(parent, nodes.Attribute) or (isinstance(parent, nodes.Subscript) and parent.value is expr):
        call = parent.parent
        derived = call if isinstance(call, nodes.Call) and call.func is parent else parent
        return _consumer(derived, evaluator, False, depth + 1)  # ``values.max()``, ``values[0]``, ``values.T``
    if isinstance(parent, (nodes.UnaryOp, nodes.Compare, nodes.Tuple, nodes.List, nodes.Starred)):
        return _consumer(parent, evaluator, raw and isinstance(parent, (nodes.UnaryOp, nodes.Compare)), depth + 1)
    if isinstance(parent, nodes.BinOp):
        other = parent.right if parent.left is expr else parent.left
        if evaluator.is_tensor(other) and not _is_numpy_value(other, evaluator):
            return parent, raw
        return _consumer(parent, evaluator, raw, depth + 1)
    if isinstance(parent, nodes.Call) and expr is not parent.func:
        return _argument_of(parent, evaluator, raw, depth)
    if isinstance(parent, nodes.AugAssign):
        target = parent.target
        held = evaluator.held_tensor(target) if isinstance(target, nodes.AssignName) else evaluator.is_tensor(target)
        return (parent, raw) if held else None
    if isinstance(parent, nodes.Assign) and parent.value is expr:
        return _through_names(parent, evaluator, raw, depth)
    return None  # a condition, a return, a statement of its own: the graph's Tensors do not see it


def _argument_of(call: nodes.Call, evaluator: values.Evaluator, raw: bool, depth: int) -> Optional[Flow]:
    qualified = names.qualified_name(call.func) if isinstance(call.func, (nodes.Name, nodes.Attribute)) else None
    entity = catalog.lookup(qualified)
    verdict = jit_fallback.argument_verdict(qualified, entity.kind if entity else None, call)
    if verdict == jit_fallback.PASSES:
        still_raw = raw and qualified is not None and qualified.split(".")[0] == "numpy"
        still_raw = still_raw and qualified.rpartition(".")[2] not in jit_fallback.REDUCTIONS
        return _consumer(call, evaluator, still_raw, depth + 1)
    if verdict == jit_fallback.CONSUMES or (verdict is None and evaluator.is_tensor(call)):
        return call, raw and verdict == jit_fallback.CONSUMES
    return None


def _through_names(assign: nodes.Assign, evaluator: values.Evaluator, raw: bool, depth: int) -> Optional[Flow]:
    function = scope.enclosing_function(assign)
    for target in assign.targets:
        if not isinstance(target, nodes.AssignName) or function is None:
            continue
        for use in function.nodes_of_class(nodes.Name):
            if use.name == target.name and target in use.lookup(use.name)[1]:
                found = _consumer(use, evaluator, raw, depth + 1)
                if found is not None:
                    return found
    return None


def _explain(call: nodes.Call, start: str, consumer: Optional[nodes.NodeNG]) -> Tuple[Text, Text]:
    """What happens at LAX, and the fix, for a finding at ``call`` (``consumer``: where its value goes)."""
    if start == jit_fallback.REDUCTION:
        name = call.func.attrname if isinstance(call.func, nodes.Attribute) else call.func.name
        method = jit_fallback.METHOD_OF.get(name, name)
        tensor = scope.snippet(call.args[0], limit=24)
        return (
            Text.pair(
                f"numpy's {name} calls the Tensor's own {method} method with an out= argument it does not take: "
                f"the network fails when it runs (TypeError: Failed calling {method} with "
                f"\"{method}(axis=None, out=None)\"), in PyNative too",
                f"numpy 的 {name} 以 Tensor 不接受的 out= 参数调用 Tensor 自身的 {method} 方法：网络运行时失败"
                f"（TypeError: Failed calling {method} with \"{method}(axis=None, out=None)\"），动态图模式下也一样",
            ),
            Text.pair(
                f"call the Tensor method {tensor}.{method}(...), which the graph compiles",
                f"改用图可以编译的 Tensor 方法 {tensor}.{method}(...)",
            ),
        )
    where = scope.snippet(consumer, limit=40)
    if start == jit_fallback.MIXED:
        return (
            Text.pair(
                f"its result, a numpy array, meets a Tensor in '{where}': the op refuses the array when the network "
                "runs (TypeError: Failed calling Add with \"Add()(input=Tensor, other=<class 'numpy.ndarray'>)\" "
                "for a +)",
                f"其结果是 numpy 数组，在 '{where}' 中与 Tensor 相遇：网络运行时算子拒绝该数组（对于 + 报 TypeError: "
                "Failed calling Add with \"Add()(input=Tensor, other=<class 'numpy.ndarray'>)\"）",
            ),
            jit_fallback.FIX,
        )
    return (
        Text.pair(
            f"its result reaches the Tensor computation '{where}' as a value of unknown type: the gradient stops "
            "there, so the weights that feed it get zero gradients (the log only warns "
            f"'{jit_fallback.GRADIENT_WARNING}'), and ops given such a value may fail or misbehave (split sizes "
            "fail to compile, a reshape of it is ignored)",
            f"其结果以类型未知的值进入 Tensor 计算 '{where}'：梯度在此处停止，为它提供输入的权重梯度为零"
            f"（日志中只有警告 '{jit_fallback.GRADIENT_WARNING}'），接收这种值的算子可能失败或行为异常"
            "（split 的切分大小导致编译失败，对它的 reshape 被忽略）",
        ),
        jit_fallback.FIX,
    )



class GraphTensorNumpyFallbackChecker(GraphChecker):
    symbol = SYMBOL
    msgs = {
        "W7336": (
            Text(
                "'%s' in graph-compiled '%s' runs numpy on a Tensor: at the LAX syntax level MindSpore runs it in "
                "the Python interpreter (JIT Fallback), and %s. Fix: %s.",
                "'%s'（位于静态图编译的 '%s' 中）对 Tensor 调用 numpy：在 LAX 语法支持级别下，MindSpore 在 Python "
                "解释器中执行它（JIT Fallback），并且%s。修复：%s。",
            ),
            SYMBOL,
            Text(
                "At the default LAX level a numpy call on a Tensor in graph code compiles, but a numpy reduction "
                "fails when the network runs, and a numpy result that re-enters the Tensor computation is an "
                "untyped value there: the gradient stops at it, so the weights before it are never trained. "
                "Reported where the numpy result reaches Tensor math, not where it is only printed, tested or "
                "returned.",
                "在默认的 LAX 级别下，静态图代码中对 Tensor 调用 numpy 可以编译，但 numpy 的归约函数在网络运行时失败；"
                "重新进入 Tensor 计算的 numpy 结果在图中是无类型的值：梯度在此处停止，它之前的权重永远得不到训练。"
                "只在 numpy 结果进入 Tensor 运算处报告，仅被打印、用作条件或被返回时不报告。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    doc_appendix = staticmethod(jit_fallback.markdown)

    in_graph_code_only = True

    def check_call(self, node: nodes.Call) -> None:
        function = scope.enclosing_function(node)
        if function is None or scope.graph_kind(node) is None:
            return
        evaluator = values.evaluator(function)
        start = _start(node, evaluator)
        if start is None or not control.always_compiled(node, evaluator):
            return
        consumer = None
        if start != jit_fallback.REDUCTION:
            listed = isinstance(node.func, nodes.Attribute) and node.func.attrname == "tolist"  # a list, no array
            flow = _consumer(node, evaluator, raw=not listed)
            if flow is None:
                return
            consumer, raw = flow
            start = jit_fallback.MIXED if raw else jit_fallback.UNTYPED
        args = (scope.snippet(node), scope.display_name(function), *_explain(node, start, consumer))
        self.defer_at_level(node, function, args, start)

    def decide(self, candidate, program):
        _, start, level = candidate.detail
        target = self.target(program)
        if (level or target.syntax_level) != graph_syntax.LAX or target.version < jit_fallback.SINCE:
            return None
        if super().decide(candidate, program) is None:
            return None
        return INFERENCE if start == jit_fallback.UNTYPED else HIGH
