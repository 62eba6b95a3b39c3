"""The probe's child process: imports MindSpore once, then runs experiments as pylint's process asks.

Started by :mod:`ms_lint.probe.backend` as ``python -m ms_lint.probe.child``, in a
temporary working directory, with ``GLOG_v`` and ``MS_OM_PATH`` set before
MindSpore is imported. It speaks JSON lines: the first line it writes says whether
MindSpore imported; then one reply per request read from standard input. Standard
input and output are kept for the protocol: the code under test reads an empty
input, and what it prints goes to standard error.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import sys
import time
import traceback
from typing import Any, Dict, TextIO, Tuple

from ms_lint.language import Text

DIRECTORY_ENV = "MS_LINT_PROBE_DIR"
EXITED = Text("the code under test called sys.exit(%s)", "被测代码调用了 sys.exit(%s)")
FAILED = Text("the experiment failed: %s: %s%s", "实验失败：%s: %s%s")
AT = Text(" at %s:%s", "（位于 %s:%s）")


def _protocol_streams() -> Tuple[TextIO, TextIO]:
    """Private copies of standard input and output for the protocol.

    The code under test then reads an empty standard input and writes to standard error:
    an ``input()`` or a ``print()`` at import cannot steal or corrupt a message.
    """
    request_fd, reply_fd = os.dup(0), os.dup(1)
    empty = os.open(os.devnull, os.O_RDONLY)
    os.dup2(empty, 0)
    os.close(empty)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull, encoding="utf-8")  # pylint: disable=consider-using-with
    sys.stdout = sys.stderr
    return os.fdopen(request_fd, "r", encoding="utf-8"), os.fdopen(reply_fd, "w", encoding="utf-8", buffering=1)


def _send(stream: TextIO, message: Dict[str, Any]) -> None:
    stream.write(json.dumps(message, default=str) + "\n")
    stream.flush()


def _experiment(reference: str):
    module_name, _, class_name = reference.partition(":")
    return getattr(importlib.import_module(module_name), class_name)()


def handle(runtime, request: Dict[str, Any]) -> Dict[str, Any]:
    """Run one experiment; its verdict (or raw data for a multi-process comparison) as a reply."""
    from ms_lint.probe.verdict import Unconfirmable, Verdict, evidence_fields  # pylint: disable=import-outside-toplevel

    reply: Dict[str, Any] = {"id": request.get("id")}
    started = time.perf_counter()
    uses_module = False  # else what the last imported module asked for is none of this experiment's business
    try:
        experiment = _experiment(request["experiment"])
        payload = request.get("payload") or {}
        try:
            if experiment.needs_user_module(payload):
                uses_module = True
                runtime.load(
                    request["path"], request["module"], request["root"], fresh=bool(request.get("fresh")), paths=request.get("paths") or ()
                )
        except Unconfirmable as unloaded:
            result = experiment.without_module(runtime, payload, unloaded)
        else:
            result = experiment.run(runtime, payload)
        if isinstance(result, Verdict):
            reply.update(status=result.status, repeatable=result.repeatable, **evidence_fields(result.evidence))
            if result.cause is not None:
                reply["cause"] = result.cause.fields()
            if runtime.tainted:  # should the process die before the reply is out, the verdict stands
                runtime.if_crashed(result.status, result.evidence, repeatable=result.repeatable)
        else:
            reply["data"] = result
    except Unconfirmable as error:
        reply.update(status="unconfirmable", **evidence_fields(error.args[0] if error.args else str(error)))
        if error.cause is not None:
            reply["cause"] = error.cause.fields()
    except SystemExit as error:
        reply.update(status="unconfirmable", **evidence_fields(EXITED % (repr(error.code),)))
    except Exception as error:  # pylint: disable=broad-except
        where = traceback.extract_tb(error.__traceback__)[-1:]
        at = AT % (os.path.basename(where[0].filename), where[0].lineno) if where else ""
        reply.update(status="unconfirmable", **evidence_fields(FAILED % (type(error).__name__, error, at)))
    reply["deps"] = runtime.deps() if uses_module else []
    reply["devices"] = sorted(runtime.requested_devices) if uses_module else []
    reply["stood_in"] = sorted(runtime.stood_in_arguments) if uses_module else []
    reply["restart"] = runtime.tainted
    reply["seconds"] = round(time.perf_counter() - started, 3)
    return reply


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    sys.dont_write_bytecode = True  # no __pycache__ in the user's tree
    requests, replies = _protocol_streams()
    try:
        from ms_lint.probe.runtime import Runtime, error_text  # pylint: disable=import-outside-toplevel

        started = time.perf_counter()
        try:
            runtime = Runtime(with_mindspore="--no-mindspore" not in argv)
        except BaseException as error:  # pylint: disable=broad-except
            _send(replies, {"ready": False, "error": error_text(error)})
            return 1
        _send(replies, {"ready": True, "mindspore": runtime.version, "seconds": round(time.perf_counter() - started, 3)})
        for line in requests:
            if not line.strip():
                continue
            request = json.loads(line)
            if request.get("op") == "exit":
                break
            runtime.notify = lambda message, ident=request.get("id"): _send(replies, dict(message, id=ident, interim=True))
            _send(replies, handle(runtime, request))
        return 0
    finally:
        replies.close()
        _remove_own_directory()


def _remove_own_directory() -> None:
    """The working directory pylint's process made for this child (it may be gone before us)."""
    directory = os.environ.get(DIRECTORY_ENV)
    if directory and os.path.basename(directory).startswith("ms_lint_probe_"):
        os.chdir(os.path.dirname(directory))
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
