"""The work of one equity() call as a stream of small tasks, run on threads and merged in a fixed order.

A task is a plain, picklable description of one engine call:
    ("exact", spot, start, count)          units [start, start + count) of ph_equity_exact
    ("sample", spot, seed, first, count)   samples [first, first + count) of ph_equity_sample
where spot = (players_holdings, weights_or_None, board, dead) as the `_core` equity functions take them.
Tasks are sized to about a tenth of a second of C time (see _equity.py), so Ctrl-C, which Python sees
between engine calls, stops a run within a few tenths of a second: pending tasks are cancelled, running
ones (the GIL is released while they count) finish their slice. Results are added in task order, so a run
gives the same totals with any number of threads. `run_ordered` is the one place that schedules work: an
executor for other machines can replace it by mapping `run_task` over the same tasks.
"""

from __future__ import annotations

import itertools
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Iterable, Iterator, Optional, Tuple

Task = Tuple  # ("exact", spot, start, count) | ("sample", spot, seed, first, count)
Progress = Callable[[int, int], None]


def run_task(task: Task) -> dict:
    """One engine call; returns the engine's tally dict."""
    from ._equity import _engine  # the engine may be swapped (tests use a pure-Python reference engine)
    kind, spot, *numbers = task
    eng = _engine()
    if kind == "exact":
        return eng.equity_exact(*spot, *numbers)
    return eng.equity_sample(*spot, *numbers)


def task_size(task: Task) -> int:
    """Units or samples the task covers (the last number of its description)."""
    return int(task[-1])


def run_ordered(tasks: Iterable[Task], total: int, workers: int, progress: Optional[Progress] = None,
                stop: Optional[Callable[[dict], bool]] = None) -> Optional[dict]:
    """Runs the tasks (at most `workers` at once, a few queued ahead) and adds their tallies in task order.

    progress(done, total) is called after each merge. stop(merged) is asked after each merge; once it says
    yes, no later task's result is used and the queued ones are cancelled. Tasks are taken from the
    iterable lazily, so it may describe far more work than will ever run.
    """
    tasks = iter(tasks)
    if workers <= 1:
        return _run_here(tasks, total, progress, stop)
    merged: Optional[dict] = None
    done = 0
    pool = ThreadPoolExecutor(max_workers=workers)
    pending: deque = deque()
    try:
        for task in itertools.islice(tasks, 2 * workers):  # queued ahead: no worker idles while we merge
            pending.append((pool.submit(run_task, task), task_size(task)))
        while pending:
            future, size = pending.popleft()
            merged = _merge(merged, future.result())
            done += size
            if progress:
                progress(done, total)
            if stop and stop(merged):
                break
            for task in itertools.islice(tasks, 1):
                pending.append((pool.submit(run_task, task), task_size(task)))
    finally:  # normal end, stop rule, Ctrl-C or an error: nothing queued may still start
        for future, _ in pending:
            future.cancel()
        pool.shutdown(wait=True)
    return merged


def _run_here(tasks: Iterator[Task], total: int, progress, stop) -> Optional[dict]:
    merged: Optional[dict] = None
    done = 0
    for task in tasks:
        merged = _merge(merged, run_task(task))
        done += task_size(task)
        if progress:
            progress(done, total)
        if stop and stop(merged):
            break
    return merged


def _merge(total: Optional[dict], part: dict) -> dict:
    """Adds the engine's counts: numbers add, lists add element by element."""
    if total is None:
        return {k: list(v) if isinstance(v, list) else v for k, v in part.items()}
    for key, value in part.items():
        if isinstance(value, list):
            acc = total[key]
            for i, v in enumerate(value):
                acc[i] += v
        else:
            total[key] += value
    return total
