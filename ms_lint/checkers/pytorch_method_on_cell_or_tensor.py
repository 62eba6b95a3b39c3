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
from ms_lint.semantics.program import patches

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
        problem = NO_DEVICE % (entry.argument,) if entry.argument else NO_METHOD % (entry.key,)
        fix = entry.mindspore.format(receiver=scope.snippet(func.expr))
        receiver = receivers.of(func.expr)
        if receiver is not None:
            if _fails(entry, receivers.summary(receiver, (entry.key,))):
                args = (scope.snippet(node), entry.pytorch, receiver.kind, problem, fix)
                self.defer(node, args, detail=(entry.key, *sorted(receiver.via)))
            return
        parameter = receivers.parameter_of_unseen_callers(func.expr)
        if parameter is not None:  # what the modules importing the function pass decides
            args = (scope.snippet(node), entry.pytorch, "", problem, fix)
            self.defer(node, args, detail=(FROM_IMPORTERS, entry.key, *parameter))

    def decide(self, candidate, program):
        """Silent when the program adds the method to MindSpore's classes itself (a migration adapter).
        Through a function's parameter, the receiver is proven by the calls in its module: none elsewhere may
        differ; or, when its module has none, by the calls of every module importing it."""
        if candidate.detail[:1] == (FROM_IMPORTERS,):
            passed = self._importers_pass(candidate)
            key, kind = candidate.detail[1], passed[0][0] if passed else ""
            proven = bool(passed)
        else:
            key, kind = candidate.detail[0], candidate.args[2]
            proven = self.callers_confirm(candidate.detail[1:])
        return HIGH if proven and not patches.is_patched(program.patched_methods, kind, key) else None

    def message_args(self, candidate, program):
        if candidate.detail[:1] != (FROM_IMPORTERS,):
            return candidate.args
        snippet, torch_name, _, problem, fix = candidate.args
        return snippet, torch_name, self._importers_pass(candidate)[0][0], problem, fix

    def _importers_pass(self, candidate) -> list:
        """The receivers every importer's call passes, when each fails the method's call; else []."""
        _, key, (module, path, function), parameter = candidate.detail
        passed = self.project.passed_by_importers(module, path, function, parameter)
        entry = METHODS[key]
        if not passed or len({kind for kind, _, _ in passed}) != 1 or not all(_fails(entry, item) for item in passed):
            return []
        return passed


FROM_IMPORTERS = "importers"


def _fails(entry: pytorch.Mapping, receiver: receivers.Summary) -> bool:
    """Whether the PyTorch method call fails on such a receiver."""
    kind, mindspore, defined = receiver
    if kind not in entry.receivers or mindspore & set(entry.exempt):
        return False
    if entry.argument:
        return entry.key not in defined
    return receivers.summary_lacks(receiver, entry.key)


def _device_argument(call: nodes.Call, prefix: str) -> bool:
    """``.to("cuda")``, ``.to("cuda:0")`` or ``.to(device="cuda")``: a literal device string with this prefix."""
    values = [*call.args[:1], *(keyword.value for keyword in call.keywords or () if keyword.arg == "device")]
    return any(isinstance(value, nodes.Const) and isinstance(value.value, str) and value.value.startswith(prefix)
               for value in values)


def _reported_call(expr: nodes.NodeNG) -> bool:
    return isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Attribute) and expr.func.attrname in METHODS
