"""metric-missing-method: a user Metric created although clear, update or eval is not implemented."""

from __future__ import annotations

from astroid import nodes
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.semantics import evaluation, names, resolve

SYMBOL = "metric-missing-method"


class MetricMissingMethodChecker(MindSporeChecker):
    msgs = {
        "E7348": (
            "%s is a mindspore.train.Metric without %s (neither the class nor its own bases define %s): "
            "creating it raises TypeError (Can't instantiate abstract class). Implement clear(), "
            "update(*inputs) and eval() in %s.",
            SYMBOL,
            "A custom metric must reimplement clear, update and eval of mindspore.train.Metric, which "
            "declares them abstract. A metric missing one fails only when evaluation starts, often after "
            "hours of training.",
        )
    }

    def check_call(self, node: nodes.Call) -> None:
        if not (names.basename(node.func) or " ")[0].isupper() or names.mindspore_name(node.func):
            return  # a cheap filter: classes are named in CapWords, and MindSpore's own metrics are complete
        definition = resolve.called_definition(node)
        if not isinstance(definition, nodes.ClassDef):
            return
        missing = evaluation.metric_gaps(definition)
        if not missing:
            return
        listed = " and ".join(", ".join(missing).rsplit(", ", 1))
        it = "it" if len(missing) == 1 else "them"
        args = (node.func.as_string(), listed, it, definition.name)
        self.add_message(SYMBOL, node=node, args=args, confidence=HIGH)
