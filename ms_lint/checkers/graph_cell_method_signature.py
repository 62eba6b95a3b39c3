"""graph-cell-method-signature: a Cell's ``construct`` without ``self``, or a ``bprop`` of the wrong arity."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.constants import WarningScope

from ms_lint.checkers.base import SyntaxLevelChecker
from ms_lint.data import graph_syntax
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import scope
from ms_lint.semantics.names import index, names
from ms_lint.semantics.program import training

SYMBOL = "graph-cell-method-signature"
STATIC = Text("%s is a @staticmethod", "%s 是 @staticmethod")
NO_SELF = Text("%s does not take self as its first parameter", "%s 的第一个参数不是 self")
WHEN_COMPILED = Text("when GRAPH_MODE compiles it", "在静态图模式（GRAPH_MODE）编译它时")
WHEN_CALLED = Text("when GRAPH_MODE calls it", "在静态图模式（GRAPH_MODE）调用它时")
ARITY = Text(
    "%s takes %s argument(s) where construct's %s input(s), out and dout make %s",
    "%s 接收 %s 个参数，而 construct 的 %s 个输入加上 out 和 dout 共 %s 个",
)
WHEN_GRADIENTS = Text("when %s() takes its gradients, line %s", "在 %s() 求梯度时（第 %s 行）")
GRAD_APIS = frozenset({training.GRAD, training.VALUE_AND_GRAD})


def _label(function: nodes.FunctionDef) -> str:
    """``'Net.construct(x)'``: the method and its parameters, as the message quotes them."""
    return f"'{scope.display_name(function)}({function.args.as_string()})'"


def _positional(function: nodes.FunctionDef) -> list:
    return function.args.posonlyargs + function.args.args


def _fixed_arity(function: nodes.FunctionDef) -> bool:
    """Only plain positional parameters: no defaults, *args, keyword-only or **kwargs to absorb a mismatch."""
    args = function.args
    return not (args.defaults or args.vararg or args.kwonlyargs or args.kwarg)


def _first_not_self(function: nodes.FunctionDef) -> bool:
    """A method whose first parameter is not named ``self``: graph mode binds the Cell to ``self`` only."""
    positional = _positional(function)
    return function.type == "method" and not function.args.vararg and bool(positional) and positional[0].name != "self"


def _differentiates(call: nodes.Call, classdef: nodes.ClassDef) -> bool:
    """``ms.grad(net)`` / ``ms.value_and_grad(net)`` on an instance of ``classdef``, by input position.

    Differentiated by input (the default, or a literal ``grad_position``), every gradient flows
    through the Cell's bprop; a call with weights or other arguments may not need it.
    """
    if len(call.args) != 1 or training.called_among(call, GRAD_APIS) is None:
        return False
    if any(keyword.arg != "grad_position" or not isinstance(keyword.value, (nodes.Const, nodes.Tuple))
           for keyword in call.keywords or ()):
        return False
    network = call.args[0]
    built = names.assigned_value(network) if isinstance(network, nodes.Name) else network
    return isinstance(built, nodes.Call) and cells.called_definition(built) is classdef


class GraphCellMethodSignatureChecker(SyntaxLevelChecker):
    symbol = SYMBOL
    msgs = {
        "E7332": (
            Text(
                "%s: MindSpore refuses it %s. Fix: %s.",
                "%s：MindSpore %s拒绝它。修复：%s。",
            ),
            SYMBOL,
            Text(
                "MindSpore calls a Cell's construct as a method and its bprop with construct's inputs, out and dout; "
                "a @staticmethod construct fails to compile in GRAPH_MODE, a construct without self fails when it is "
                "called, and a bprop of another arity fails as soon as gradients are taken through the Cell.",
                "MindSpore 以方法的方式调用 Cell 的 construct，并以 construct 的输入、out "
                "和 dout 调用其 bprop；@staticmethod 的 construct 在静态图模式（GRAPH_MODE）"
                "下编译失败，没有 self 的 construct 在被调用时失败，参数个数不同的 bprop 在通过该 Cell "
                "求梯度时立即失败。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    doc_appendix = staticmethod(lambda: graph_syntax.markdown(SYMBOL))

    @only_required_for_messages(SYMBOL)
    def visit_functiondef(self, node: nodes.FunctionDef) -> None:
        if node.name not in ("construct", "bprop") or not isinstance(node.parent, nodes.ClassDef):
            return
        if cells.is_cell_class(node.parent) is not True:
            return
        if node.name == "construct":
            self._check_construct(node)
        else:
            self._check_bprop(node, node.parent)

    def _check_construct(self, construct: nodes.FunctionDef) -> None:
        where = _label(construct)
        if construct.type == "staticmethod":
            self._defer(construct, "ConstructStatic", STATIC % (where,), WHEN_COMPILED)
        elif _first_not_self(construct):
            self._defer(construct, "ConstructNoSelf", NO_SELF % (where,), WHEN_CALLED)

    def _check_bprop(self, bprop: nodes.FunctionDef, classdef: nodes.ClassDef) -> None:
        construct = cells.method(classdef, "construct")
        if construct is None or construct.type != "method" or bprop.type != "method":
            return
        if not (_fixed_arity(construct) and _fixed_arity(bprop)):
            return
        inputs, taken = len(_positional(construct)) - 1, len(_positional(bprop)) - 1
        if inputs < 0 or taken == inputs + 2:
            return
        grad = next((call for call in index.of(bprop.root()).calls if _differentiates(call, classdef)), None)
        if grad is None:
            return
        what = ARITY % (_label(bprop), taken, inputs, inputs + 2)
        when = WHEN_GRADIENTS % (grad.func.as_string(), grad.fromlineno)
        self._defer(bprop, "BpropArity", what, when)

    def _defer(self, function: nodes.FunctionDef, key: str, what: str, when: str) -> None:
        # Each case fails at every level; a construct only when GRAPH_MODE compiles it, a bprop in either mode.
        kind = scope.ALWAYS if key == "BpropArity" else scope.IN_GRAPH_MODE
        self.defer(function, args=(what, when, key), detail=(kind, key, ""))

    def message_args(self, candidate, program):
        what, when, key = candidate.args
        return (what, when, graph_syntax.BY_KEY[key].fix)
