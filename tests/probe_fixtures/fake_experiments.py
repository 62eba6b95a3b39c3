"""Experiments for the probe's own tests: they need no MindSpore and misbehave on request.

A finding's first argument says what the experiment does in the child process.
"""

import os
import signal
import sys
import time

from ms_lint.probe.experiments import Experiment
from ms_lint.probe.verdict import confirmed, not_reproduced, unconfirmable


class Scripted(Experiment):
    summary = "does what the finding's first argument says"

    def plan(self, context):
        return self.task(context, {"do": context.finding.args[0]})

    def run(self, runtime, payload):
        do = payload["do"]
        module = runtime.module
        if do == "confirm":
            return confirmed("it happened")
        if do == "not reproduced":
            return not_reproduced("it did not happen")
        if do == "noisy":
            return unconfirmable("timings too noisy", repeatable=False)
        if do == "sleep":
            time.sleep(600)
        if do == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        if do == "exit":
            sys.exit(3)
        if do == "pid":
            return confirmed(f"pid {os.getpid()}")
        if do == "where":
            return confirmed(
                f"name={module.__name__} cwd={os.getcwd()} om={os.environ.get('MS_OM_PATH')} "
                f"glog={os.environ.get('GLOG_v')} argv={module.ARGUMENTS!r} stdin={module.TYPED!r}"
            )
        if do == "raise":
            raise KeyError("oops")
        return confirmed(f"unknown order {do}")


class Twice(Experiment):
    summary = "runs in two fresh processes and compares their process ids"
    processes = 2

    def plan(self, context):
        return self.task(context, {})

    def run(self, runtime, payload):
        return {"pid": os.getpid()}

    def combine(self, payload, results):
        pids = {result["pid"] for result in results}
        return confirmed(f"{len(pids)} processes") if len(pids) == 2 else not_reproduced("one process")
