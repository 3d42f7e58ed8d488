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
from typing import Any, Iterator

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
        with Client(scheduler, timeout="10s") as client:  # type: ignore[no-untyped-call]
            yield client
        return
    # One thread per worker process: the C work of a task keeps one core busy. The scheduler's HTTP server
    # (the dashboard, where bokeh is installed) on a free port of this machine only: dashboard_address=None
    # still binds 8787, and with that port taken (another job, a notebook's cluster) distributed printed a
    # warning; ":0" alone would listen on every interface. The processes
    # start with SIGINT ignored (inherited through exec): a terminal's Ctrl-C reaches the whole process
    # group, and each worker would print its own traceback; this process alone stops the job (the client
    # cancels what is pending) and closes the cluster.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
            silence_logs=logging.ERROR)
    finally:
        signal.signal(signal.SIGINT, previous)
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        yield client


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive number of worker processes, got {text!r}")
    return value
