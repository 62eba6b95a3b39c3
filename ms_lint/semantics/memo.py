"""Answers about AST nodes, remembered for one pylint run.

Each memo is a dict keyed by the node itself: ``functools.lru_cache`` would wrap every
argument in a tuple, and on a large code base the garbage collector then tracks tens of
thousands more objects. Every memo is emptied when a run starts, so a process that runs
pylint again and again (an editor's pylint server) keeps no trees of earlier runs alive.
"""

from __future__ import annotations

import functools
from typing import Callable, List, TypeVar

Answer = TypeVar("Answer")
_MEMOS: List[dict] = []


def per_run_dict() -> dict:
    """A dict that is emptied when a run starts."""
    answers: dict = {}
    _MEMOS.append(answers)
    return answers


def per_node(function: Callable[..., Answer]) -> Callable[..., Answer]:
    """Remember ``function(node)`` for each node until the next run starts."""
    answers = per_run_dict()

    @functools.wraps(function)
    def remembered(node):
        if node in answers:
            return answers[node]
        answer = answers[node] = function(node)
        return answer

    return remembered


def new_run() -> None:
    """Forget every answer: the trees of the previous run are gone."""
    for answers in _MEMOS:
        answers.clear()
