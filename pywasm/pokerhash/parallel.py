"""Run one job on local threads, a process pool or a Dask cluster, with the same result everywhere.

A job is three things:

- ``tasks``: a sequence of small picklable descriptions (rank ranges, seeds, parameters), never big arrays;
- ``worker``: a top-level function, ``worker(task) -> part`` (workers import pokerhash to unpickle it);
- ``merge``: ``merge(total, part) -> total``, called on the calling thread in task order.

``run(worker, tasks, merge, executor=...)`` submits the tasks (a bounded window of them, so memory stays
flat), merges the parts strictly in task order as they arrive, reports progress, stops early when
``stop(total)`` says so, and on an error or Ctrl-C cancels every pending task and re-raises. Because the
tasks and the merge order depend only on the job, never on the executor, the result is the same on one
thread, many threads, processes or a cluster.

``executor`` is any of:

- ``None``: local threads, one per available CPU (the C work releases the GIL), or the calling thread
  alone when there is one task (or one CPU, or no threads: Pyodide);
- an ``int`` N: N local threads (1 runs every task in the calling thread);
- any ``concurrent.futures.Executor``: ``ThreadPoolExecutor``, ``ProcessPoolExecutor``, a Dask
  ``client.get_executor()``, ...; it is never shut down here;
- a Dask ``distributed.Client``: its tasks go through ``client.get_executor(pure=False)``; a worker that
  dies mid-job has its tasks rerun by Dask.

Long local work stays interruptible: pokerhash's own jobs cut their work into tasks of about
LOCAL_TASK_SECONDS of C time (see ``plan``), and the calling thread waits in a way Ctrl-C interrupts.
The cost model behind the chunk sizes is docs/scale.md.
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import os
import sys
import threading
from typing import Any, Callable, List, Optional, Sequence, Tuple

__all__ = ["run", "plan", "ranges", "workers", "available_cpus", "is_dask_client", "map_combinations",
           "LOCAL_TASK_SECONDS", "DASK_TASK_SECONDS"]

#: Target seconds of C work per task on local threads or processes: short enough that Ctrl-C stops a
#: job within about a second (a running task finishes first), long enough that the ~30 us a task costs
#: stays far below 1 %.
LOCAL_TASK_SECONDS = 0.05
#: Target seconds per task on a Dask cluster: each task costs a few milliseconds of scheduling and
#: transfer (measured in docs/scale.md), so tasks are made long enough to keep that under 5 %. Ctrl-C
#: still returns at once: the client cancels the pending tasks and does not wait for running ones.
DASK_TASK_SECONDS = 1.0
#: Rows per call of a user's function in map_combinations / CombinationTable.build (cache-sized blocks).
BLOCK_ROWS = 1 << 16
PROGRESS_DELAY = 0.5  # seconds before an automatic progress bar appears (quick jobs show none)

_FIRST = object()  # run()'s default initial total: the first part


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def is_dask_client(executor: Any) -> bool:
    """True for a ``distributed.Client`` (checked without importing distributed)."""
    distributed = sys.modules.get("distributed")
    return distributed is not None and isinstance(executor, distributed.Client)


def workers(executor: Any = None) -> int:
    """How many tasks `executor` runs at once (None: the local default)."""
    if executor is None:
        return 1 if sys.platform == "emscripten" else available_cpus()
    if isinstance(executor, int) and not isinstance(executor, bool):
        if executor < 1:
            raise ValueError(f"executor must be a positive number of threads, got {executor}")
        return executor
    client = executor if is_dask_client(executor) else getattr(executor, "_client", None)
    if client is not None and is_dask_client(client):
        return max(1, sum(client.nthreads().values()))
    count = getattr(executor, "_max_workers", None)
    return count if isinstance(count, int) and count > 0 else available_cpus()


def ranges(start: int, stop: int, chunk: int) -> List[Tuple[int, int]]:
    """[start, stop) cut into consecutive (first, end) pieces of `chunk` items (the last may be shorter)."""
    if not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a positive integer, got {chunk!r}")
    return [(first, min(first + chunk, stop)) for first in range(start, stop, chunk)]


def plan(start: int, stop: int, rate: float, executor: Any = None, chunk: Optional[int] = None) -> List[Tuple[int, int]]:
    """Rank ranges for a job of `stop - start` items that one core does at about `rate` items/s.

    With no `chunk`, each task gets about LOCAL_TASK_SECONDS of work (DASK_TASK_SECONDS on a cluster),
    and never less than one item. `rate` should be a low estimate of the speed (a slow machine or the
    wasm build), so tasks stay short enough to interrupt.
    """
    if chunk is None:
        seconds = DASK_TASK_SECONDS if _dask_backed(executor) else LOCAL_TASK_SECONDS
        chunk = max(1, int(rate * seconds))
    return ranges(start, stop, chunk)


def run(worker: Callable[[Any], Any], tasks: Sequence[Any], merge: Callable[[Any, Any], Any], initial: Any = _FIRST,
        *, executor: Any = None, sizes: Optional[Sequence[int]] = None, progress: Any = None,
        stop: Optional[Callable[[Any], bool]] = None, cancelled: Optional[threading.Event] = None) -> Any:
    """Runs worker(task) for every task on `executor` and returns the parts merged in task order.

    initial: the starting total (default: the first part). sizes: work units per task for progress
    (default 1 each). progress: None shows a bar (tqdm, when installed) on an interactive stderr for jobs
    longer than half a second; False shows nothing; a callable is called as progress(done, total) after
    each merge. stop: asked after each merge; once it returns True the remaining tasks are cancelled and
    the total so far is returned. Errors from a task are re-raised as they are, as soon as any task
    fails; pending tasks are cancelled first (also on KeyboardInterrupt). cancelled: an Event set when
    run returns or raises, so tasks on local threads that hold it can end between two blocks of work
    instead of finishing a long task after the job is gone.
    """
    tasks = list(tasks)
    sizes = [1] * len(tasks) if sizes is None else list(sizes)
    if len(sizes) != len(tasks):
        raise ValueError(f"sizes must have one entry per task: {len(sizes)} for {len(tasks)} tasks")
    report, close = _progress(progress, sum(sizes))
    try:
        state = _Merger(merge, initial, sizes, report, stop)
        if not tasks:
            return None if initial is _FIRST else initial
        local = executor is None or (isinstance(executor, int) and not isinstance(executor, bool))
        if not local and not is_dask_client(executor) and not callable(getattr(executor, "submit", None)):
            raise TypeError("executor must be None, a number of threads, a concurrent.futures.Executor or a"
                            f" distributed.Client, got {type(executor).__name__}")
        count = workers(executor)
        if local and sys.platform == "emscripten":
            count = 1  # Pyodide runs Python on one thread
        if local and (count == 1 or len(tasks) == 1):
            for task in tasks:  # in the calling thread: Ctrl-C lands between two tasks
                if state.add(worker(task)):
                    break
            return state.total
        if local:
            pool = cf.ThreadPoolExecutor(max_workers=min(count, len(tasks)), thread_name_prefix="pokerhash")
            try:
                _run_on(pool, worker, tasks, state, 2 * count)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)  # running tasks end with their chunk
                raise
            pool.shutdown(wait=True)
            return state.total
        if is_dask_client(executor):
            executor = executor.get_executor(pure=False)
        _run_on(executor, worker, tasks, state, 2 * count + 2)
        return state.total
    finally:
        if cancelled is not None:
            cancelled.set()
        close()


class _Merger:
    """Merges parts in task order, however they arrive; reports progress and asks `stop`."""

    def __init__(self, merge, initial, sizes, report, stop):
        self.merge, self.total, self.sizes, self.report, self.stop = merge, initial, sizes, report, stop
        self.merged = 0  # tasks merged so far
        self.done = 0  # their work units
        self.waiting: dict = {}  # index -> part that finished ahead of its turn

    def add(self, part) -> bool:
        """Merges the next part in order; True when `stop` says the job is done."""
        self.total = part if self.total is _FIRST else self.merge(self.total, part)
        self.done += self.sizes[self.merged]
        self.merged += 1
        self.report(self.done)
        return bool(self.stop and self.stop(self.total))

    def arrived(self, index: int, part) -> bool:
        """Records a finished task; merges every part now in order. True when the job is done."""
        self.waiting[index] = part
        while self.merged in self.waiting:
            if self.add(self.waiting.pop(self.merged)):
                return True
        return False


def _run_on(executor, worker, tasks, state: _Merger, window: int) -> None:
    """Keeps at most `window` unmerged tasks submitted; any failure cancels the rest and re-raises."""
    running: dict = {}  # future -> task index
    submitted = 0
    try:
        while state.merged < len(tasks):
            while submitted < len(tasks) and submitted - state.merged < window:
                running[executor.submit(worker, tasks[submitted])] = submitted
                submitted += 1
            # Waiting on several futures at once lets a late task's error end the job before its turn;
            # the wait is interruptible, so Ctrl-C lands here within moments.
            finished, _ = cf.wait(list(running), return_when=cf.FIRST_COMPLETED)
            for future in sorted(finished, key=running.__getitem__):
                index = running.pop(future)
                if state.arrived(index, future.result()):
                    return
    finally:
        for future in running:
            future.cancel()


def _dask_backed(executor: Any) -> bool:
    return is_dask_client(executor) or is_dask_client(getattr(executor, "_client", None))


# ---- progress ---------------------------------------------------------------------------------------------


def _progress(progress: Any, total: int):
    """(report(done), close()) for run()'s progress argument."""
    if progress is False:
        return (lambda done: None), (lambda: None)
    if callable(progress):
        return (lambda done: progress(done, total)), (lambda: None)
    if progress is not None and progress is not True:
        raise TypeError(f"progress must be None, True, False or a callable, got {type(progress).__name__}")
    stream = sys.stderr
    interactive = progress is True or (stream is not None and hasattr(stream, "isatty") and stream.isatty())
    try:  # optional: the bar users know, with rate and time left
        tqdm = importlib.import_module("tqdm").tqdm
    except ImportError:
        tqdm = None
    if not interactive or tqdm is None:
        return (lambda done: None), (lambda: None)
    bar = tqdm(total=total, file=stream, delay=PROGRESS_DELAY, leave=False, unit_scale=True, dynamic_ncols=True)
    return (lambda done: bar.update(done - bar.n)), bar.close


# ---- users' own jobs over every k-subset ------------------------------------------------------------------


def map_combinations(func: Callable[[Any], Any], n: int, k: int, reduce: Optional[Callable[[Any, Any], Any]] = None,
                     executor: Any = None, *, start: int = 0, stop: Optional[int] = None, order: str = "colex",
                     chunk: Optional[int] = None, block: int = BLOCK_ROWS, progress: Any = None) -> Any:
    """Calls func(rows) on every k-subset of range(n) in rank order and combines the results.

    rows: an (M, k) uint8 numpy array of ascending items (card ids when n == 52), M <= `block`, the
    subsets with ranks first..first+M-1 in `order` ("colex" or "lex"); without numpy a `Rows` sequence.
    reduce: reduce(total, part) -> total, applied in rank order (within a task, then across tasks), so
    any associative reduce (sums, counts, max) gives the same result for every executor and chunking;
    None concatenates the parts (numpy arrays, lists or array.array) into one result per subset.
    start / stop: a rank range (default all C(n, k)). chunk: subsets per task (default about
    DASK_TASK_SECONDS' worth on a cluster, 16 blocks locally). executor, progress: as for run().
    For a process pool or a cluster, func and reduce must be picklable (top-level functions).

    >>> import numpy as np, pokerhash as ph
    >>> counts = ph.map_combinations(lambda rows: np.bincount(ph.evaluate_batch(rows), minlength=7463),
    ...                              52, 5, np.add)   # the counts of every 5-card value
    """
    from ._table import combination_span

    first, end, order_code = combination_span(n, k, start, stop, order)
    if not isinstance(block, int) or block < 1:
        raise ValueError(f"block must be a positive integer, got {block!r}")
    if chunk is None:
        chunk = block * (256 if _dask_backed(executor) else 16)
    # Tasks on local threads share an Event that ends them between blocks once the job is over.
    cancelled = threading.Event() if executor is None or isinstance(executor, int) else None
    spans = ranges(first, end, chunk)
    tasks = [(func, reduce, n, k, order_code, a, b, block, cancelled) for a, b in spans]
    if not tasks:
        return [] if reduce is None else None
    sizes = [b - a for a, b in spans]
    if reduce is not None:
        return run(map_task, tasks, reduce, executor=executor, sizes=sizes, progress=progress, cancelled=cancelled)
    parts = run(map_task, tasks, _append, [], executor=executor, sizes=sizes, progress=progress,
                cancelled=cancelled)
    return concat(parts)


def map_task(task: Tuple) -> Any:
    """Worker of map_combinations and CombinationTable.build: one rank range, in blocks of rows,
    reduced in order (or, with no reduce, concatenated) locally."""
    func, reduce, n, k, order_code, first, end, block, cancelled = task
    from ._table import combination_rows

    parts = []
    total = _FIRST
    for a in range(first, end, block):
        if cancelled is not None and cancelled.is_set():
            return None  # the job is over (an error or Ctrl-C): nobody reads this part
        part = func(combination_rows(n, k, a, min(a + block, end), order_code))
        if reduce is None:
            parts.append(part)
        else:
            total = part if total is _FIRST else reduce(total, part)
    return concat(parts) if reduce is None else total


def concat(parts: List[Any]) -> Any:
    """Joins results of one value per subset, in order: numpy arrays, lists, tuples or array.array."""
    np = sys.modules.get("numpy")
    if len(parts) == 1:
        return parts[0]
    if np is not None and parts and isinstance(parts[0], np.ndarray):
        return np.concatenate(parts)
    joined = parts[0][:0] if parts else []
    for part in parts:
        joined += part
    return joined


def _append(parts: List[Any], part: Any) -> List[Any]:
    parts.append(part)
    return parts


# ---- evaluate_batch(..., threads=N) -----------------------------------------------------------------------

MIN_ROWS_PER_THREAD = 1 << 15  # below this a thread's start costs more than its share of the batch


def evaluate_batch_into(cards: Any, k: int, out: Any, threads: Optional[int] = None) -> None:
    """_core.evaluate_batch_into on `threads` threads (None or 1: the calling thread), same errors.

    The rows are cut into one contiguous piece per thread; each call releases the GIL. On an invalid
    row the whole batch is re-run on one thread, so the error names the first bad row of the batch.
    """
    from ._backend import core

    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    flat = memoryview(cards)
    rows = flat.nbytes // k if 5 <= k <= 9 else 0
    count = min(threads or 1, rows // MIN_ROWS_PER_THREAD) if sys.platform != "emscripten" else 1
    if count <= 1 or flat.format not in ("B", "<B", "=B", "@B") or not flat.c_contiguous:
        core.evaluate_batch_into(cards, k, out)  # the core names whatever is wrong with the buffers
        return
    flat = flat.cast("B") if flat.ndim != 1 else flat
    values = memoryview(out)
    if values.nbytes != 2 * rows or not values.c_contiguous or values.readonly:
        core.evaluate_batch_into(cards, k, out)
        return
    values = values.cast("B").cast("H")
    pieces = [(flat[a * k:b * k], k, values[a:b]) for a, b in ranges(0, rows, -(-rows // count))]
    try:
        run(_evaluate_piece, pieces, _ignore, None, executor=count, progress=False)
    except ValueError:
        core.evaluate_batch_into(cards, k, out)  # raises the error of the first bad row
        raise


def _evaluate_piece(piece: Tuple) -> None:
    from ._backend import core

    core.evaluate_batch_into(*piece)


def _ignore(total: Any, part: Any) -> Any:
    return total
