"""api-default-changed: code relies on a default that changed between its MindSpore version and the target."""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

from astroid import nodes
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, Confidence

from ms_lint import language, options
from ms_lint.checkers.base import Candidate, ProjectChecker
from ms_lint.data import api_changes as table
from ms_lint.language import Text
from ms_lint.semantics.names import code_version
from ms_lint.semantics.program import api_changes, facts, weights

SYMBOL = "api-default-changed"
AND_OF = Text(", and of ", "，以及 ")


class ApiDefaultChangedChecker(ProjectChecker):
    """One finding per call, naming every changed default it relies on. A call relying on an
    initialiser's default waits for the program: the default does not matter where every program
    containing the call sets those weights itself (semantics.weights)."""

    symbol = SYMBOL
    msgs = {
        "W7382": (
            Text(
                "%s relies on the default%s of %s (code written for %s, target %s): pass `%s` to keep the old "
                "behaviour, or `%s` to accept the new one%s.",
                "%s 依赖%s %s 的默认值（代码编写时的版本为 %s，目标版本为 %s）：传入 `%s` 保持旧行为，或传入 `%s` "
                "接受新行为%s。",
            ),
            SYMBOL,
            Text(
                "Some MindSpore defaults changed between versions (Model.train's dataset_sink_mode, the weight "
                "initialisation of nn.Dense and nn.Conv2d). Code written for the old default runs on the new "
                "version without an error but behaves differently.",
                "部分 MindSpore 默认值在版本之间发生了变化（Model.train 的 dataset_sink_mode，nn.Dense 与 "
                "nn.Conv2d 的权重初始化）。按旧默认值编写的代码在新版本上不会报错，但行为不同。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    doc_appendix = staticmethod(lambda: table.table(lambda change: change.kind == table.DEFAULT_CHANGED))

    def callees(self) -> frozenset:
        return api_changes.callee_basenames()

    def check_call(self, node: nodes.Call) -> None:
        uses = [use for use in api_changes.call_uses(node) if use.change.kind == table.DEFAULT_CHANGED]
        if not uses:
            return
        written_for = code_version.written_for(
            options.parse_version(self.linter.config.mindspore_code_version), node.root().file
        )
        version = self.target().version
        if written_for is None:
            return
        changed = api_changes.changed_defaults(uses, written_for, version)
        set_here = weights.set_on_instance(node)
        # (weights key or "", parameter, old default, new default, version it changed in) per default.
        relied = tuple(
            (weights.key(use.change), use.change.parameter, *use.change.default, use.change.changed_in)
            for use in changed
            if weights.ATTRIBUTES.get(use.change.parameter) not in set_here
        )
        if relied:
            self.defer(changed[0].node, args=(f"`{changed[0].written}(...)`", _text(written_for), _text(version)), detail=relied)

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        return HIGH if _relied_on(candidate, program) else None

    def message_args(self, candidate: Candidate, program: facts.ProgramFacts) -> Tuple:
        relied = _relied_on(candidate, program)
        called, written_for, version = candidate.args
        described = [api_changes.DEFAULT_OF % (parameter, old, new, since) for _, parameter, old, new, since in relied]
        plural = language.plural(len(relied))
        return (
            called, plural, language.join(AND_OF, described), written_for, version,
            _passing(relied, 2), _passing(relied, 3), plural,
        )


def _relied_on(candidate: Candidate, program: facts.ProgramFacts) -> Sequence[Tuple]:
    """The candidate's defaults the program relies on: all but the weights every program sets."""
    return [item for item in candidate.detail if not item[0] or item[0] not in program.weights_set]


def _passing(relied: Sequence[Tuple], which: int) -> str:
    """The keywords that pass the old (2) or the new (3) defaults: ``weight_init='normal', bias_init='zeros'``."""
    return ", ".join(f"{item[1]}={item[which]}" for item in relied)


def _text(version) -> str:
    return ".".join(map(str, version))
