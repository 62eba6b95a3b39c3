"""Verdicts kept on disk, so that a second run on unchanged code runs nothing.

A verdict's key covers the experiment (and its version), the task (the finding's
file, class and configuration entry), the file's content, the MindSpore version
and the Python environment. The user modules the experiment imported are stored
with their digests: a verdict whose imported files changed is not used. Verdicts
that would not repeat (timeouts, crashes, timings too noisy to decide on) are never
stored: the next run tries again.

The cache lives in the user's cache directory (``~/.cache/ms_lint/probe`` on
Linux) unless the ``probe-cache-dir`` option names another; it is never put in
the linted tree unless configured so.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
from typing import Dict, Iterable, Optional

from ms_lint import files
from ms_lint.probe.source import file_digest
from ms_lint.probe.verdict import Cause, Verdict, evidence_fields, evidence_from

FORMAT = 2  # 2: an unconfirmable verdict keeps where the user's code raised what stopped it
OFF = "off"


def default_directory() -> str:
    return files.cache_directory("probe")


def environment() -> str:
    """The Python that runs the experiments and when its installed packages last changed."""
    stamps = [sys.executable, sys.version]
    for name in ("purelib", "platlib"):
        path = sysconfig.get_paths().get(name)
        try:
            stamps.append(f"{path}:{os.stat(path).st_mtime_ns}")
        except (OSError, TypeError):
            stamps.append(str(path))
    return hashlib.sha256("\n".join(stamps).encode()).hexdigest()


class Cache:
    """Verdicts by key, in one small JSON file each."""

    def __init__(self, directory: str):
        self.directory = directory
        self._digests: Dict[str, Optional[str]] = {}

    def _path(self, key: str) -> str:
        return os.path.join(self.directory, key[:2], f"{key}.json")

    def forget_digests(self) -> None:
        """Read files anew (they may have changed since the last run of this process)."""
        self._digests.clear()

    def digest(self, path: str) -> Optional[str]:
        if path not in self._digests:
            self._digests[path] = file_digest(path)
        return self._digests[path]

    def get(self, key: str) -> Optional[Verdict]:
        try:
            with open(self._path(key), encoding="utf-8") as stream:
                entry = json.load(stream)
        except (OSError, ValueError):
            return None
        if entry.get("format") != FORMAT:
            return None
        for path, digest in (entry.get("deps") or {}).items():
            if self.digest(path) != digest:
                return None
        try:
            if "evidence" not in entry:
                return None
            return Verdict(entry["status"], evidence_from(entry), cause=Cause.from_fields(entry.get("cause")))
        except (KeyError, ValueError):
            return None

    def put(self, key: str, verdict: Verdict, deps: Iterable[str]) -> None:
        if not verdict.repeatable:
            return
        entry = {
            "format": FORMAT,
            "status": verdict.status,
            **evidence_fields(verdict.evidence),
            "deps": {path: self.digest(path) for path in sorted(set(deps))},
        }
        if verdict.cause is not None:
            entry["cause"] = verdict.cause.fields()
        path = self._path(key)
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            files.write_whole(path, json.dumps(entry).encode("utf-8"))
        except OSError:
            pass  # a cache that cannot be written only costs time
