"""Answers about AST nodes, remembered while pylint checks a module.

Each memo is a dict keyed by the node itself and read through its C ``__getitem__``:
``functools.lru_cache`` would wrap every argument in a tuple, and on a large code base the
garbage collector then tracks tens of thousands more objects. Answers about nodes are
forgotten when pylint moves on to the next module: nearly every question is about the module
being checked, and answers kept for the whole run made each of Python's full garbage
collections walk them all again (as pylint's ``-j N`` workers, which start each file afresh,
never did). Every memo, per-run dicts included, is emptied when a run starts, so a process that
runs pylint again and again (an editor's pylint server) keeps no trees of earlier runs alive.
"""

from __future__ import annotations

import functools
import weakref
from typing import Callable, List, MutableMapping, TypeVar

Answer = TypeVar("Answer")
_MEMOS: List[MutableMapping] = []
_PER_NODE: List[dict] = []
_current_module: List[object] = [None]
_current_run: List[object] = [None]


class _Answers(dict):
    """Answers by node; a missing one is worked out, stored and returned."""

    def __init__(self, function: Callable):
        super().__init__()
        self.function = function

    def __missing__(self, node):
        answer = self[node] = self.function(node)
        return answer


def per_run_dict() -> dict:
    """A dict that is emptied when a run starts."""
    answers: dict = {}
    _MEMOS.append(answers)
    return answers


def per_run_weak_dict() -> weakref.WeakValueDictionary:
    """A dict whose values go when nothing else keeps them, emptied when a run starts."""
    answers: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
    _MEMOS.append(answers)
    return answers


def per_module_dict() -> dict:
    """A dict of answers about nodes (keyed by nodes, or tuples of them): emptied when pylint
    starts checking another module."""
    answers: dict = {}
    _MEMOS.append(answers)
    _PER_NODE.append(answers)
    return answers


def per_node(function: Callable[..., Answer]) -> Callable[..., Answer]:
    """Remember ``function(node)`` for each node until the next run starts."""
    answers = _Answers(function)
    _MEMOS.append(answers)
    _PER_NODE.append(answers)
    return answers.__getitem__


def per_run_node(function: Callable[..., Answer]) -> Callable[..., Answer]:
    """Remember ``function(node)`` for each node until the next run starts, across modules: for
    answers about a whole module that other modules' questions ask again."""
    answers = _Answers(function)
    _MEMOS.append(answers)
    return answers.__getitem__


def per_run(function: Callable[..., Answer]) -> Callable[..., Answer]:
    """Remember ``function(*args)`` (hashable positional arguments, nodes among them) until the next
    run starts: ``functools.lru_cache`` would keep the trees of earlier runs alive."""
    answers = per_run_dict()

    @functools.wraps(function)
    def remembered(*args):
        try:
            return answers[args]
        except KeyError:
            answer = answers[args] = function(*args)
            return answer

    return remembered


def new_run(run: object = None) -> None:
    """Forget every answer: the trees of the previous run are gone.

    ``run`` names the run when pylint opens the checkers again within it (its ``-j N`` workers
    open them for every file): opening the same run again keeps its answers, as one process
    linting every file would. None always starts a new run.
    """
    if run is not None and run is _current_run[0]:
        return
    _current_run[0] = run
    for answers in _MEMOS:
        answers.clear()
    _current_module[0] = None


def enter_module(module) -> None:
    """Forget the answers about nodes when pylint starts checking another module."""
    if module is _current_module[0]:
        return
    _current_module[0] = module
    for answers in _PER_NODE:
        answers.clear()
