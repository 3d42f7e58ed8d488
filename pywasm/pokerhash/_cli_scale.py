"""`--workers N` / `--scheduler ADDRESS` for the subcommands of the `pokerhash` command that run big jobs.

Such a subcommand (histogram, equity) takes `scale_options()` as a parent parser and runs its job inside
`with executor_from(args) as executor:`, passing `executor=executor` on (None: local threads).
Dask is an optional extra: `pip install pokerhash[dask]`.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import signal
import threading
from typing import Any, Iterator, List

DASK_MISSING = "{option} needs dask and distributed: pip install 'pokerhash[dask]'"


def scale_options() -> argparse.ArgumentParser:
    """The options of the subcommands that run big jobs (an argparse parent parser)."""
    parser = argparse.ArgumentParser(add_help=False)
    add_arguments(parser)
    return parser


def add_arguments(parser: Any) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--workers", type=_positive, metavar="N",
                       help="run on a local Dask cluster of N worker processes instead of local threads"
                            " (needs pokerhash[dask])")
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on a running Dask cluster, e.g. tcp://10.0.0.5:8786 (needs pokerhash[dask])")


@contextlib.contextmanager
def executor_from(args: Any) -> Iterator[Any]:
    """None (local threads), or a Dask client for --workers / --scheduler, closed afterwards."""
    workers, scheduler = getattr(args, "workers", None), getattr(args, "scheduler", None)
    if workers is None and scheduler is None:
        yield None
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ValueError(DASK_MISSING.format(option="--workers" if workers else "--scheduler")) from None
    if scheduler is not None:
        client = Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
        try:
            yield client
        finally:
            _close(client)
        return
    # One thread per worker process: the C work of a task keeps one core busy. The scheduler's HTTP server
    # (the dashboard, where bokeh is installed) on a free port of this machine only: dashboard_address=None
    # still binds 8787, and with that port taken (another job, a notebook's cluster) distributed printed a
    # warning; ":0" alone would listen on every interface.
    with contextlib.ExitStack() as stack:
        with _workers_deaf_to_ctrl_c():
            cluster = stack.enter_context(LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                silence_logs=logging.ERROR))
        yield stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]


def _close(client: Any) -> None:
    """Closes a client; one whose scheduler went away (the job's error says so) quietly and soon: it is retrying
    to connect, and closing cancels that, which distributed logs as a traceback."""
    if client.status == "running":
        client.close()
        return
    log = logging.getLogger("distributed.client")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        with contextlib.suppress(Exception):
            client.close(timeout=5)
    finally:
        log.setLevel(level)


@contextlib.contextmanager
def _workers_deaf_to_ctrl_c() -> Iterator[None]:
    """Processes started inside start with SIGINT blocked, for good; a Ctrl-C meanwhile is held and raised
    (KeyboardInterrupt) on the way out.

    A terminal's Ctrl-C reaches the whole process group: each worker would print its own traceback; this
    process alone stops the job (the client cancels what is pending) and closes the cluster. A signal mask is
    per thread and inherited by the threads and processes a thread starts (through exec too), so the cluster's
    event-loop thread, made here, and every worker process it starts, now or restarted later, keep SIGINT
    blocked, while this thread gets it back. Ignoring SIGINT instead (process-wide) dropped a Ctrl-C pressed
    during the start-up, and the job ran to its end.
    """
    block = getattr(signal, "pthread_sigmask", None)
    if block is None:  # Windows: no signal masks (and no process group to share Ctrl-C with this way)
        yield
        return
    # multiprocessing starts its resource tracker on first use, from whichever thread, and then unblocks
    # SIGINT in that thread (the cluster's), whose worker processes would take Ctrl-C again: start it now.
    with contextlib.suppress(ImportError, OSError):
        from multiprocessing import resource_tracker
        resource_tracker.ensure_running()
    # Threads started before (a BLAS pool) may still take the signal: Python then runs its handler here, so
    # the handler only remembers it until the cluster is up, where it can be closed as a whole.
    held: List[int] = []
    handler = None
    if threading.current_thread() is threading.main_thread():
        handler = signal.signal(signal.SIGINT, lambda number, frame: held.append(number))
    previous = block(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, previous)  # a SIGINT pending meanwhile is delivered now, to the handler above
        if handler is not None:
            signal.signal(signal.SIGINT, handler)
            if held and callable(handler):
                handler(signal.SIGINT, None)  # Python's own: KeyboardInterrupt


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive number of worker processes, got {text!r}")
    return value
