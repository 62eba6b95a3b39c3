"""The probe's engine: from findings to verdicts, through the experiments table, the cache and a backend.

For each finding it looks up its rule's experiment, plans it (which may decide at
once: needs Ascend, needs constructor arguments...), looks the task up in the
cache, and runs what is left in the backend, grouped by file so that each file's
module is imported once. Findings it could not probe at all (MindSpore missing,
a backend that cannot start) get no verdict and keep their static confidence;
the reason comes back once, as a notice.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib.util
import json
import os
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Protocol, Sequence

from ms_lint import language, options
from ms_lint.language import Text
from ms_lint.checkers.base import STRICT_ENV
from ms_lint.probe import cache as cache_module
from ms_lint.probe import config as config_module
from ms_lint.probe import guesses, source
from ms_lint.probe.experiments import EXPERIMENTS, Context, Experiment
from ms_lint.probe.verdict import MISSING_PACKAGE, UNCONFIRMABLE, Outcome, Task, Verdict, unconfirmable, with_notes

NO_EXPERIMENT = Text("no experiment for this rule yet", "该规则还没有实验")
NOT_INSTALLED = Text(
    "MindSpore is not installed in this Python, so the runtime probe ran nothing; ms_lint's findings keep their "
    "static confidence (install MindSpore with ms_lint's probe extra: pip install \"<ms_lint checkout>[probe]\")",
    "此 Python 中未安装 MindSpore，因此运行时探测没有运行任何东西；ms_lint 的检查结果保留其静态置信度"
    "（请用 ms_lint 的 probe 额外依赖安装 MindSpore：pip install \"<ms_lint checkout>[probe]\"）",
)
MISSING_PACKAGES = Text(
    "%s finding%s could not be probed: their modules import packages that are not installed here: %s; "
    "install the project's requirements beside MindSpore to probe them",
    "%s 个检查结果%s无法探测：它们的模块导入了此处未安装的包：%s；请在 MindSpore 旁安装项目的依赖后再探测",
)
NO_START = Text(
    "the runtime probe could not start MindSpore (%s); findings it did not run keep their static confidence",
    "运行时探测无法启动 MindSpore（%s）；未运行的检查结果保留其静态置信度",
)
CONFIG_IGNORED = Text("ignored part of the probe configuration in %s: %s", "已忽略 %s 中探测配置的一部分：%s")
NO_PLAN = Text("the probe could not plan an experiment: %s: %s", "探测无法安排实验：%s: %s")
NOTHING_RETURNED = Text("the experiment returned nothing", "实验没有返回任何结果")
RUN_ON_CPU = Text(
    " (run on CPU: the code asks for %s, which this MindSpore lacks; that request was skipped)",
    "（在 CPU 上运行：代码要求使用 %s，而此 MindSpore 不支持；已跳过该请求）",
)
SEE_FINDING = Text(" (see the %s finding at %s)", "（参见 %s 检查结果，位于 %s）")
STOOD_IN = Text(
    " (its command line, parsed at import, got stand-ins for the required %s)",
    "（它在导入时解析命令行，必需参数 %s 使用了替代值）",
)


class Backend(Protocol):
    """Runs tasks under MindSpore: :class:`ms_lint.probe.backend.ProcessBackend`, or a fake in tests."""

    failure: Optional[str]
    mindspore_version: Optional[str]

    def run(self, groups: Sequence[Sequence[Task]]) -> Dict[str, List[Outcome]]: ...


@dataclass
class Report:
    verdicts: Dict[int, Verdict] = field(default_factory=dict)  # by index of the finding probed
    notices: List[str] = field(default_factory=list)  # said once per run, not per finding


def mindspore_installed() -> bool:
    """Whether MindSpore can be imported here, found without importing it."""
    return importlib.util.find_spec("mindspore") is not None


class Engine:
    """Turns findings into verdicts. One per pylint process; cheap to call repeatedly."""

    def __init__(
        self,
        backend_factory: Callable[[], Backend],
        cache: Optional[cache_module.Cache] = None,
        config_for: Callable[[str], config_module.ProbeConfig] = config_module.discover,
        mode: Optional[str] = None,
        experiments: Optional[Dict[str, Experiment]] = None,
        available: Callable[[], bool] = mindspore_installed,
        version: Optional[str] = None,
    ):
        self.backend_factory = backend_factory
        self.cache = cache
        self.config_for = config_for
        self.mode = mode
        self.experiments = EXPERIMENTS if experiments is None else experiments
        self.available = available
        self.version = version if version is not None else (options.installed_version() or "")
        self.environment = cache_module.environment()
        # As when a script runs from the project root: pylint's working directory is importable too.
        self.paths = (os.getcwd(),)

    def probe(self, findings: Sequence, modes: Optional[Sequence[Optional[str]]] = None) -> Report:
        """Verdicts for ``findings``; ``modes`` gives the mode each one's program runs in
        ("graph", "pynative" or None when unknown), else the engine's ``mode`` applies to all."""
        report = self._probe(findings, modes)
        for index, verdict in report.verdicts.items():
            report.verdicts[index] = _explained(verdict, findings, index)
        missing = _missing_packages(report.verdicts.values())
        if missing:
            count = sum(missing.values())
            packages = ", ".join(f"{name} ({n})" for name, n in sorted(missing.items()))
            report.notices.append(MISSING_PACKAGES % (count, language.plural(count), packages))
        return report

    def _probe(self, findings: Sequence, modes: Optional[Sequence[Optional[str]]] = None) -> Report:
        report = Report()
        planned: Dict[int, Task] = {}
        files = functools.lru_cache(maxsize=None)(guesses.project_files)  # listed once per run
        for index, finding in enumerate(findings):
            mode = self.mode if modes is None else modes[index]
            outcome = self._plan(finding, report, files, mode)
            if isinstance(outcome, Verdict):
                report.verdicts[index] = outcome
            elif isinstance(outcome, Task):
                planned[index] = outcome
        if not planned:
            return report
        keys = {index: self._key(task) for index, task in planned.items()}
        if self.cache is not None:
            self.cache.forget_digests()
            for index in list(planned):
                cached = self.cache.get(keys[index])
                if cached is not None:
                    report.verdicts[index] = cached
                    del planned[index]
        if not planned:
            return report
        if not self.available():
            report.notices.append(NOT_INSTALLED)
            return report
        backend = self.backend_factory()
        outcomes = backend.run(_groups(planned.values()))
        for index, task in planned.items():
            results = outcomes.get(task.key())
            if not results:
                continue  # never ran: the backend says why, below
            verdict = self._verdict(task, results)
            report.verdicts[index] = verdict
            if self.cache is not None:
                deps = {dep for result in results for dep in result.deps} | {task.path}
                self.cache.put(keys[index], verdict, deps)
        if backend.failure:
            report.notices.append(
                NO_START % (backend.failure,)
            )
        return report

    def _plan(
        self, finding, report: Report, files: Callable[[str], tuple] = guesses.project_files, mode: Optional[str] = None
    ):
        experiment = self.experiments.get(finding.symbol)
        if experiment is None:
            return unconfirmable(NO_EXPERIMENT)
        config = self.config_for(finding.path)
        for error in config.errors:
            notice = CONFIG_IGNORED % (config.source, error)
            if notice not in report.notices:
                report.notices.append(notice)
        root = source.import_root(finding.path, finding.module)
        context = Context(
            finding=finding, config=config, root=root, mode=mode, paths=self.paths, project_files=files
        )
        try:
            return experiment.plan(context)
        except Exception as error:  # pylint: disable=broad-except
            if os.environ.get(STRICT_ENV):
                raise
            return unconfirmable(NO_PLAN % (type(error).__name__, error), repeatable=False)

    def _key(self, task: Task) -> str:
        parts = [cache_module.FORMAT, self.version, self.environment, source.file_digest(task.path), task.key()]
        return hashlib.sha256(json.dumps(parts).encode()).hexdigest()

    def _verdict(self, task: Task, results: List[Outcome]) -> Verdict:
        failed = [result.verdict for result in results if result.verdict is not None]
        if 1 < task.processes == len(results) and not failed:
            experiment = _experiment(task.experiment)
            verdict = experiment.combine(task.payload, [result.data for result in results])
        elif failed:
            verdict = failed[0]
        else:
            verdict = unconfirmable(NOTHING_RETURNED, repeatable=False)
        notes = []
        for requested, note in (("devices", RUN_ON_CPU), ("stood_in", STOOD_IN)):  # what the runs had to work around
            found = sorted({item for result in results for item in getattr(result, requested)})
            if found:
                notes.append(note % (", ".join(found),))
        if notes:
            cause = verdict.cause
            if cause is not None:
                cause = dataclasses.replace(cause, failure=with_notes(cause.failure, notes))
            verdict = Verdict(verdict.status, with_notes(verdict.evidence, notes), verdict.repeatable, cause)
        return verdict


def _explained(verdict: Verdict, findings: Sequence, index: int) -> Verdict:
    """``verdict``, or, when the user's line whose error stopped it holds another finding of the run
    (a layer that raises when built), that error and that finding instead of advice on configuration."""
    cause = verdict.cause
    if cause is None or verdict.status != UNCONFIRMABLE:
        return verdict
    first, last = source.enclosing_statement(cause.path, cause.line) or (cause.line, cause.line)
    for other, finding in enumerate(findings):
        if other == index or not first <= finding.line <= last:
            continue
        if finding.path and os.path.realpath(finding.path) == cause.path:
            see = SEE_FINDING % (finding.symbol, f"{_shown_path(finding.path)}:{finding.line}")
            return Verdict(verdict.status, with_notes(cause.failure, [see]), verdict.repeatable, cause)
    return verdict


def _shown_path(path: str) -> str:
    """A path as pylint shows it: relative to the working directory when under it."""
    relative = os.path.relpath(os.path.realpath(path), os.path.realpath(os.getcwd()))
    return path if relative.startswith(os.pardir) else relative


def _missing_packages(verdicts) -> Dict[str, int]:
    """How many findings each missing third-party package left unconfirmable."""
    counts: Dict[str, int] = {}
    for verdict in verdicts:
        match = MISSING_PACKAGE.match(verdict.evidence)
        if match:
            counts[match.group(1)] = counts.get(match.group(1), 0) + 1
    return counts


def _experiment(reference: str) -> Experiment:
    module_name, _, class_name = reference.partition(":")
    module = __import__(module_name, fromlist=[class_name])
    return getattr(module, class_name)()


def _groups(tasks) -> List[List[Task]]:
    """Tasks by file (one module import each), biggest files first, each task once."""
    by_file: Dict[str, Dict[str, Task]] = {}
    for task in tasks:
        by_file.setdefault(os.path.realpath(task.path), {})[task.key()] = task
    groups = [list(group.values()) for group in by_file.values()]
    return sorted(groups, key=len, reverse=True)
