"""The garbage collector leaves what is already alive alone while pylint builds trees and ms_lint checks.

pylint parses every file before it checks any (with ``-j N``, a worker parses each file before
checking it), and those trees stay alive until the run ends, as do the modules astroid reads for
imports and the facts ms_lint keeps for the program. Yet each of Python's full collections walks
all of them again: while pylint parses mindcv's 300 files with ``-j 1``, eleven full collections
took a third of the parse, and on a 3,000-file code base such collections during the checks took an
eighth of the run. So when astroid has built a tree, and when ms_lint starts checking a module, what
is alive then is moved out of the collector's sight (``gc.freeze()``); the collector then only looks
at what was made since.

Everything is put back (``gc.unfreeze()``) when ms_lint's checkers close, before pylint's reporters
finish: objects that became garbage meanwhile are collected then, and finalizers run as they would
have (pylint's reporters close their output files in ``__del__``). Should a run end without
closing them (an error), they are put back at exit, or when the next run closes.

It changes when memory is reclaimed, never what is found. The cost is the cyclic garbage made while
parsing and checking, kept until the checkers close: the parse's peak memory grew by a tenth on the
code bases measured (mindcv, a 3,000-file LLM code base).

Loaded alone as a pylint plugin (``--load-plugins=ms_lint.collector``), it gives pylint's parse the
same collector, so that a benchmark can tell ms_lint's checks from what the collector saves.
"""

from __future__ import annotations

import atexit
import gc

import astroid
from astroid import nodes

_checking: list = [None]  # the module being checked
_watching = [False]  # whether trees built now are frozen
_frozen = [False]  # whether anything is out of the collector's sight


def watch_trees() -> None:
    """Freeze what is alive each time astroid builds a tree (:func:`tree_built`), until checking ends."""
    _watching[0] = True


def tree_built() -> None:
    """astroid has built a tree (ms_lint's transform of every module tells it)."""
    if _watching[0]:
        _freeze()


def checking(module: object) -> None:
    """``module`` is about to be checked (asked at every visit of it: cheap once it is the current one)."""
    if module is not _checking[0]:
        _checking[0] = module
        _freeze()


def checking_ends() -> None:
    """The run's checkers close: the collector sees everything again, and trees built after are
    left to it."""
    _watching[0] = False
    _checking[0] = None
    if _frozen[0]:
        _frozen[0] = False
        gc.unfreeze()


def _freeze() -> None:
    _frozen[0] = True
    gc.freeze()


def register(linter) -> None:  # pylint: disable=unused-argument
    """pylint's plugin entry point: the collector alone, for benchmarks."""
    astroid.MANAGER.register_transform(nodes.Module, _tree_built_alone)
    watch_trees()


def _tree_built_alone(_module: nodes.Module) -> None:
    tree_built()


atexit.register(checking_ends)
