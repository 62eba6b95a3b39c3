"""Answers about AST nodes, remembered for one pylint run.

Each memo is a dict keyed by the node itself and read through its C ``__getitem__``:
``functools.lru_cache`` would wrap every argument in a tuple, and on a large code base the
garbage collector then tracks tens of thousands more objects. Every memo is emptied when a
run starts, so a process that runs pylint again and again (an editor's pylint server) keeps
no trees of earlier runs alive.
"""

from __future__ import annotations

from typing import Callable, List, TypeVar

Answer = TypeVar("Answer")
_MEMOS: List[dict] = []


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


def per_node(function: Callable[..., Answer]) -> Callable[..., Answer]:
    """Remember ``function(node)`` for each node until the next run starts."""
    answers = _Answers(function)
    _MEMOS.append(answers)
    return answers.__getitem__


def new_run() -> None:
    """Forget every answer: the trees of the previous run are gone."""
    for answers in _MEMOS:
        answers.clear()
