"""primitive-called-with-tensors: ops.L2Normalize(x, axis=1), a Primitive class given its input Tensors."""

from __future__ import annotations

from astroid import nodes
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import pytorch as table
from ms_lint.language import Text
from ms_lint.semantics.graph import pytorch, scope, values
from ms_lint.semantics.names import catalog, names

SYMBOL = "primitive-called-with-tensors"
TENSOR = Text("the Tensor %s", "Tensor %s")
TENSORS = Text("the Tensors %s", "Tensor %s")


class PrimitiveCalledWithTensorsChecker(MindSporeChecker):
    msgs = {
        "E7309": (
            Text(
                "%s passes %s to the constructor of the Primitive %s, which takes the operator's attributes: "
                "MindSpore raises TypeError or gives back an operator, not a Tensor. Build the operator, then call it "
                "on the Tensors: %s.",
                "%s 把 %s 传给了 Primitive 算子 %s 的构造函数，而构造函数接收的是算子的属性：MindSpore "
                "会抛出 TypeError，或返回一个算子而不是 Tensor。请先构建算子，再以 Tensor 调用它：%s。",
            ),
            SYMBOL,
            Text(
                "A Primitive class such as ops.L2Normalize is built with its attributes (axis, epsilon) and then "
                "called with its inputs. Giving it the input Tensors, as PyTorch's functional style does, binds them "
                "to the attributes.",
                "ops.L2Normalize 这类 Primitive 算子类先以其属性（axis、epsilon）构建，再以输入调用。"
                "像 PyTorch 的函数式写法那样把输入 Tensor 传给它，会把它们绑定到属性上。",
            ),
        )
    }

    doc_appendix = staticmethod(lambda: table.semantics_table(table.PRIMITIVE_INPUTS))

    def callees(self) -> frozenset:
        return catalog.basenames_of(catalog.of_kind("primitive"))

    def check_call(self, node: nodes.Call) -> None:
        if not node.args and not node.keywords:
            return
        entity = names.called_entity(node)
        if entity is None or entity.kind != "primitive" or not pytorch.applies(table.PRIMITIVE_INPUTS, self.target().version):
            return
        function = scope.enclosing_function(node)
        if function is None:
            return
        evaluator = values.evaluator(function)
        given = [*node.args, *(keyword.value for keyword in node.keywords or ())]
        tensors = [argument for argument in given if pytorch.tensor_object(evaluator, argument)]
        if not tensors:
            return
        attributes = [arg.as_string() for arg in node.args if arg not in tensors]
        attributes += [f"{k.arg}={k.value.as_string()}" for k in node.keywords or () if k.value not in tensors and k.arg]
        inputs = ", ".join(tensor.as_string() for tensor in tensors)
        fix = f"{node.func.as_string()}({', '.join(attributes)})({inputs})"
        several = len(tensors) > 1 or isinstance(tensors[0], (nodes.Tuple, nodes.List))
        given_text = (TENSORS if several else TENSOR) % (inputs,)
        args = (node.as_string(), given_text, node.func.as_string(), fix)
        self.add_message(SYMBOL, node=node, args=args, confidence=HIGH)
