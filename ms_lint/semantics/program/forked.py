"""Independent work spread over forked worker processes, where that is safe.

The first time a file is linted alone, parsing the project files it shares a program with is most
of the run (:mod:`ms_lint.semantics.program.workspace`); those files are parsed independently of
each other, so the work is spread over the machine's cores. A worker is a fork of this process: it
starts at once with all that ms_lint and astroid have loaded and worked out, and sends its answers
back pickled. Forking is used only where it is safe and pays:

- on Linux (macOS's system libraries are not safe to use after a fork; Windows has none);
- in a process with no other thread: a fork copies only the calling thread, so a lock another thread
  holds would stay locked in the worker (editors' servers lint in threads, and work serially);
- for enough items to give each worker :data:`PER_WORKER` of them.

Anything that goes wrong leaves the work to the caller, which does it itself: the answers are the
same either way.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Callable, List, Optional, Sequence, TypeVar

Item = TypeVar("Item")
Answer = TypeVar("Answer")
PER_WORKER = 16  # a fork and its answers cost about as much as parsing a few files


def map_in_workers(function: Callable[[Item], Answer], items: Sequence[Item]) -> Optional[List[Answer]]:
    """``[function(item) for item in items]``, worked out in forked workers; None when they cannot
    be used or fail. ``function`` is a module's function, ``items`` and answers can be pickled."""
    workers = worker_count(len(items))
    if workers < 2:
        return None
    # Loaded here: most runs never fork, and these add a sixtieth of a second to every start.
    import multiprocessing  # pylint: disable=import-outside-toplevel
    from concurrent.futures import ProcessPoolExecutor  # pylint: disable=import-outside-toplevel

    # multiprocessing flushes sys.stdout and sys.stderr before it forks: no worker writes out its
    # copy of what they buffer, and a worker leaves by os._exit, which flushes no other file.
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            return list(pool.map(function, items, chunksize=max(1, len(items) // (4 * workers))))
    except Exception:  # pylint: disable=broad-except
        return None


def worker_count(items: int) -> int:
    """How many workers to fork for ``items`` items: 1 (none) where forking is unsafe or does not pay."""
    if items < 2 * PER_WORKER or not sys.platform.startswith("linux") or threading.active_count() != 1:
        return 1
    import multiprocessing  # pylint: disable=import-outside-toplevel

    if multiprocessing.current_process().daemon:
        return 1  # multiprocessing refuses children to a daemonic process
    return max(1, min(len(os.sched_getaffinity(0)), items // PER_WORKER))
