"""The probe's pylint side: holds ms_lint's findings, probes them, gives them back with evidence.

It is the finding hook of :mod:`ms_lint.checkers.base`: it sees every ms_lint
finding before pylint's confidence filter, holds it, and when ms_lint flushes
(after the walk, and after deferred findings) it probes what it holds and gives
each finding back:

- **confirmed** -> HIGH confidence;
- **not reproduced** -> INFERENCE_FAILURE, so ``--confidence=HIGH`` (or ``HIGH,INFERENCE``) hides it;
- **unconfirmable** -> its static confidence.

The message then ends with `` [probe <status>: <evidence>]``. What stops the probe
for the whole run (MindSpore missing, MindSpore failing to import, bad
configuration) is said once, in an ``mindspore-probe-notice`` message, and the
findings it concerns keep their static confidence and text.

With ``pylint -j N`` each worker probes the files it lints; the notices travel to
the main process, which says each once.
"""

from __future__ import annotations

import multiprocessing
import os
from typing import List, Optional, Set, Tuple

from pylint.checkers import BaseChecker
from pylint.constants import WarningScope
from pylint.interfaces import HIGH, INFERENCE_FAILURE

from ms_lint.checkers.base import STRICT_ENV, Finding, FindingHook, MindSporeChecker, emit_finding, in_module, run_project
from ms_lint import language, options
from ms_lint.language import Text
from ms_lint.probe import backend, cache, config, engine
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, Verdict

NOTICE = "mindspore-probe-notice"
STDIN = Text(
    "the runtime probe does not run on --from-stdin input (it would run the file on disk, not the text linted)",
    "运行时探测不处理 --from-stdin 输入（它会运行磁盘上的文件，而不是被检查的文本）",
)
PROBE_FAILED = Text(
    "the runtime probe failed (%s: %s); findings keep their static confidence",
    "运行时探测失败（%s: %s）；检查结果保留其静态置信度",
)
CONFIDENCE = {CONFIRMED: HIGH, NOT_REPRODUCED: INFERENCE_FAILURE}


def confidence_for(verdict: Verdict, static):
    """HIGH when confirmed, INFERENCE_FAILURE when not reproduced, the static confidence otherwise."""
    return CONFIDENCE.get(verdict.status, static)


class ProbeChecker(MindSporeChecker, FindingHook):
    """Runs ms_lint's findings under MindSpore (``--load-plugins=ms_lint,ms_lint.probe``)."""

    msgs = {
        "I7399": (
            Text("Runtime probe: %s", "运行时探测：%s"),
            NOTICE,
            Text(
                "Said once per run when the runtime probe cannot run some or all findings (MindSpore missing or "
                "failing to import, an invalid configuration). The findings concerned keep their static confidence.",
                "当运行时探测无法运行部分或全部检查结果时（未安装 MindSpore 或导入失败、配置无效），每次运行提示一次。"
                "相关检查结果保留其静态置信度。",
            ),
            {"scope": WarningScope.LINE},
        )
    }
    options = (
        (
            "probe-jobs",
            {
                "default": 2,
                "type": "int",
                "metavar": "<n>",
                "help": "MindSpore processes the runtime probe runs at once (each imports MindSpore once, ~400 MB). "
                "With pylint -j N, per pylint process.",
            },
        ),
        (
            "probe-timeout",
            {
                "default": 60.0,
                "type": "float",
                "metavar": "<seconds>",
                "help": "Time allowed to one probe experiment, including the import of the module under test. "
                "An experiment that takes longer is killed and its finding is unconfirmable.",
            },
        ),
        (
            "probe-cache-dir",
            {
                "default": "",
                "type": "string",
                "metavar": "<dir>",
                "help": "Where the runtime probe keeps its verdicts. Default: the user cache directory "
                "(~/.cache/ms_lint/probe on Linux). 'off' disables the cache.",
            },
        ),
        (
            "probe-config",
            {
                "default": "",
                "type": "string",
                "metavar": "<file.toml>",
                "help": "TOML file with the probe's configuration (a [tool.ms_lint.probe] table, or the table's "
                "contents). Default: the nearest pyproject.toml above each linted file that has the table.",
            },
        ),
    )

    def __init__(self, linter=None):
        super().__init__(linter)
        self._held: List[Finding] = []
        self._pending: List[Tuple[str, str, str]] = []  # notices to say: (text, module, path)
        self._said: Set[str] = set()
        self._engine: Optional[engine.Engine] = None
        self._installed: Optional[bool] = None

    # -- the hook -------------------------------------------------------------------------

    def hold(self, finding: Finding) -> bool:
        if finding.symbol == NOTICE:
            return False
        if self.linter.config.from_stdin:
            self._note(STDIN, finding.module, finding.path)
            return False
        if self._installed is None:
            self._installed = engine.mindspore_installed()
        if not self._installed:
            self._note(engine.NOT_INSTALLED, finding.module, finding.path)
            return False
        self._held.append(finding)
        return True

    def flush(self) -> None:
        held, self._held = self._held, []
        verdicts = {}
        try:
            if held:
                report = self.engine().probe(held, self._modes(held))
                verdicts = report.verdicts
                for text in report.notices:
                    self._note(text, held[0].module, held[0].path)
        except Exception as error:  # pylint: disable=broad-except
            if os.environ.get(STRICT_ENV):
                raise
            self._note(PROBE_FAILED % (type(error).__name__, error), held[0].module, held[0].path)
        finally:
            order = sorted(range(len(held)), key=lambda index: (held[index].path, held[index].line, held[index].col))
            for index in order:
                finding, verdict = held[index], verdicts.get(index)
                if verdict is None:
                    emit_finding(finding)
                else:
                    suffix = verdict.suffix_in(language.of(self.linter))
                    emit_finding(finding, confidence_for(verdict, finding.confidence), suffix)
        self._say_notices()

    def _modes(self, held: List[Finding]) -> List[Optional[str]]:
        """The mode each finding's program runs in, as ms_lint's graph-mode rules read it: the
        mindspore-mode option, else the one mode the program's code sets (None: unknown)."""
        project = run_project()
        return [options.program_mode(self.linter.config, project.facts_for(f.module, f.path)) for f in held]

    # -- notices --------------------------------------------------------------------------

    def _note(self, text: str, module: str, path: str) -> None:
        if text not in self._said and all(text != pending[0] for pending in self._pending):
            self._pending.append((text, module, path))

    def _in_pool_worker(self) -> bool:
        return self.linter.config.jobs > 1 and multiprocessing.parent_process() is not None

    def _say_notices(self) -> None:
        if self._in_pool_worker():
            return  # the main process says them, after reduce_map_data
        pending, self._pending = self._pending, []
        for text, module, path in pending:
            if text in self._said:
                continue
            self._said.add(text)
            with in_module(self.linter, module, path):
                args = (language.pick(text, language.of(self.linter)),)
                BaseChecker.add_message(self, NOTICE, line=1, args=args, confidence=HIGH)

    def get_map_data(self):
        pending, self._pending = self._pending, []
        return (type(self).__name__, tuple(pending))

    def reduce_map_data(self, linter, data) -> None:
        for item in data:
            if isinstance(item, tuple) and len(item) == 2 and item[0] == type(self).__name__:
                for text, module, path in item[1]:
                    self._note(text, module, path)
        self._say_notices()

    # -- the engine -----------------------------------------------------------------------

    def engine(self) -> engine.Engine:
        if self._engine is None:
            settings = self.linter.config
            config.clear_cache()
            directory = settings.probe_cache_dir
            store = None if directory.strip().lower() == cache.OFF else cache.Cache(directory or cache.default_directory())
            config_for = config.discover
            if settings.probe_config:
                explicit = config.load(settings.probe_config)

                def config_for(path):  # pylint: disable=unused-argument,function-redefined
                    return explicit  # one configuration for every file

            jobs, timeout = settings.probe_jobs, settings.probe_timeout
            self._engine = engine.Engine(
                backend_factory=lambda: backend.shared(jobs, timeout), cache=store, config_for=config_for
            )
        return self._engine
