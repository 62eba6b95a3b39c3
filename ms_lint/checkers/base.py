"""Base classes shared by ms_lint's checkers.

Every checker is named ``mindspore`` so that ``--disable=mindspore`` turns the
whole plugin off and its options live in one section.

:class:`ProjectChecker` is for rules whose verdict depends on the whole program
(the execution mode or device target set in another file, a seed set in the
entry script). It records candidate findings with the facts of each module and
decides once every file is seen, through pylint's map/reduce protocol, so that
``pylint -j N`` gives exactly what ``-j 1`` gives. Facts flow along imports: see
:class:`ms_lint.semantics.facts.Project`.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from astroid import nodes
from pylint.checkers import BaseChecker
from pylint.interfaces import Confidence
from pylint.utils.file_state import FileState

from ms_lint import options
from ms_lint.semantics import facts


# Set MS_LINT_STRICT=1 to let a checker's unexpected exception through (the test suite does).
STRICT_ENV = "MS_LINT_STRICT"
GUARDED_PREFIXES = ("visit_", "leave_")
GUARDED_METHODS = frozenset({"open", "close", "reduce_map_data"})


def _guarded(method):
    """Keep a checker's bug from crashing pylint: the checker stays silent on that node instead."""

    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception:  # pylint: disable=broad-except
            if os.environ.get(STRICT_ENV):
                raise
            return None

    return guarded


class MindSporeChecker(BaseChecker):
    """A checker of the ``mindspore`` family.

    Its ``visit_*``/``leave_*`` methods (and ``open``, ``close``, ``reduce_map_data``)
    are guarded: whatever code it meets, pylint gets findings or nothing, never a traceback.
    """

    name = "mindspore"

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for attr, value in list(vars(cls).items()):
            if callable(value) and (attr.startswith(GUARDED_PREFIXES) or attr in GUARDED_METHODS):
                setattr(cls, attr, _guarded(value))

    def target(self, program: Optional[facts.ProgramFacts] = None) -> options.Target:
        return options.target(self.linter.config, program or facts.ProgramFacts())


@dataclass(frozen=True)
class Candidate:
    """A finding recorded while visiting a module, decided when the whole project is known."""

    module: str
    path: str
    line: int
    col: int
    end_line: Optional[int]
    end_col: Optional[int]
    args: Tuple
    detail: Tuple = ()  # rule-specific data the decision needs (picklable values only)


class ProjectChecker(MindSporeChecker):
    """A checker whose findings wait for the facts of every linted module.

    Subclasses call :meth:`defer` while visiting and implement :meth:`decide`.
    Their message must be declared with ``"scope": WarningScope.LINE``.
    """

    symbol: str = ""

    def open(self) -> None:
        self._module_facts: List[facts.ModuleFacts] = []
        self._candidates: List[Candidate] = []

    def visit_module(self, node: nodes.Module) -> None:
        self._module_facts.append(facts.module_facts(node))

    def defer(self, node: nodes.NodeNG, args: Tuple, detail: Tuple = ()) -> None:
        """Record a possible finding at ``node``, unless a pragma disables it there."""
        line = node.fromlineno
        if not self.linter.is_message_enabled(self.symbol, line):
            return
        position = getattr(node, "position", None)
        root = node.root()
        self._candidates.append(
            Candidate(
                module=root.name,
                path=root.file or root.name,
                line=position.lineno if position else line,
                col=position.col_offset if position else node.col_offset or 0,
                end_line=position.end_lineno if position else node.end_lineno,
                end_col=position.end_col_offset if position else node.end_col_offset,
                args=tuple(args),
                detail=tuple(detail),
            )
        )

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        """The confidence to report ``candidate`` at, given the facts of its programs, or None to drop it."""
        raise NotImplementedError

    # -- pylint's protocol ---------------------------------------------------------

    def get_map_data(self):
        # pylint asks every registered checker, also disabled ones that were never opened.
        facts_seen = getattr(self, "_module_facts", ())
        return (type(self).__name__, tuple(facts_seen), tuple(getattr(self, "_candidates", ())))

    def reduce_map_data(self, linter, data: Sequence) -> None:
        mine = [item for item in data if isinstance(item, tuple) and item and item[0] == type(self).__name__]
        module_facts = [fact for _, found, _ in mine for fact in found]
        candidates = [candidate for _, _, found in mine for candidate in found]
        self._report(module_facts, candidates)

    def close(self) -> None:
        # With -j N each worker closes after every file; the main process reduces instead.
        if self.linter.config.jobs > 1 and not self.linter.config.from_stdin:
            return
        self._report(self._module_facts, self._candidates)

    def _report(self, module_facts, candidates) -> None:
        project = facts.Project(module_facts)
        decided = []
        for candidate in sorted(set(candidates), key=lambda c: (c.path, c.line, c.col, c.args)):
            confidence = self.decide(candidate, project.facts_for(candidate.module))
            if confidence is not None:
                decided.append((candidate, confidence))
        if decided:
            self._emit(decided)

    def _emit(self, decided) -> None:
        linter = self.linter
        saved = (linter.current_name, linter.current_file, linter.file_state)
        try:
            for candidate, confidence in decided:
                module_stats = linter.stats.by_module.get(candidate.module)
                linter.set_current_module(candidate.module, candidate.path)
                if module_stats is not None:
                    linter.stats.by_module[candidate.module] = module_stats
                # Pragmas were honoured when the candidate was recorded.
                linter.file_state = FileState(candidate.module, linter.msgs_store)
                self.add_message(
                    self.symbol,
                    line=candidate.line,
                    args=candidate.args,
                    confidence=confidence,
                    col_offset=candidate.col,
                    end_lineno=candidate.end_line,
                    end_col_offset=candidate.end_col,
                )
        finally:
            linter.current_name, linter.current_file, linter.file_state = saved
