"""Child processes that run experiments under MindSpore, with a timeout, surviving hangs and crashes.

A child imports MindSpore once and then runs the experiments of one file after
another (the file's module is imported once for all of them). Up to ``jobs``
children work at once, each on its own files; they stay up for the rest of the
process, so later batches do not pay MindSpore's import again. A child that
times out is killed with its process group and replaced; so is one that crashes.

Each child runs in a temporary directory of its own (its working directory and
``MS_OM_PATH``), removed when it stops, so MindSpore's ``rank_0/`` and IR files
never land in the linted tree.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from pathlib import Path
from queue import Empty, Queue
from typing import Dict, List, Optional, Sequence

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.verdict import Outcome, Task, Verdict, evidence_from, outcome_from_reply, unconfirmable

STDERR_TAIL = 600
TIMED_OUT = Text("timed out after %s s", "%s 秒后超时")
CRASHED = Text("the MindSpore process crashed (%s)", "MindSpore 进程崩溃（%s）")
_BACKENDS: "weakref.WeakSet[ProcessBackend]" = weakref.WeakSet()


class StartupError(Exception):
    """The child could not import MindSpore (or could not start at all)."""


class ChildFailed(Exception):
    """The child timed out or died while running an experiment."""

    def __init__(self, reason: str, on_crash: Optional[Dict] = None, death: str = ""):
        super().__init__(reason)
        self.on_crash = on_crash  # what the experiment said a crash at that point would mean
        self.death = death  # how the process died ("killed by SIGSEGV: ...")


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(-code).name
    except ValueError:
        return str(-code)


class Child:
    """One child process and its line-based JSON protocol."""

    def __init__(self, command: Sequence[str], env: Dict[str, str]):
        self.directory = tempfile.mkdtemp(prefix="ms_lint_probe_")
        self.log_path = os.path.join(self.directory, "child.log")
        child_env = dict(env, MS_OM_PATH=self.directory, MS_LINT_PROBE_DIR=self.directory)
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(  # pylint: disable=consider-using-with
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=log,
                cwd=self.directory,
                env=child_env,
                start_new_session=True,
            )
        self._buffer = b""
        self.info: Dict = {}

    # -- protocol ---------------------------------------------------------------------

    def _read_line(self, timeout: float) -> Dict:
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EOFError
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return json.loads(line.decode("utf-8"))

    def start(self, timeout: float) -> Dict:
        try:
            ready = self._read_line(timeout)
        except TimeoutError as error:
            self.kill()
            raise StartupError(f"MindSpore did not import within {timeout:g} s") from error
        except (EOFError, ValueError) as error:
            reason = self.death()
            self.kill()
            raise StartupError(f"the MindSpore process could not start ({reason})") from error
        if not ready.get("ready"):
            self.kill()
            raise StartupError(f"importing MindSpore failed: {ready.get('error')}")
        self.info = ready
        return ready

    def send(self, request: Dict) -> None:
        self.process.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
        self.process.stdin.flush()

    def receive(self, timeout: float) -> Dict:
        """The reply to the request sent; interim messages (what a crash would mean) are kept aside."""
        deadline = time.monotonic() + timeout
        on_crash = None
        try:
            while True:
                message = self._read_line(max(0.0, deadline - time.monotonic()))
                if not message.get("interim"):
                    return message
                on_crash = message.get("on_crash", on_crash)
        except TimeoutError as error:
            self.kill()
            raise ChildFailed(TIMED_OUT % (f"{timeout:g}",)) from error
        except (EOFError, OSError, ValueError) as error:
            reason = self.death()
            self.kill()
            raise ChildFailed(CRASHED % (reason,), on_crash, reason) from error

    def ask(self, request: Dict, timeout: float) -> Dict:
        try:
            self.send(request)
        except OSError as error:
            reason = self.death()
            self.kill()
            raise ChildFailed(CRASHED % (reason,)) from error
        return self.receive(timeout)

    # -- life and death ---------------------------------------------------------------

    def stderr_tail(self) -> str:
        try:
            with open(self.log_path, "rb") as log:
                log.seek(0, os.SEEK_END)
                size = log.tell()
                log.seek(max(0, size - 4096))
                lines = [line.strip() for line in log.read().decode("utf-8", "replace").splitlines() if line.strip()]
        except OSError:
            return ""
        return lines[-1][-STDERR_TAIL:] if lines else ""

    def death(self) -> str:
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        what = "still running" if code is None else f"killed by {_signal_name(code)}" if code < 0 else f"exit status {code}"
        tail = self.stderr_tail()
        return f"{what}: {tail}" if tail else what

    def ask_to_exit(self) -> None:
        if self.process.poll() is None and not self.process.stdin.closed:
            try:
                self.process.stdin.write(b'{"op": "exit"}\n')
                self.process.stdin.close()
            except (OSError, ValueError):
                pass

    def stop(self, grace: float = 5.0) -> None:
        """Ask the child to exit; kill it if it has not within ``grace`` seconds."""
        self.ask_to_exit()
        try:
            self.process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def kill(self) -> None:
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                self.process.kill()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - an unkillable process
            pass
        for stream in (self.process.stdin, self.process.stdout):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass
        shutil.rmtree(self.directory, ignore_errors=True)


def _failed(error: ChildFailed) -> Outcome:
    """A timeout or crash: unconfirmable, unless the experiment said what a crash there means."""
    meant = error.on_crash
    if meant and error.death:
        meaning = evidence_from(meant)
        died = Text.pair(f"{meaning} ({error.death})", f"{language.pick(meaning, language.ZH)}（{error.death}）")
        return Outcome(Verdict(meant["status"], died, bool(meant.get("repeatable"))))
    return Outcome(unconfirmable(error.args[0] if error.args else str(error), repeatable=False))


def child_environment() -> Dict[str, str]:
    env = dict(os.environ)
    env.setdefault("GLOG_v", "3")  # MindSpore reads it at import: errors only
    env.setdefault("MS_DEV_DUMP_IR_PASSES", "validate")  # when an experiment dumps IR, only the final graph
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    package_parent = str(Path(__file__).resolve().parent.parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_parent, env.get("PYTHONPATH", "")]))
    return env


class ProcessBackend:
    """Runs tasks in MindSpore child processes, ``jobs`` at a time."""

    def __init__(self, jobs: int = 2, timeout: float = 60.0, mindspore: bool = True, command: Optional[Sequence[str]] = None):
        self.jobs = max(1, int(jobs))
        self.timeout = float(timeout)
        self.startup_timeout = max(120.0, self.timeout)
        self.command = list(command or [sys.executable, "-m", "ms_lint.probe.child"])
        if not mindspore:
            self.command.append("--no-mindspore")
        self.env = child_environment()
        self.failure: Optional[str] = None
        self.mindspore_version: Optional[str] = None
        self._idle: List[Child] = []
        self._lock = threading.Lock()
        self._pid = os.getpid()
        _BACKENDS.add(self)

    def _spawn(self) -> Child:
        child = Child(self.command, self.env)
        info = child.start(self.startup_timeout)
        self.mindspore_version = info.get("mindspore") or self.mindspore_version
        return child

    def _take(self) -> Child:
        with self._lock:
            if self._pid != os.getpid():  # a forked copy: the children belong to the parent
                self._idle, self._pid = [], os.getpid()
            while self._idle:
                child = self._idle.pop()
                if child.process.poll() is None:
                    return child
                child.kill()
        return self._spawn()

    def _give_back(self, child: Optional[Child]) -> None:
        if child is not None and child.process.poll() is None:
            with self._lock:
                self._idle.append(child)

    def run(self, groups: Sequence[Sequence[Task]]) -> Dict[str, List[Outcome]]:
        """Outcomes by task key. Tasks left without one were not run (see :attr:`failure`)."""
        results: Dict[str, List[Outcome]] = {}
        queue: "Queue[Sequence[Task]]" = Queue()
        for group in groups:
            if group:
                queue.put(group)
        workers = [threading.Thread(target=self._work, args=(queue, results), daemon=True) for _ in range(min(self.jobs, queue.qsize()))]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        return results

    def _work(self, queue: "Queue[Sequence[Task]]", results: Dict[str, List[Outcome]]) -> None:
        holder: List[Optional[Child]] = [None]  # this thread's child, kept across the files it runs
        try:
            while self.failure is None:
                try:
                    group = queue.get_nowait()
                except Empty:
                    return
                self._run_group(group, holder, results)
        except StartupError as error:
            self.failure = str(error)
        finally:
            self._give_back(holder[0])

    def _run_group(self, group: Sequence[Task], holder: List[Optional[Child]], results) -> None:
        fresh = True
        for number, task in enumerate(group):
            if task.processes > 1:
                results[task.key()] = self._run_fresh(task)
                continue
            if holder[0] is None:
                holder[0] = self._take()
                fresh = True
            child = holder[0]
            request = task.request(number, self.timeout)
            request["fresh"] = fresh
            try:
                reply = child.ask(request, self.timeout)
                results[task.key()] = [outcome_from_reply(reply)]
                fresh = False
                if reply.get("restart"):  # the experiment left MindSpore unusable in that process
                    child.stop()
                    holder[0] = None
            except ChildFailed as error:
                results[task.key()] = [_failed(error)]
                holder[0] = None  # killed; the next task starts another

    def _run_fresh(self, task: Task) -> List[Outcome]:
        """Run ``task`` once in each of ``task.processes`` new children, side by side."""
        children: List[Child] = []
        try:
            children = [Child(self.command, self.env) for _ in range(task.processes)]
            outcomes = []
            for child in children:
                child.start(self.startup_timeout)
            for child in children:
                child.send(dict(task.request(0, self.timeout), fresh=True))
            for child in children:
                try:
                    outcomes.append(outcome_from_reply(child.receive(self.timeout)))
                except ChildFailed as error:
                    outcomes.append(_failed(error))
            return outcomes
        except (ChildFailed, OSError) as error:
            return [Outcome(unconfirmable(CRASHED % (error,), repeatable=False))]
        finally:
            for child in children:
                child.stop()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        if self._pid != os.getpid():
            return
        for child in idle:  # all at once: each MindSpore process takes a moment to exit
            child.ask_to_exit()
        deadline = time.monotonic() + 2.0
        for child in idle:
            child.stop(grace=max(0.0, deadline - time.monotonic()))


_SHARED: Dict[tuple, ProcessBackend] = {}


def shared(jobs: int, timeout: float, mindspore: bool = True) -> ProcessBackend:
    """The process-wide backend for these settings (its children serve every pylint run of the process)."""
    key = (int(jobs), float(timeout), bool(mindspore), os.getpid())
    backend = _SHARED.get(key)
    if backend is None or backend.failure:
        backend = _SHARED[key] = ProcessBackend(jobs=jobs, timeout=timeout, mindspore=mindspore)
    return backend


@atexit.register
def _close_all() -> None:
    for backend in list(_BACKENDS):
        backend.close()
