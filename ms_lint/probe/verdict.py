"""What a probe experiment concludes about one finding, and the work sent to a MindSpore process.

Plain data only: this module is shared by pylint's process and the MindSpore
child processes, and imports neither pylint nor MindSpore.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from ms_lint import language
from ms_lint.language import Text

CONFIRMED = "confirmed"
NOT_REPRODUCED = "not reproduced"
UNCONFIRMABLE = "unconfirmable"
STATUSES = (CONFIRMED, NOT_REPRODUCED, UNCONFIRMABLE)
# How a message names each status (the SARIF reporter reads either back).
STATUS_WORDS = {
    CONFIRMED: Text("confirmed", "已确认"),
    NOT_REPRODUCED: Text("not reproduced", "未复现"),
    UNCONFIRMABLE: Text("unconfirmable", "无法确认"),
}
MAX_EVIDENCE = 400


def one_line(text: Any, limit: int = MAX_EVIDENCE) -> str:
    """Evidence fit for the end of a pylint message: one line, bounded, no ``[probe`` inside.

    A :class:`~ms_lint.language.Text` stays one, both languages made fit."""
    if isinstance(text, Text):
        return Text.pair(one_line(text.en, limit), one_line(text.zh, limit))
    flat = " ".join(str(text).split()).replace("[probe ", "[probe: ")
    return flat if len(flat) <= limit else flat[: limit - 3].rstrip() + "..."


def with_notes(evidence: Any, notes: List[Any]) -> Text:
    """The evidence followed by notes on how it was run, cut so that the notes stay whole within the bound."""

    def side(which: str) -> str:
        tail = " " + one_line("".join(language.pick(note, which) for note in notes))
        return one_line(language.pick(evidence, which), max(MAX_EVIDENCE - len(tail), MAX_EVIDENCE // 3)) + tail

    return Text.pair(side(language.EN), side(language.ZH))


def evidence_from(reply: Dict[str, Any]) -> str:
    """The evidence a JSON reply (or cache entry) carries, in both languages when it has them."""
    english = reply.get("evidence", "")
    chinese = reply.get("evidence_zh")
    return Text.pair(english, chinese) if isinstance(chinese, str) else english


def evidence_fields(evidence: str) -> Dict[str, str]:
    """The JSON fields that carry ``evidence`` (``evidence_zh`` too when it has Chinese)."""
    fields = {"evidence": str.__str__(evidence)}
    if isinstance(evidence, Text):
        fields["evidence_zh"] = evidence.zh
    return fields


@dataclass(frozen=True)
class Cause:
    """The line of the user's code whose error stopped an experiment (building the Cell raised there),
    and what the verdict says of that error alone, without advice: the engine looks for another
    finding of the run at that line, which would explain it."""

    path: str  # the real path of the file
    line: int
    failure: str  # a Text when worded in both languages

    def fields(self) -> Dict[str, Any]:
        """The JSON form of a reply or cache entry."""
        return {"path": self.path, "line": self.line, **evidence_fields(self.failure)}

    @classmethod
    def from_fields(cls, fields: Any) -> Optional["Cause"]:
        if not isinstance(fields, dict) or not isinstance(fields.get("line"), int) or not fields.get("path"):
            return None
        return cls(str(fields["path"]), fields["line"], evidence_from(fields))


@dataclass(frozen=True)
class Verdict:
    """confirmed, not reproduced or unconfirmable, with what MindSpore did or why nothing ran."""

    status: str
    evidence: str  # a Text when the experiment worded it in both languages
    # Whether the same inputs (file contents, MindSpore version, configuration) give the same
    # verdict again: timeouts, crashes and noisy timings do not, and are never cached.
    repeatable: bool = True
    cause: Optional[Cause] = None  # an unconfirmable verdict's: where the user's code raised what stopped it

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"unknown probe status {self.status!r}")
        object.__setattr__(self, "evidence", one_line(self.evidence))

    @property
    def suffix(self) -> str:
        """What the probe appends to the finding's message."""
        return self.suffix_in(language.EN)

    def suffix_in(self, speaking: str) -> str:
        """:attr:`suffix` in the language ``speaking``."""
        colon = "：" if speaking == language.ZH else ": "
        status = language.pick(STATUS_WORDS[self.status], speaking)
        return f" [probe {status}{colon}{language.pick(self.evidence, speaking)}]"


def confirmed(evidence: str) -> Verdict:
    return Verdict(CONFIRMED, evidence)


def not_reproduced(evidence: str) -> Verdict:
    return Verdict(NOT_REPRODUCED, evidence)


def unconfirmable(evidence: str, repeatable: bool = True) -> Verdict:
    return Verdict(UNCONFIRMABLE, evidence, repeatable)


MISSING_PACKAGE = re.compile(r"^needs the package '([\w.]+)', which is not installed here")


MISSING = Text(
    "needs the package '%s', which is not installed here%s; the probe installs nothing",
    "需要 '%s' 包，而此处未安装%s；探测不会安装任何东西",
)


def missing_package(package: str, where: str) -> str:
    """Why a finding is unconfirmable when its module imports a package this Python lacks."""
    return MISSING % (package, where)


class Unconfirmable(Exception):
    """Raised by experiment code (in the child) when the experiment cannot be carried out.

    ``cause``: where the user's code raised the error that stopped it, when that is known.
    """

    def __init__(self, *args: Any, cause: Optional[Cause] = None):
        super().__init__(*args)
        self.cause = cause


@dataclass(frozen=True)
class Task:
    """One experiment to run in a MindSpore process for one finding.

    ``experiment`` names the experiment class as ``module:Class``; ``payload`` is
    what its ``run`` receives (JSON values only). ``processes`` > 1 asks for that
    many fresh processes whose results the experiment's ``combine`` compares.
    """

    experiment: str
    path: str
    module: str
    root: str
    payload: Dict[str, Any] = field(default_factory=dict)
    processes: int = 1
    paths: Tuple[str, ...] = ()  # more import paths, after root (pylint's working directory)

    def key(self) -> str:
        import hashlib  # pylint: disable=import-outside-toplevel  # OpenSSL loads only for the probe, not for every lint

        text = json.dumps(
            [self.experiment, self.path, self.module, self.root, self.payload, self.processes, self.paths],
            sort_keys=True,
            default=str,
        )
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def request(self, ident: int, timeout: float) -> Dict[str, Any]:
        return {
            "id": ident,
            "experiment": self.experiment,
            "path": self.path,
            "module": self.module,
            "root": self.root,
            "paths": list(self.paths),
            "payload": self.payload,
            "timeout": timeout,
        }


@dataclass(frozen=True)
class Outcome:
    """What a child process reports for a task: a verdict, or raw results for ``combine``."""

    verdict: Optional[Verdict]
    data: Any = None
    deps: Tuple[str, ...] = ()  # user source files the experiment imported
    devices: Tuple[str, ...] = ()  # devices the code asked for that this MindSpore lacks
    stood_in: Tuple[str, ...] = ()  # required command-line arguments the module parsed at import, given stand-ins


def outcome_from_reply(reply: Dict[str, Any]) -> Outcome:
    verdict = None
    if reply.get("status") in STATUSES:
        cause = Cause.from_fields(reply.get("cause"))
        verdict = Verdict(reply["status"], evidence_from(reply), bool(reply.get("repeatable", True)), cause)
    return Outcome(
        verdict=verdict,
        data=reply.get("data"),
        deps=tuple(reply.get("deps", ())),
        devices=tuple(reply.get("devices", ())),
        stood_in=tuple(reply.get("stood_in", ())),
    )
