"""What an experiment is: planned in pylint's process, run in a MindSpore child process.

An experiment's :meth:`~Experiment.plan` runs beside pylint, without MindSpore: from
the finding and the configuration it returns either a :class:`~ms_lint.probe.verdict.Task`
(what to run) or a :class:`~ms_lint.probe.verdict.Verdict` at once (nothing to run:
needs Ascend, needs constructor arguments...). Its :meth:`~Experiment.run` runs in the
child with a :class:`~ms_lint.probe.runtime.Runtime` and the task's payload and returns
a verdict (or, for experiments run in several fresh processes, data that
:meth:`~Experiment.combine` compares). Experiment modules import MindSpore only inside
``run``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Union

from ms_lint.language import Text
from ms_lint.probe import config, guesses, source
from ms_lint.probe.verdict import Task, Unconfirmable, Verdict, unconfirmable

NOTHING_TO_RUN = Text("%s has nothing to run", "%s 没有可运行的内容")
NO_COMPARISON = Text("%s does not compare processes", "%s 不比较多个进程")
NEEDS_ASCEND = Text("needs Ascend: %s", "需要 Ascend：%s")
# A payload's statements (imports, literal constants) that bind every name the experiment evaluates: no user
# module needed.
STANDALONE = "standalone_imports"

if TYPE_CHECKING:  # the child processes never import pylint's side
    from ms_lint.checkers.base import Finding


@dataclass(frozen=True)
class Context:
    """What a plan may use besides the finding: its file's configuration and the linted target."""

    finding: "Finding"
    config: config.ProbeConfig
    root: str
    # The mode the finding's program runs in: the mindspore-mode option, else the one mode its code sets
    # (set_context(mode=...) anywhere in the program, an argparse or config default); None when unknown.
    mode: Optional[str] = None
    paths: tuple = ()  # more import paths for the child, after root
    # The project's files under a root, listed once per probe run (shared by the run's contexts).
    project_files: Callable[[str], tuple] = guesses.project_files

    @property
    def scope(self) -> source.Scope:
        return source.scope_at(self.finding.path, self.finding.line)

    def cell_class(self) -> Optional[str]:
        """The Cell class the finding is in: from the linter when it knew, else from the source."""
        return self.finding.cell or self.scope.class_qualname

    def cell_payload(self, qualname: str) -> Dict[str, Any]:
        """How to build ``qualname``: its configuration entry, else arguments the probe finds or guesses."""
        spec = config.spec_json(self.config.cell(self.finding.module, self.finding.path, qualname))
        if spec is None:
            guess = guesses.constructor(self.finding.path, qualname, self.root, self.project_files)
            spec = guess.spec() if guess is not None else None
        return {"cell": qualname, "spec": spec, "none_size": self.config.none_size}


class Experiment:
    """What can confirm a rule's finding. Subclass it; register it in ``EXPERIMENTS``."""

    summary = ""  # one sentence for the docs: what the experiment does
    version = 1  # raise it when the experiment changes: cached verdicts of older versions are ignored
    processes = 1  # > 1: run in that many fresh processes, then combine
    imports_user_code = True  # False: it asks MindSpore alone, and runs even where the user's module cannot import

    @property
    def reference(self) -> str:
        return f"{type(self).__module__}:{type(self).__qualname__}"

    def task(self, context: Context, payload: Dict[str, Any]) -> Task:
        finding = context.finding
        return Task(
            experiment=self.reference,
            path=finding.path,
            module=finding.module,
            root=context.root,
            payload=dict(payload, line=finding.line, version=self.version),
            processes=self.processes,
            paths=tuple(context.paths),
        )

    def plan(self, context: Context) -> Union[Task, Verdict]:
        raise NotImplementedError

    def needs_user_module(self, payload: Dict[str, Any]) -> bool:
        """Whether the child imports the user's module first: not for what a namespace of
        MindSpore imports alone can build (:mod:`ms_lint.probe.standalone`)."""
        return self.imports_user_code and payload.get(STANDALONE) is None

    def without_module(self, runtime, payload: Dict[str, Any], unloaded: Unconfirmable) -> Any:  # pylint: disable=unused-argument
        """The verdict when the user's module cannot be imported here: by default, why not."""
        raise unloaded

    def run(self, runtime, payload: Dict[str, Any]) -> Any:  # in the child process
        """The experiment itself: a verdict (or, with ``processes`` > 1, data for :meth:`combine`)."""
        raise Unconfirmable(NOTHING_TO_RUN % (type(self).__name__,))

    def combine(self, payload: Dict[str, Any], results: List[Any]) -> Verdict:  # pylint: disable=unused-argument
        """Compare the data of ``processes`` fresh runs (only for experiments that need several)."""
        return unconfirmable(NO_COMPARISON % (type(self).__name__,))


class Declared(Experiment):
    """No experiment can run here: every finding of the rule gets the same stated reason."""

    def __init__(self, reason: str):
        self.reason = reason
        self.summary = f"none: {reason}"

    def plan(self, context: Context) -> Verdict:
        return unconfirmable(self.reason)


def needs_ascend(what: str) -> Declared:
    """For rules about Ascend-only failures: a CPU (or GPU) build of MindSpore cannot show them."""
    return Declared(NEEDS_ASCEND % (what,))


def flagged_call(finding):
    """The flagged call: the finding's node, or, for a finding decided once the whole program was
    read (which keeps only its place), the call that starts at that place."""
    import astroid  # pylint: disable=import-outside-toplevel  # the parent process only
    from astroid import nodes  # pylint: disable=import-outside-toplevel

    if isinstance(finding.node, nodes.Call):
        return finding.node
    try:
        module = astroid.MANAGER.ast_from_file(finding.path, modname=finding.module)
    except Exception:  # pylint: disable=broad-except  # a file astroid cannot read: nothing to locate
        return None
    return next(
        (
            call
            for call in module.nodes_of_class(nodes.Call)
            if call.lineno == finding.line and call.col_offset == finding.col
        ),
        None,
    )
