"""Base classes shared by ms_lint's checkers.

Every checker is named ``mindspore`` so that ``--disable=mindspore`` turns the
whole plugin off and its options live in one section.

:class:`ProjectChecker` is for rules whose verdict depends on the whole program
(the execution mode or device target set in another file, a seed set in the
entry script). It records candidate findings with the facts of each module and
decides once every file is seen, through pylint's map/reduce protocol, so that
``pylint -j N`` gives exactly what ``-j 1`` gives. Facts flow along imports: see
:class:`ms_lint.semantics.program.project.Project`.

Every ms_lint finding, node-based (:meth:`MindSporeChecker.add_message`) or
deferred (:meth:`ProjectChecker._emit`), passes through one point where a
:class:`FindingHook` may take it, before pylint's own filters (pragmas aside,
which are honoured first). Without a hook nothing changes. The runtime probe
(``ms_lint.probe``) installs one: it holds the findings, runs them under
MindSpore, and gives each back through :func:`emit_finding` with its confidence
adjusted and the evidence appended.
"""

from __future__ import annotations

import contextlib
import functools
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from astroid import nodes
from pylint.checkers import BaseChecker
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE, UNDEFINED, Confidence
from pylint.utils import get_module_and_frameid
from pylint.utils.file_state import FileState

from ms_lint import collector, language, options
from ms_lint.checkers import calls
from ms_lint.data import graph_syntax
from ms_lint.language import Text
from ms_lint.semantics.cells import cells
from ms_lint.semantics.graph import control, scope, syntax_levels, values
from ms_lint.semantics.names import memo, module_trees
from ms_lint.semantics.program import api_changes, evaluation, facts
from ms_lint.semantics.program import project as programs
from ms_lint.semantics.program import workspace


# Set MS_LINT_STRICT=1 to let a checker's unexpected exception through (the test suite does).
STRICT_ENV = "MS_LINT_STRICT"
GUARDED_PREFIXES = ("visit_", "leave_")
GUARDED_METHODS = frozenset({"open", "close", "reduce_map_data"})
GRAPH_NOTICE = "graph-findings-withheld"
WITHHELD_ATTRIBUTE = "_ms_lint_withheld"
WITHHELD_FINDINGS_ATTRIBUTE = "_ms_lint_withheld_findings"
LAST_MODULE_ATTRIBUTE = "_ms_lint_last_module"  # the module of the last finding added after the walk
OBJ_ATTRIBUTE = "_ms_lint_obj"  # the function or class of the finding added after the walk


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


def reduced_in_main_process(linter) -> bool:
    """pylint lints in worker processes (``-j N``) and hands their map data to the main one."""
    return linter.config.jobs > 1 and not linter.config.from_stdin


def register_once(linter, *checker_classes) -> list:
    """Register checkers unless the linter has one of that class already; return the ones in use.

    pylint before 4.0 loads plugins again in each ``-j N`` worker without removing the checkers
    it unpickled, which would run every check twice there and repeat its findings.
    """
    in_use = {type(checker): checker for checker in linter.get_checkers()}  # a sort of every checker: ask once
    for checker_class in checker_classes:
        if checker_class not in in_use:
            in_use[checker_class] = checker_class(linter)
            linter.register_checker(in_use[checker_class])
    return [in_use[checker_class] for checker_class in checker_classes]


# -- the finding hook --------------------------------------------------------------

HOOK_ATTRIBUTE = "_ms_lint_finding_hook"


@dataclass(frozen=True)
class Finding:
    """An ms_lint finding on its way to pylint, as a :class:`FindingHook` sees it.

    ``line`` to ``end_col`` are where pylint will report it; ``cell`` is the
    qualified name, within its module, of the Cell class the finding is in (when
    the node is known and inside one). ``checker`` and the raw ``call`` are what
    :func:`emit_finding` needs to give the finding back to pylint unchanged.
    """

    symbol: str
    msgid: str
    module: str
    path: str
    line: int
    col: int
    end_line: Optional[int]
    end_col: Optional[int]
    args: Any
    confidence: Confidence
    cell: Optional[str] = None
    obj: str = ""  # pylint's "obj": the function or class the finding is in (``Net.construct``)
    node: Optional[nodes.NodeNG] = field(default=None, compare=False, repr=False)
    checker: Any = field(default=None, compare=False, repr=False)
    call: dict = field(default_factory=dict, compare=False, repr=False)


class FindingHook:
    """Sees every enabled ms_lint finding before pylint's confidence filter.

    :meth:`hold` returns True to keep a finding; the hook must then give it back
    with :func:`emit_finding`, at the latest in :meth:`flush`. ms_lint calls
    :meth:`flush` after its deferred findings are out; the hook's own checker
    flushes in ``close``. Install it with :func:`set_finding_hook`.
    """

    def hold(self, finding: Finding) -> bool:  # pragma: no cover - interface
        return False

    def flush(self) -> None:  # pragma: no cover - interface
        return None


def set_finding_hook(linter, hook: Optional[FindingHook]) -> None:
    setattr(linter, HOOK_ATTRIBUTE, hook)


def finding_hook(linter) -> Optional[FindingHook]:
    return getattr(linter, HOOK_ATTRIBUTE, None)


def _cell_of(node: Optional[nodes.NodeNG]) -> Optional[str]:
    """``Outer.Inner`` for a node inside a method of a Cell class ``Inner`` nested in ``Outer``."""
    if node is None:
        return None
    classdef = cells.enclosing_cell_class(node)
    if classdef is None:
        return None
    module = classdef.root().name
    qname = classdef.qname()
    return qname[len(module) + 1 :] if qname.startswith(module + ".") else classdef.name


def _offer(checker: BaseChecker, hook: FindingHook, msgid: str, call: dict) -> bool:
    """Build the finding of an ``add_message`` call and offer it to the hook; True if held."""
    linter = checker.linter
    definition = linter.msgs_store.get_message_definitions(msgid)[0]
    node = call.get("node")
    line, col = call.get("line"), call.get("col_offset")
    end_line, end_col = call.get("end_lineno"), call.get("end_col_offset")
    if node is not None:  # the location pylint itself would report
        position = getattr(node, "position", None)
        line = line if line is not None else (position.lineno if position else node.fromlineno)
        col = col if col is not None else (position.col_offset if position else node.col_offset)
        end_line = end_line if end_line is not None else (position.end_lineno if position else node.end_lineno)
        end_col = end_col if end_col is not None else (position.end_col_offset if position else node.end_col_offset)
    # A finding a pragma disables goes to pylint, which books the suppression.
    if line is None or not linter.is_message_enabled(definition.msgid, line):
        return False
    root = node.root() if node is not None else None
    obj = get_module_and_frameid(node)[1] if node is not None else getattr(linter, OBJ_ATTRIBUTE, "")
    finding = Finding(
        symbol=definition.symbol,
        msgid=definition.msgid,
        module=root.name if root is not None else linter.current_name,
        path=(root.file if root is not None else linter.current_file) or "",
        line=line,
        col=col or 0,
        end_line=end_line,
        end_col=end_col,
        args=call.get("args"),
        confidence=call.get("confidence"),
        cell=_cell_of(node),
        obj=obj,
        node=node,
        checker=checker,
        call=dict(call),
    )
    return bool(hook.hold(finding))


@contextlib.contextmanager
def in_module(linter, module: str, path: str, obj: str = ""):
    """Let a finding of ``module`` (in its function or class ``obj``) be added after pylint has
    moved on to other files.

    Pragmas were honoured when the finding was recorded, so the file state is fresh. pylint
    names the ``obj`` of a message added with a node only; the reporter gets it here.
    """
    saved = (linter.current_name, linter.current_file, linter.file_state)
    module_stats = linter.stats.by_module.get(module)
    _reprint_header(linter, module)
    try:
        linter.set_current_module(module, path)
        if module_stats is not None:
            linter.stats.by_module[module] = module_stats
        linter.file_state = FileState(module, linter.msgs_store)
        with _named_obj(linter, obj):
            yield
    finally:
        linter.current_name, linter.current_file, linter.file_state = saved


@contextlib.contextmanager
def _named_obj(linter, obj: str):
    """Messages reach the reporter with ``obj`` where pylint left it empty (one added by line)."""
    if not obj:
        yield
        return
    reporter = linter.reporter
    own = reporter.__dict__.get("handle_message")  # one a caller installed, which must come back
    handle_message = reporter.handle_message
    outer = getattr(linter, OBJ_ATTRIBUTE, None)

    def with_obj(message):
        if not message.obj:
            message.obj = obj
        handle_message(message)

    reporter.handle_message = with_obj
    setattr(linter, OBJ_ATTRIBUTE, obj)
    try:
        yield
    finally:
        if own is None:
            del reporter.handle_message
        else:
            reporter.handle_message = own
        if outer is None:
            delattr(linter, OBJ_ATTRIBUTE)
        else:
            setattr(linter, OBJ_ATTRIBUTE, outer)


def _reprint_header(linter, module: str) -> None:
    """Make pylint's text reporters print ``module``'s header again when other modules came since.

    They print "************* Module x" once per module: a finding added after pylint has moved
    on would otherwise sit under the header of the last module printed.
    """
    last = getattr(linter, LAST_MODULE_ATTRIBUTE, linter.current_name)
    if module != last:
        reporters = getattr(linter.reporter, "_sub_reporters", None) or [linter.reporter]
        for reporter in reporters:
            printed = getattr(reporter, "_modules", None)
            if isinstance(printed, set):
                printed.discard(module)
    setattr(linter, LAST_MODULE_ATTRIBUTE, module)


def emit_finding(finding: Finding, confidence: Optional[Confidence] = None, suffix: str = "") -> None:
    """Give a held finding back to pylint, at ``confidence``, its text ending with ``suffix``."""
    checker, linter = finding.checker, finding.checker.linter
    call = dict(finding.call, confidence=confidence or finding.confidence)
    call["args"] = language.resolve(call.get("args"), language.of(linter))
    definitions = linter.msgs_store.get_message_definitions(finding.msgid)
    saved = [definition.msg for definition in definitions]
    if suffix:
        escaped = suffix.replace("%", "%%") if call.get("args") is not None else suffix
        for definition in definitions:
            definition.msg = definition.msg + escaped
    try:
        with in_module(linter, finding.module, finding.path, finding.obj):
            BaseChecker.add_message(checker, finding.msgid, **call)
    finally:
        for definition, msg in zip(definitions, saved):
            definition.msg = msg


def _flush(linter) -> None:
    collector.checking_ends()
    hook = finding_hook(linter)
    if hook is not None:
        try:
            hook.flush()
        except Exception:  # pylint: disable=broad-except
            if os.environ.get(STRICT_ENV):
                raise


def _enter(linter, module: nodes.Module) -> None:
    collector.checking(module)
    memo.enter_module(module)
    if finding_hook(linter) is not None:  # the hook (the probe) asks for the facts of the program
        _remember_facts(module)


def _entering(visit_module):
    """Whichever checker pylint visits a module with first tells the memos a new module starts."""

    @functools.wraps(visit_module)
    def entering(self, node, *args, **kwargs):
        _enter(self.linter, node)
        return visit_module(self, node, *args, **kwargs)

    return entering


def _flushing(close):
    @functools.wraps(close)
    def flushing(self, *args, **kwargs):
        try:
            return close(self, *args, **kwargs)
        finally:
            _flush(self.linter)

    return flushing


@functools.lru_cache(maxsize=None)
def _walker_events(checker_class: type) -> Tuple[str, ...]:
    return tuple(name for name in dir(checker_class) if name.startswith(GUARDED_PREFIXES))


class MindSporeChecker(BaseChecker):
    """A checker of the ``mindspore`` family.

    Its ``visit_*``/``leave_*`` methods (and ``open``, ``close``, ``reduce_map_data``) are
    guarded: whatever code it meets, pylint gets findings or nothing, never a traceback. A rule
    about calls implements ``check_call`` and ``callees`` instead of ``visit_call``: one visitor,
    which guards each rule in the same way, hands it the calls of those names
    (:mod:`ms_lint.checkers.calls`).
    Its ``open`` drops what the semantics remembered about the previous run's trees.
    Its ``close`` ends by letting the garbage collector see what ms_lint's visits hid from it
    (:mod:`ms_lint.collector`) and by flushing the finding hook, if any: pylint closes every
    checker that has enabled messages, so held findings never outlive the run.
    """

    name = "mindspore"
    _options_target: Optional[Tuple[Any, options.Target]] = None  # (the configuration, its target)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for attr, value in list(vars(cls).items()):
            if callable(value) and (attr.startswith(GUARDED_PREFIXES) or attr in GUARDED_METHODS):
                wrapped = _guarded(_entering(value) if attr == "visit_module" else value)
                setattr(cls, attr, _flushing(wrapped) if attr == "close" else wrapped)
        if "check_call" in vars(cls):
            cls.visit_call = calls.not_walked

    in_graph_code_only = False  # ``check_call`` looks only at calls in graph-compiled functions

    # pylint compares checkers by the text of their messages, and a -j N worker sorts every checker
    # for each file it lints: a rule's messages are its class's, so its class says the same at once.
    def __eq__(self, other: object) -> bool:
        if isinstance(other, MindSporeChecker):
            return type(self) is type(other) and self.name == other.name
        return super().__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self), self.name))

    # pylint's walker finds a checker's visit and leave methods in dir(checker), for each file a
    # -j N worker lints: the full list of a checker's attributes costs more than the walk of a
    # small file, so dir() lists the class's walker events alone.
    def __dir__(self) -> List[str]:
        return list(_walker_events(type(self)))

    def callees(self) -> Optional[frozenset]:
        """The names of the calls ``check_call`` looks at (aliases included), or None for every call."""
        return None

    def open(self) -> None:
        # A -j N worker opens the checkers for each of its files: all of them are one run.
        memo.new_run(self.linter if reduced_in_main_process(self.linter) else None)
        module_trees.every_linted_tree_first(not reduced_in_main_process(self.linter))
        module_trees.register()
        collector.watch_trees()
        self._options_target = None
        calls.elect(self, strict=bool(os.environ.get(STRICT_ENV)))

    def visit_module(self, node: nodes.Module) -> None:
        _enter(self.linter, node)

    def close(self) -> None:
        _flush(self.linter)

    def reported_names(self) -> Sequence[str]:
        """Dotted MindSpore names this rule reports wherever the code uses them, for the configured
        target: pylint's own no-member and no-name-in-module on them are then left out."""
        return ()

    def reported_modules(self) -> Sequence[str]:
        """The MindSpore modules this rule reports wherever the code imports them: pylint's
        import-error on them is then left out."""
        return ()

    def target(self, program: Optional[facts.ProgramFacts] = None) -> options.Target:
        """The target from the options and ``program``'s facts; without a program, from the options alone
        (resolved once per configuration: rules ask for it on every node)."""
        config = self.linter.config
        if program is not None:
            return options.target(config, program)
        if self._options_target is None or self._options_target[0] is not config:
            self._options_target = (config, options.target(config, facts.ProgramFacts()))
        return self._options_target[1]

    def add_message(  # pylint: disable=too-many-arguments
        self,
        msgid: str,
        line: Optional[int] = None,
        node: Optional[nodes.NodeNG] = None,
        args: Any = None,
        confidence: Confidence = UNDEFINED,
        col_offset: Optional[int] = None,
        end_lineno: Optional[int] = None,
        end_col_offset: Optional[int] = None,
    ) -> None:
        """pylint's ``add_message``, offered first to the finding hook when one is installed."""
        call = {
            "line": line,
            "node": node,
            "args": args,
            "confidence": confidence,
            "col_offset": col_offset,
            "end_lineno": end_lineno,
            "end_col_offset": end_col_offset,
        }
        hook = finding_hook(self.linter)
        if hook is not None:
            try:
                if _offer(self, hook, msgid, call):
                    return
            except Exception:  # pylint: disable=broad-except
                if os.environ.get(STRICT_ENV):
                    raise
        call["args"] = language.resolve(args, language.of(self.linter))
        super().add_message(msgid, **call)


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
    obj: str = ""  # the function or class it is in, as pylint names it


# The facts of the run's modules, gathered by whichever project checkers visit them: every one
# needs all of them, and they are sent from pylint's workers (-j N) once, not once per checker.
_run_modules: Dict[str, facts.ModuleFacts] = memo.per_run_dict()
MODULE_FACTS_TAG = "ms_lint module facts"


def _remember_facts(module: nodes.Module) -> None:
    found = facts.module_facts(module)  # computed once per module, whoever asks
    _run_modules[found.key] = found


def run_project() -> programs.Project:
    """The programs of the modules linted so far in this run (with ``-j N``, in this process)."""
    return programs.of(tuple(_run_modules.values()))


class ProjectChecker(MindSporeChecker):
    """A checker whose findings wait for the facts of every linted module.

    Subclasses call :meth:`defer` while visiting and implement :meth:`decide`.
    Their message must be declared with ``"scope": WarningScope.LINE``.
    """

    symbol: str = ""

    def __init__(self, linter=None) -> None:
        super().__init__(linter)
        # pylint asks every registered checker for its map data with -j N, enabled or not.
        self._candidates: List[Candidate] = []
        self.project: Optional[programs.Project] = None  # the run's, while it decides

    def open(self) -> None:
        super().open()
        self._candidates = []

    def visit_module(self, node: nodes.Module) -> None:
        _remember_facts(node)

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
                obj=get_module_and_frameid(node)[1],
            )
        )

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        """The confidence to report ``candidate`` at, given the facts of its programs, or None to drop it."""
        raise NotImplementedError

    def callers_confirm(self, via) -> bool:
        """Whether the program confirms what a result rests on (``evaluation.Via``): for each function
        (``values.caller_key``), that no module importing its module calls it, so what the calls in its
        own module pass its parameters is all they get; for each parameter of a function its module
        never calls (``evaluation.from_importers``), that every module importing it passes an object of
        that kind."""
        for item in via:
            if item[0] == evaluation.FROM_IMPORTERS:
                _, module, path, function, parameter, kind = item
                passed = self.project.passed_by_importers(module, path, function, parameter)
                if not passed or any(received[0] != kind for received in passed):
                    return False
            elif self.project.used_by_importers(*item):
                return False
        return True

    def message_args(self, candidate: Candidate, program: facts.ProgramFacts) -> Tuple:
        """The message arguments of a decided candidate; override to name facts of the program."""
        del program
        return candidate.args

    # -- pylint's protocol ---------------------------------------------------------

    def get_map_data(self):
        # The first project checker asked after a file takes the module facts along.
        module_facts = tuple(_run_modules.values())
        _run_modules.clear()
        return (MODULE_FACTS_TAG, type(self).__name__, module_facts, tuple(self._candidates))

    def reduce_map_data(self, linter, data: Sequence) -> None:
        ours = [item for item in data if isinstance(item, tuple) and item and item[0] == MODULE_FACTS_TAG]
        module_facts = [fact for _, _, found, _ in ours for fact in found]
        candidates = [candidate for _, name, _, found in ours if name == type(self).__name__ for candidate in found]
        self._report(module_facts, candidates)

    def close(self) -> None:
        # With -j N each worker closes after every file; the main process reduces instead.
        if reduced_in_main_process(self.linter):
            return
        self._report(list(_run_modules.values()), self._candidates)

    def _report(self, module_facts, candidates) -> None:
        project = workspace.project(module_facts, self.linter)
        self.project = project  # for a decision about more than the candidate's programs
        decided = []
        for candidate in sorted(set(candidates), key=lambda c: (c.path, c.line, c.col, c.args)):
            program = project.facts_for(candidate.module, candidate.path)
            confidence = self.decide(candidate, program)
            if confidence is not None:
                decided.append((candidate, confidence, tuple(self.message_args(candidate, program))))
        if decided:
            self._emit(decided)

    def _emit(self, decided) -> None:
        for candidate, confidence, args in decided:
            # Pragmas were honoured when the candidate was recorded.
            with in_module(self.linter, candidate.module, candidate.path, candidate.obj):
                self.add_message(
                    self.symbol,
                    line=candidate.line,
                    args=args,
                    confidence=confidence,
                    col_offset=candidate.col,
                    end_lineno=candidate.end_line,
                    end_col_offset=candidate.end_col,
                )
        _flush(self.linter)


class GraphChecker(ProjectChecker):
    """A finding that matters only in graph-compiled code: weighed against the program's mode.

    Candidates carry the function's ``scope.graph_kind`` first in their detail. The
    semantics find them only on proven Tensors, so a finding in code compiled for certain is
    HIGH; one in a ``construct`` of a program whose mode is unknown is
    withheld and counted by :class:`GraphFindingsNotice`, which says once per run how many
    were withheld and how to see them.
    """

    def __init__(self, linter=None) -> None:
        super().__init__(linter)
        self._withheld: List[Candidate] = []

    def defer_at_level(self, node: nodes.NodeNG, function: nodes.FunctionDef, args: Tuple, *detail) -> None:
        """Record ``node``, in graph-compiled ``function``, for a rule that depends on the syntax level:
        the detail is ``(kind, *detail, level)``, the level STRICT for a ``@jit(fullgraph=True)``
        function and "" where the program's level applies."""
        level = syntax_levels.STRICT if syntax_levels.is_fullgraph(function) else ""
        self.defer(node, args=args, detail=(scope.graph_kind(function), *detail, level))

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        kind = candidate.detail[0]
        compiled = scope.compiled(kind, self.target(program).mode)
        if compiled is None:
            self._withheld.append(candidate)
        return HIGH if compiled else None

    def _report(self, module_facts, candidates) -> None:
        self._withheld = []
        super()._report(module_facts, candidates)
        GraphFindingsNotice.record(self, self._withheld)


class GraphFindingsNotice(MindSporeChecker):
    """Says once per run how many graph-only findings were withheld because the mode is unknown.

    Every :class:`GraphChecker` that reports in this process (the enabled ones; with
    ``-j N``, every one, since each reduces the workers' data) records its withheld
    candidates; the last to record says the notice.
    """

    msgs = {
        "I7339": (
            Text(
                "%d finding%s of graph-mode rules withheld (%s): nothing in the linted program shows that "
                "construct runs in graph mode (set_context(mode=GRAPH_MODE), @jit, an argparse or config "
                "default), and MindSpore 2.x defaults to PyNative. To see them, run with "
                "--mindspore-mode=graph, or set mindspore-mode in [tool.pylint.mindspore].",
                "已暂缓报告 %d 个仅在静态图模式下成立的检查结果%s（%s）：被检查的程序中没有任何代码表明 construct "
                "以静态图模式运行（set_context(mode=GRAPH_MODE)、@jit、argparse 或配置文件的默认值），而 MindSpore 2.x "
                "默认使用动态图模式（PyNative）。如需查看，请使用 --mindspore-mode=graph 运行，或在 "
                "[tool.pylint.mindspore] 中设置 mindspore-mode。",
            ),
            GRAPH_NOTICE,
            Text(
                "Said once per run when findings that matter only in graph-compiled code were not reported "
                "because the program's execution mode is unknown. It changes no exit status.",
                "当程序的执行模式未知、只在静态图编译的代码中才成立的检查结果未被报告时，每次运行提示一次。"
                "它不改变退出状态。",
            ),
            {"scope": WarningScope.LINE},
        )
    }

    def open(self) -> None:
        super().open()
        if hasattr(self.linter, WITHHELD_FINDINGS_ATTRIBUTE):
            delattr(self.linter, WITHHELD_FINDINGS_ATTRIBUTE)  # a server's linter lints again

    @staticmethod
    def record(checker: GraphChecker, withheld: Sequence[Candidate]) -> None:
        linter = checker.linter
        tally = getattr(linter, WITHHELD_ATTRIBUTE, None)
        if tally is None:
            tally = {"waiting": set(map(id, _graph_reporters(linter))), "withheld": []}
            setattr(linter, WITHHELD_ATTRIBUTE, tally)
        tally["waiting"].discard(id(checker))
        tally["withheld"].extend((checker.symbol, candidate) for candidate in withheld)
        if not tally["waiting"]:
            delattr(linter, WITHHELD_ATTRIBUTE)
            found = tuple((symbol, candidate.path, candidate.line) for symbol, candidate in tally["withheld"])
            setattr(linter, WITHHELD_FINDINGS_ATTRIBUTE, found)
            GraphFindingsNotice._say(linter, tally["withheld"])

    @staticmethod
    def _say(linter, withheld) -> None:
        if not withheld or not linter.is_message_enabled(GRAPH_NOTICE):
            return
        counts: dict = {}
        for symbol, _ in withheld:
            counts[symbol] = counts.get(symbol, 0) + 1
        detail = ", ".join(f"{count} {symbol}" for symbol, count in sorted(counts.items()))
        first = min((candidate for _, candidate in withheld), key=lambda c: (c.path, c.line, c.col))
        notice = next(c for c in linter.get_checkers() if isinstance(c, GraphFindingsNotice))
        with in_module(linter, first.module, first.path):
            args = (len(withheld), language.plural(len(withheld)), detail)
            BaseChecker.add_message(
                notice, GRAPH_NOTICE, line=1, args=language.resolve(args, language.of(linter)), confidence=HIGH
            )


def withheld_findings(linter) -> Tuple[Tuple[str, str, int], ...]:
    """The run's withheld graph-mode findings, as ``(symbol, path, line)``: neither reported nor fixed."""
    return getattr(linter, WITHHELD_FINDINGS_ATTRIBUTE, ())


def _graph_reporters(linter) -> list:
    """The graph checkers whose findings are decided in this process."""
    graph = [checker for checker in linter.get_checkers() if isinstance(checker, GraphChecker)]
    if reduced_in_main_process(linter):
        return graph  # the main process reduces every checker's data, enabled or not
    return [checker for checker in graph if any(linter.is_message_enabled(msgid) for msgid in checker.msgs)]


class SyntaxLevelChecker(GraphChecker):
    """A construct MindSpore refuses at some syntax levels (``ms_lint.data.graph_syntax``).

    Candidates carry ``(kind, key, level)``: the function's graph kind, the table entry's key, and
    STRICT for a ``@jit(fullgraph=True)`` function ("" otherwise: the program's level applies).
    Reported at HIGH when the code is compiled for certain at a level and version that refuse it;
    a construct refused at every level needs no known level.
    """

    def defer_refused(self, node: nodes.NodeNG, key: str, function: nodes.FunctionDef, args: Tuple) -> None:
        """Record ``node``, in graph-compiled ``function``, as the construct ``key`` of the table."""
        self.defer_at_level(node, function, args, key)

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        _, key, level = candidate.detail
        target = self.target(program)
        if not graph_syntax.BY_KEY[key].refused(target.version, level or target.syntax_level):
            return None
        return super().decide(candidate, program)


class TensorConditionChecker(GraphChecker):
    """A rule about ``if``/``while`` statements on Tensor values in graph-compiled code."""

    def visit_if(self, node: nodes.If) -> None:
        compiled = control.compiled_tensor_condition(node)
        if compiled is not None:
            kind, evaluator = compiled
            self.check_condition(node, kind, evaluator)

    visit_while = visit_if

    def check_condition(self, node: nodes.NodeNG, kind: str, evaluator: values.Evaluator) -> None:
        """Look at one such statement; ``kind`` is its function's ``scope.graph_kind``."""
        raise NotImplementedError


class AscendChecker(ProjectChecker):
    """A finding that matters only on Ascend: reported when the program's device target is Ascend.

    Candidates carry their confidence as ``detail[0]`` ("HIGH" or "INFERENCE"); an unknown,
    CPU or GPU target drops them.
    """

    def decide(self, candidate: Candidate, program: facts.ProgramFacts) -> Optional[Confidence]:
        if self.target(program).device_target != "Ascend":
            return None
        return HIGH if candidate.detail[0] == "HIGH" else INFERENCE


class ApiChangeChecker(MindSporeChecker):
    """A rule about code that uses an entry of the API-change table (``ms_lint.data.api_changes``).

    Imports, calls and ``@module.name`` decorators are matched once (``semantics.api_changes``);
    the rule decides, in ``report_uses``, which of the uses the target version makes findings.
    """

    def callees(self) -> frozenset:
        return api_changes.callee_basenames() | {calls.NUMBER_FIRST}  # a Primitive instance given a number

    def check_call(self, node: nodes.Call) -> None:
        self.report_uses(api_changes.call_uses(node))

    def visit_import(self, node: nodes.NodeNG) -> None:
        self.report_uses(api_changes.import_uses(node))

    visit_importfrom = visit_import

    def visit_decorators(self, node: nodes.Decorators) -> None:
        self.report_uses(api_changes.decorator_uses(node))

    def report_uses(self, uses: Sequence[api_changes.Use]) -> None:
        raise NotImplementedError
