"""cell-container-not-registered: Cells or Parameters kept in a plain list, tuple or dict on a Cell."""

from __future__ import annotations

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.interfaces import HIGH, INFERENCE

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.semantics import cells, containers

SYMBOL = "cell-container-not-registered"
FIXES = {"list": "nn.CellList (or nn.SequentialCell)", "tuple": "nn.CellList (or nn.SequentialCell)", "dict": "nn.CellDict"}
CELLS_EFFECT = (
    "their weights are never trained nor saved in checkpoints, and GRAPH_MODE can fail with a "
    "duplicate parameter name"
)
PARAMETERS_EFFECT = "they are never trained nor saved in checkpoints"


class CellContainerNotRegisteredChecker(MindSporeChecker):
    msgs = {
        "W7300": (
            "Plain %s 'self.%s' holds %s that MindSpore does not register: %s. Store them in %s.",
            SYMBOL,
            "nn.Cell registers only the Cells, Parameters and MindSpore containers assigned to its "
            "attributes; elements of a plain list, tuple or dict are invisible to trainable_params(), "
            "the optimizer and save_checkpoint. Wrap the container in nn.CellList, nn.SequentialCell, "
            "nn.CellDict or ParameterTuple.",
        )
    }

    @only_required_for_messages(SYMBOL)
    def visit_classdef(self, node: nodes.ClassDef) -> None:
        if cells.is_cell_class(node) is not True:
            return
        for container in containers.unregistered_containers(node):
            verdict = containers.verdict(container)
            if verdict.certain or verdict.possible:
                self._report(container, verdict, HIGH if verdict.certain else INFERENCE)

    def _report(self, container: containers.PlainContainer, verdict: containers.Verdict, confidence) -> None:
        if verdict.parameters_only:
            what, effect, fix = "Parameters", PARAMETERS_EFFECT, "a ParameterTuple"
        else:
            what, effect, fix = "Cells with parameters", CELLS_EFFECT, FIXES[container.kind]
        args = (container.kind, container.attr, what, effect, fix)
        self.add_message(SYMBOL, node=container.target, args=args, confidence=confidence)
