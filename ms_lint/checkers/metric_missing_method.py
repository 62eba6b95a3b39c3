"""metric-missing-method: a user Metric created although clear, update or eval is not implemented."""

from __future__ import annotations

from astroid import nodes
from pylint.interfaces import HIGH

from ms_lint import language
from ms_lint.checkers.base import MindSporeChecker
from ms_lint.language import Text
from ms_lint.semantics.names import names, resolve
from ms_lint.semantics.program import evaluation, metric_imports

SYMBOL = "metric-missing-method"
AND = Text(" and ", " 和 ")
IT = Text("it", "它")
THEM = Text("them", "它们")


class MetricMissingMethodChecker(MindSporeChecker):
    msgs = {
        "E7348": (
            Text(
                "%s is a mindspore.train.Metric without %s (neither the class nor its own bases define %s): "
                "creating it raises TypeError (Can't instantiate abstract class). Implement clear(), "
                "update(*inputs) and eval() in %s.",
                "%s 是缺少 %s 的 mindspore.train.Metric（该类及其自身的基类都没有定义 %s）：创建它会抛出 "
                "TypeError（Can't instantiate abstract class）。请在 %s 中实现 clear()、"
                "update(*inputs) 和 eval()。",
            ),
            SYMBOL,
            Text(
                "A custom metric must reimplement clear, update and eval of mindspore.train.Metric, which "
                "declares them abstract. A metric missing one fails only when evaluation starts, often after "
                "hours of training.",
                "自定义指标必须重新实现 mindspore.train.Metric 的 clear、update 和 eval，"
                "Metric 将它们声明为抽象方法。缺少其中之一的指标只在评估开始时才失败，往往已经训练了数小时。",
            ),
        )
    }

    def check_call(self, node: nodes.Call) -> None:
        if not (names.basename(node.func) or " ")[0].isupper() or names.mindspore_name(node.func):
            return  # a cheap filter: classes are named in CapWords, and MindSpore's own metrics are complete
        if not metric_imports.may_build_a_metric(node):
            return  # the text of the modules its import reaches shows no Metric: no tree of them is built
        definition = resolve.called_definition(node)
        if not isinstance(definition, nodes.ClassDef):
            return
        missing = evaluation.metric_gaps(definition)
        if not missing:
            return
        listed = language.join(AND, ", ".join(missing).rsplit(", ", 1))
        it = IT if len(missing) == 1 else THEM
        args = (node.func.as_string(), listed, it, definition.name)
        self.add_message(SYMBOL, node=node, args=args, confidence=HIGH)
