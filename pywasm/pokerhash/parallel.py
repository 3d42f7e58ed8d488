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
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Sized, Tuple

from ._checks import as_int, positive
from ._subsets import combination_rows, combination_span

__all__ = ["run", "plan", "ranges", "workers", "available_cpus", "is_dask_client", "map_combinations",
           "LOCAL_TASK_SECONDS", "DASK_TASK_SECONDS", "TASK_TIMEOUT"]

#: Target seconds of C work per task on local threads or processes: short enough that Ctrl-C stops a
#: job within about a second (a running task finishes first), long enough that the ~30 us a task costs
#: stays far below 1 %.
LOCAL_TASK_SECONDS = 0.05
#: Target seconds per task on a Dask cluster: each task costs a few milliseconds of scheduling and
#: transfer (measured in docs/scale.md), so tasks are made long enough to keep that under 5 %. Ctrl-C
#: still returns at once: the client cancels the pending tasks and does not wait for running ones.
DASK_TASK_SECONDS = 1.0
#: Seconds a job on a Dask cluster waits with no task finishing before it raises TimeoutError naming the task
#: it waits for (None: wait without limit). A frozen worker (stopped, swapping, cut off) keeps its task
#: until the scheduler's worker TTL drops it, about 10 minutes with no word. Read at each call of run(),
#: so setting it here reaches value_histogram, equity, map_combinations, ... run(task_timeout=...) overrides it.
TASK_TIMEOUT: Optional[float] = 300.0
#: Rows per call of a user's function in map_combinations / CombinationTable.build (cache-sized blocks).
BLOCK_ROWS = 1 << 16
# The most tasks one job is cut into: each is a tuple held until the job ends, so 3.7e9 of them (C(52, 9)
# with chunk=1) would exhaust memory long before the first ran. Refused up front instead, naming the fix.
MAX_TASKS = 10_000_000
PROGRESS_DELAY = 0.5  # seconds before an automatic progress bar appears (quick jobs show none)

_FIRST = object()  # run()'s default initial total: the first part


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the OS has one).

    Returns:
        int: at least 1.

    Raises:
        Nothing.

    Example:
        >>> from pokerhash import parallel
        >>> parallel.available_cpus() >= 1
        True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))  # type: ignore[attr-defined,unused-ignore]  # Linux only
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def is_dask_client(executor: Any) -> bool:
    """True for a ``distributed.Client`` (checked without importing distributed).

    Args:
        executor: anything.

    Returns:
        bool: whether it is a dask distributed.Client.

    Raises:
        Nothing.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from pokerhash import parallel
        >>> parallel.is_dask_client(ThreadPoolExecutor(1))
        False
    """
    distributed = sys.modules.get("distributed")
    return distributed is not None and isinstance(executor, distributed.Client)


def workers(executor: Any = None) -> int:
    """How many tasks `executor` runs at once.

    Args:
        executor: None (the local default: one thread per CPU, one in Pyodide), an int, a
            concurrent.futures executor or a dask distributed.Client (its worker threads).

    Returns:
        int: at least 1.

    Raises:
        ValueError: an int below 1.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from pokerhash import parallel
        >>> parallel.workers(3), parallel.workers(ThreadPoolExecutor(5))
        (3, 5)
    """
    executor = _threads_or_executor(executor)
    if executor is None:
        return 1 if sys.platform == "emscripten" else available_cpus()
    if isinstance(executor, int) and not isinstance(executor, bool):
        if executor < 1:
            raise ValueError(f"executor must be a positive number of threads, got {executor}")
        return executor
    client = executor if is_dask_client(executor) else getattr(executor, "_client", None)
    if client is not None and is_dask_client(client):
        if getattr(client, "status", "running") in ("closing", "closed"):
            raise ValueError(f"the distributed.Client is {client.status}; connect a new one")
        threads: int = sum(client.nthreads().values())
        return max(1, threads)
    count = getattr(executor, "_max_workers", None)
    return count if isinstance(count, int) and count > 0 else available_cpus()


def ranges(start: int, stop: int, chunk: int) -> List[Tuple[int, int]]:
    """[start, stop) cut into consecutive (first, end) pieces of `chunk` items (the last may be shorter).

    Args:
        start: the first item.
        stop: one past the last.
        chunk: items per piece.

    Returns:
        list of (first, end) pairs.

    Raises:
        ValueError: a chunk that is not a positive integer, or one so small that the job would be more than
            MAX_TASKS pieces.

    Example:
        >>> from pokerhash import parallel
        >>> parallel.ranges(0, 10, 4)
        [(0, 4), (4, 8), (8, 10)]
    """
    size = positive(chunk, "chunk")
    pieces = -(-max(0, stop - start) // size)
    if pieces > MAX_TASKS:
        raise ValueError(f"{stop - start:,} items in chunks of {size:,} would be {pieces:,} tasks, more than the "
                         f"{MAX_TASKS:,} one job may hold; pass a larger chunk= (or take the ranks in parts with "
                         "start= and stop=)")
    return [(first, min(first + size, stop)) for first in range(start, stop, size)]


def _threads_or_executor(executor: Any) -> Any:
    """An integer executor (a numpy integer too) as a plain int, the number of local threads; else as given."""
    number = as_int(executor)
    return executor if number is None else number


def plan(start: int, stop: int, rate: float, executor: Any = None, chunk: Optional[int] = None) -> List[Tuple[int, int]]:
    """Rank ranges for a job of `stop - start` items that one core does at about `rate` items/s.

    With no `chunk`, each task gets about LOCAL_TASK_SECONDS of work (DASK_TASK_SECONDS on a cluster),
    and never less than one item.

    Args:
        start: the first rank.
        stop: one past the last.
        rate: items per second of one core; a low estimate (a slow machine, the wasm build), so tasks
            stay short enough to interrupt.
        executor: where the tasks will run (a Dask cluster gets longer tasks).
        chunk: items per task, overriding the estimate.

    Returns:
        list of (first, end) rank ranges.

    Raises:
        ValueError: a chunk that is not a positive integer.

    Example:
        >>> from pokerhash import parallel
        >>> parallel.plan(0, 100, rate=400)   # 20 items make 0.05 s of work
        [(0, 20), (20, 40), (40, 60), (60, 80), (80, 100)]
    """
    if chunk is None:
        seconds = DASK_TASK_SECONDS if _dask_backed(executor) else LOCAL_TASK_SECONDS
        chunk = max(1, int(rate * seconds))
    return ranges(start, stop, chunk)


def run(worker: Callable[[Any], Any], tasks: Iterable[Any], merge: Callable[[Any, Any], Any], initial: Any = _FIRST,
        *, executor: Any = None, sizes: Any = None, total: Optional[int] = None, progress: Any = None,
        stop: Optional[Callable[[Any], bool]] = None, cancelled: Optional[threading.Event] = None,
        task_timeout: Any = _FIRST) -> Any:
    """Runs worker(task) for every task on `executor` and returns the parts merged in task order.

    Tasks are submitted a window at a time (about two per worker ahead of the merge), so memory stays
    flat and `tasks` may be a lazy iterable describing far more work than a `stop` lets run. Parts are
    merged on the calling thread strictly in task order, whatever order they finish in, so the result
    depends on the tasks alone, never on the executor.

    Args:
        worker: a top-level function worker(task) -> part (picklable for processes and clusters).
        tasks: a sequence or any iterable of small picklable task descriptions.
        merge: merge(total, part) -> total, called in task order.
        initial: the starting total (default: the first part).
        executor: None for local threads (one per CPU), an int for that many threads (1: the calling
            thread), any concurrent.futures.Executor (never shut down here), or a dask
            distributed.Client.
        sizes: work units of each task, for progress: a sequence (one per task) or a function of a
            task (default 1 each).
        total: all the work units, for progress (default: the sum of `sizes` when both are sequences).
        progress: None shows a bar (tqdm, when installed) on an interactive stderr for jobs longer than
            half a second; False shows nothing; a callable is called as progress(done, total) after
            each merge.
        stop: asked after each merge; once it returns True the remaining tasks are cancelled and the
            total so far is returned.
        cancelled: an Event set when run returns or raises, so tasks on local threads that hold it can
            end between two blocks of work instead of finishing a long task after the job is gone.
        task_timeout: seconds to wait with no task finishing before giving up with TimeoutError; None
            waits without limit. Default: TASK_TIMEOUT on a Dask cluster, None elsewhere (local work
            cannot freeze apart from the calling process).

    Returns:
        The merged total (`initial`, or None without one, when there are no tasks).

    Raises:
        Whatever a task raises, as it is, as soon as any task fails (pending tasks are cancelled
        first, also on KeyboardInterrupt). TypeError for an executor of another kind or a bad
        progress; ValueError for an executor of fewer than one thread or `sizes` of another length or
        a task_timeout that is not a positive number. TimeoutError when no task finished for
        task_timeout seconds. ConnectionError when the Dask scheduler went away mid-job (its tasks are
        lost; Dask reports them as cancelled).

    Example:
        >>> from pokerhash import parallel
        >>> parallel.run(abs, [-1, -2, -3], lambda total, part: total + part, executor=2)
        6
    """
    executor = _threads_or_executor(executor)
    timeout = _task_timeout(task_timeout, executor)
    size_of, total = _sizes(tasks, sizes, total)
    report, close = _progress(progress, total)
    try:
        state = _Merger(merge, initial, report, stop)
        local = executor is None or (isinstance(executor, int) and not isinstance(executor, bool))
        if isinstance(executor, type):  # the class itself has a submit too, but no pool behind it
            raise TypeError(f"executor must be an executor instance, got the class {executor.__name__}; "
                            f"pass {executor.__name__}(...) (and shut it down when done, e.g. with a `with` block)")
        if not local and not is_dask_client(executor) and not callable(getattr(executor, "submit", None)):
            raise TypeError("executor must be None, a number of threads, a concurrent.futures.Executor or a"
                            f" distributed.Client, got {type(executor).__name__}")
        count = workers(executor)
        if local and sys.platform == "emscripten":
            count = 1  # Pyodide runs Python on one thread
        if isinstance(tasks, Sized):
            if not len(tasks):
                return None if initial is _FIRST else initial
            if local:
                count = min(count, len(tasks))
        if local and count == 1:
            for task in tasks:  # in the calling thread: Ctrl-C lands between two tasks
                if state.add(worker(task), size_of(task)):
                    break
        elif local:
            pool = cf.ThreadPoolExecutor(max_workers=count, thread_name_prefix="pokerhash")
            try:
                _run_on(pool, worker, tasks, size_of, state, 2 * count, timeout)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)  # running tasks end with their chunk
                raise
            pool.shutdown(wait=True)
        else:
            client = executor if is_dask_client(executor) else getattr(executor, "_client", None)
            if is_dask_client(executor):
                executor = executor.get_executor(pure=False)
            try:
                _run_on(executor, worker, tasks, size_of, state, 2 * count + 2, timeout)
            except cf.CancelledError:
                if not is_dask_client(client):
                    raise
                raise _scheduler_lost(client) from None
        if state.merged == 0:  # an empty iterable
            return None if initial is _FIRST else initial
        return state.total
    finally:
        if cancelled is not None:
            cancelled.set()
        close()


def _task_timeout(task_timeout: Any, executor: Any) -> Optional[float]:
    """run()'s task_timeout as seconds or None (no limit)."""
    if task_timeout is _FIRST:
        task_timeout = TASK_TIMEOUT if _dask_backed(executor) else None
    if task_timeout is None:
        return None
    if isinstance(task_timeout, bool) or not isinstance(task_timeout, (int, float)) or not task_timeout > 0:
        raise ValueError(f"task_timeout must be a positive number of seconds or None, got {task_timeout!r}")
    return float(task_timeout)


def _scheduler_lost(client: Any) -> Exception:
    """The error for tasks that Dask cancelled under a running job (this job cancels only after it ends)."""
    address = getattr(getattr(client, "scheduler", None), "address", None) or "(unknown address)"
    status = getattr(client, "status", "unknown")
    if status == "running":  # still connected: someone cancelled them (client.cancel, client.restart)
        return RuntimeError(f"the tasks of this job were cancelled on the Dask cluster at {address} before their "
                            "results arrived (client.cancel or client.restart elsewhere?)")
    return ConnectionError(f"the Dask scheduler at {address} went away mid-job (the client is {status}); its tasks "
                           "were lost: start the scheduler again and rerun the job")


def _sizes(tasks: Iterable[Any], sizes: Any, total: Optional[int]) -> Tuple[Callable[[Any], int], int]:
    """(size of a task, total work) for run()'s sizes and total arguments."""
    if callable(sizes):
        return sizes, total or 0
    if sizes is None:
        return (lambda task: 1), (total if total is not None else len(tasks) if isinstance(tasks, Sized) else 0)
    sizes = list(sizes)
    if isinstance(tasks, Sized) and len(sizes) != len(tasks):
        raise ValueError(f"sizes must have one entry per task: {len(sizes)} for {len(tasks)} tasks")
    order = iter(sizes)  # tasks are sized in the order they are taken, which is task order
    return (lambda task: next(order)), (total if total is not None else sum(sizes))


class _Merger:
    """Merges parts in task order, however they arrive; reports progress and asks `stop`."""

    def __init__(self, merge: Callable[[Any, Any], Any], initial: Any, report: Callable[[int], None],
                 stop: Optional[Callable[[Any], bool]]) -> None:
        self.merge, self.total, self.report, self.stop = merge, initial, report, stop
        self.merged = 0  # tasks merged so far
        self.done = 0  # their work units
        self.waiting: Dict[int, Tuple[Any, int]] = {}  # index -> (part, size) finished ahead of its turn

    def add(self, part: Any, size: int) -> bool:
        """Merges the next part in order; True when `stop` says the job is done."""
        self.total = part if self.total is _FIRST else self.merge(self.total, part)
        self.done += size
        self.merged += 1
        self.report(self.done)
        return bool(self.stop and self.stop(self.total))

    def arrived(self, index: int, part: Any, size: int) -> bool:
        """Records a finished task; merges every part now in order. True when the job is done."""
        self.waiting[index] = (part, size)
        while self.merged in self.waiting:
            if self.add(*self.waiting.pop(self.merged)):
                return True
        return False


def _run_on(executor: Any, worker: Callable[[Any], Any], tasks: Iterable[Any], size_of: Callable[[Any], int],
            state: _Merger, window: int, timeout: Optional[float] = None) -> None:
    """Keeps at most `window` unmerged tasks submitted; any failure cancels the rest and re-raises; no task
    finishing for `timeout` seconds raises TimeoutError."""
    running: Dict["cf.Future[Any]", Tuple[int, int]] = {}  # future -> (task index, size)
    pending = iter(tasks)
    submitted = 0
    exhausted = False
    try:
        while True:
            while not exhausted and submitted - state.merged < window:
                task = next(pending, _FIRST)
                if task is _FIRST:
                    exhausted = True
                    break
                running[executor.submit(worker, task)] = (submitted, size_of(task))
                submitted += 1
            if not running:
                return
            # Waiting on several futures at once lets a late task's error end the job before its turn;
            # the wait is interruptible, so Ctrl-C lands here within moments.
            finished, _ = cf.wait(list(running), timeout=timeout, return_when=cf.FIRST_COMPLETED)
            if not finished:
                raise TimeoutError(_stalled(running, tasks, state.merged, timeout))
            for future in sorted(finished, key=lambda f: running[f][0]):
                index, size = running.pop(future)
                if state.arrived(index, future.result(), size):
                    return
    finally:
        for future in running:
            future.cancel()


def _stalled(running: Dict["cf.Future[Any]", Tuple[int, int]], tasks: Iterable[Any], merged: int,
             timeout: Optional[float]) -> str:
    """What to say when no task finished for `timeout` seconds: the task the merge waits for, by index."""
    index = min(index for index, _ in running.values())
    task = f" ({tasks[index]!r:.80})" if isinstance(tasks, Sequence) else ""
    return (f"no task of this job finished for {timeout:g} s ({merged} merged so far): task {index}{task} is still "
            "unfinished, on a worker that is frozen, gone or far slower than planned; pass a larger task_timeout, or "
            "None to wait without limit (pokerhash.parallel.TASK_TIMEOUT for every job)")


def _dask_backed(executor: Any) -> bool:
    return is_dask_client(executor) or is_dask_client(getattr(executor, "_client", None))


# ---- progress ---------------------------------------------------------------------------------------------


def _progress(progress: Any, total: int) -> Tuple[Callable[[int], None], Callable[[], None]]:
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
    """Calls func(rows) on every k-subset of range(n) in rank order and combines the results: a user's
    own job over all hands, on local threads, processes or a Dask cluster.

    Args:
        func: func(rows) gets an (M, k) uint8 numpy array of ascending items (card ids when n == 52),
            M <= `block`, the subsets with ranks first..first+M-1 in `order` (without numpy a `Rows`
            sequence); for a process pool or a cluster it must be picklable (a top-level function).
        n: the size of the set, 0..64.
        k: the subset size, 0..n.
        reduce: reduce(total, part) -> total, applied in rank order (within a task, then across tasks),
            so any associative reduce (sums, counts, max) gives the same result for every executor and
            chunking; None concatenates the parts (numpy arrays, lists or array.array).
        executor: None for local threads, an int, any concurrent.futures.Executor or a dask
            distributed.Client.
        start: the first rank (default 0).
        stop: one past the last rank (default C(n, k)).
        order: "colex" or "lex".
        chunk: subsets per task (default 16 blocks locally, 256 on a cluster).
        block: rows per call of func.
        progress: a callable(done, total), False for none, or None for a tqdm bar on a terminal.

    Returns:
        The reduced total, or with no reduce the concatenated results (one per subset).

    Raises:
        ValueError: n, k, the rank range, order, block or chunk out of range; whatever func or reduce
            raises, as it is, as soon as a task fails.
        KeyboardInterrupt: Ctrl-C cancels the pending tasks and stops within about a second.

    Example:
        >>> import numpy as np, pokerhash as ph
        >>> counts = ph.map_combinations(lambda rows: np.bincount(ph.evaluate_batch(rows), minlength=7463),
        ...                              52, 5, np.add)   # the counts of every 5-card value
        >>> int(counts[1]), int(counts.sum())
        (4, 2598960)
    """
    first, end, order_code = combination_span(n, k, start, stop, order)
    block, executor = positive(block, "block"), _threads_or_executor(executor)
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


def map_task(task: Tuple[Any, ...]) -> Any:
    """Worker of map_combinations and CombinationTable.build: one rank range, in blocks of rows,
    reduced in order (or, with no reduce, concatenated) locally."""
    func, reduce, n, k, order_code, first, end, block, cancelled = task
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
    for part in parts:  # func's results, unchecked so far on executors: name a wrong one, not a slice error
        if not hasattr(type(part), "__len__") or isinstance(part, (str, bytes, dict)):
            raise TypeError(f"func must return one value per row (a sequence or an array), got "
                            f"{type(part).__name__} {part!r:.60}")
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

    if threads is not None:
        threads = positive(threads, "threads")
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


def _evaluate_piece(piece: Tuple[Any, ...]) -> None:
    from ._backend import core

    core.evaluate_batch_into(*piece)


def _ignore(total: Any, part: Any) -> Any:
    return total
