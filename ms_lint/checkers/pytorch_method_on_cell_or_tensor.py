"""pytorch-method-on-cell-or-tensor: a PyTorch method called on a MindSpore Cell, optimizer or Tensor."""

from __future__ import annotations

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH

from ms_lint import options
from ms_lint.checkers.base import ProjectChecker
from ms_lint.data import pytorch
from ms_lint.language import Text
from ms_lint.semantics.graph import receivers, scope
from ms_lint.semantics.names import catalog

SYMBOL = "pytorch-method-on-cell-or-tensor"
NO_DEVICE = Text("knows no '%s' device and raises ValueError", "不认识 '%s' 设备，会抛出 ValueError")
NO_METHOD = Text("has no '%s' and raises AttributeError", "没有 '%s'，会抛出 AttributeError")
METHODS = {entry.key: entry for entry in pytorch.entries(pytorch.METHOD)}


class PytorchMethodOnCellOrTensorChecker(ProjectChecker):
    symbol = SYMBOL
    msgs = {
        "E7302": (
            Text(
                "'%s' is PyTorch's %s: a MindSpore %s %s. In MindSpore, %s.",
                "'%s' 是 PyTorch 的 %s：MindSpore %s %s。在 MindSpore 中，%s。",
            ),
            SYMBOL,
            Text(
                "Code ported from PyTorch keeps calling torch.nn.Module, optimizer and torch.Tensor methods "
                "that MindSpore's Cell, optimizer and Tensor do not have (eval, cuda, zero_grad, backward...). "
                "The call fails at run time; MindSpore has its own way to do each.",
                "从 PyTorch 迁移的代码会继续调用 torch.nn.Module、优化器和 torch.Tensor 的方法，"
                "而 MindSpore 的 Cell、优化器和 Tensor 没有这些方法（eval、cuda、zero_grad、"
                "backward……）。调用在运行时失败；MindSpore 对每一项都有自己的做法。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    def callees(self) -> frozenset:
        return frozenset(METHODS)

    def check_call(self, node: nodes.Call) -> None:
        func = node.func
        if not isinstance(func, nodes.Attribute) or func.attrname not in METHODS:
            return
        entry = METHODS[func.attrname]
        if entry.argument and not _device_argument(node, entry.argument):
            return
        if not pytorch.applies(entry, self.target().version, options.parse_version(catalog.version())):
            return
        if _reported_call(func.expr):
            return  # ``x.detach().cpu()``: the first call already fails
        receiver = receivers.of(func.expr)
        if receiver is None or receiver.kind not in entry.receivers or receiver.mindspore & set(entry.exempt):
            return
        if entry.argument:
            missing = not receivers.user_defined(receiver, entry.key)
            problem = NO_DEVICE % (entry.argument,)
        else:
            missing = receivers.lacks(receiver, entry.key)
            problem = NO_METHOD % (entry.key,)
        if missing:
            fix = entry.mindspore.format(receiver=scope.snippet(func.expr))
            args = (scope.snippet(node), entry.pytorch, receiver.kind, problem, fix)
            self.defer(node, args, detail=tuple(sorted(receiver.via)))

    def decide(self, candidate, program):
        """Through a function's parameter, the receiver is proven by the calls in its module: none elsewhere may differ."""
        del program
        return HIGH if self.called_only_in_their_modules(candidate.detail) else None


def _device_argument(call: nodes.Call, prefix: str) -> bool:
    """``.to("cuda")``, ``.to("cuda:0")`` or ``.to(device="cuda")``: a literal device string with this prefix."""
    values = [*call.args[:1], *(keyword.value for keyword in call.keywords or () if keyword.arg == "device")]
    return any(isinstance(value, nodes.Const) and isinstance(value.value, str) and value.value.startswith(prefix)
               for value in values)


def _reported_call(expr: nodes.NodeNG) -> bool:
    return isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Attribute) and expr.func.attrname in METHODS
