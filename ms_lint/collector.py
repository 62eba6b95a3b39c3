"""The garbage collector leaves what is already alive alone while ms_lint checks a module.

pylint parses every file before it checks any (with ``-j N``, a worker parses each file before
checking it), and those trees stay alive until the run ends, as do the modules astroid reads for
imports and the facts ms_lint keeps for the program. Yet each of Python's full collections during
the checks walks all of them again: on a 3,000-file code base such collections took an eighth of
the run. So when ms_lint starts checking a module, what is alive then is moved out of the
collector's sight (``gc.freeze()``); the collector then only looks at what was made since.

Everything is put back (``gc.unfreeze()``) when ms_lint's checkers close, before pylint's reporters
finish: objects that became garbage meanwhile are collected then, and finalizers run as they would
have (pylint's reporters close their output files in ``__del__``). Should a run end without
closing them (an error), they are put back at exit, or when the next run closes.

It changes when memory is reclaimed, never what is found. The cost is the cyclic garbage made while
checking, kept until the checkers close: under 1% of the run's peak memory on the code bases measured.
"""

from __future__ import annotations

import atexit
import gc

_checking: list = [None]  # the module being checked, None when nothing is frozen


def checking(module: object) -> None:
    """``module`` is about to be checked (asked at every visit of it: cheap once it is the current one)."""
    if module is not _checking[0]:
        _checking[0] = module
        gc.freeze()


def checking_ends() -> None:
    """The run's checkers close: the collector sees everything again."""
    if _checking[0] is not None:
        _checking[0] = None
        gc.unfreeze()


atexit.register(checking_ends)
