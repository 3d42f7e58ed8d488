"""All 752,538,150 eight-card and 3,679,075,400 nine-card hands: category counts and distinct values,
timed on one thread, on all of this machine's threads and on a local 2-worker Dask cluster.

    .venv/bin/python bench/jobs_all_hands.py                 # k = 8 and 9, all three runs (long: minutes)
    .venv/bin/python bench/jobs_all_hands.py --k 8 --runs one threads
    .venv/bin/python bench/jobs_all_hands.py --k 9 --slice 0.1   # time 10 % of the hands on each executor,
                                                                 # then count all of them on local threads

Every run must give the same counts (the script checks); the table it prints is README's "Scaling out".
Wall and CPU seconds are both shown: on a shared machine the CPU time is the steadier figure.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

import pokerhash as ph
from pokerhash import parallel


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (Dask workers are not children we wait for)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def counts_by_category(counts):
    per_category = [0] * 10
    for value in range(1, ph.WORST_VALUE + 1):
        per_category[ph.category(value)] += int(counts[value])
    distinct = sum(1 for value in range(1, ph.WORST_VALUE + 1) if counts[value])
    return per_category, distinct


def timed(k, stop, executor):
    wall, cpu = time.perf_counter(), cpu_seconds()
    counts = ph.value_histogram(k, 0, stop, executor=executor)
    return counts, time.perf_counter() - wall, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--k", type=int, nargs="+", default=[8, 9], choices=range(5, 10))
    parser.add_argument("--runs", nargs="+", default=["one", "threads", "dask"], choices=["one", "threads", "dask"])
    parser.add_argument("--slice", type=float, default=1.0, help="fraction of the hands to time each run on")
    args = parser.parse_args()
    threads = parallel.available_cpus()
    print(f"machine: {os.cpu_count()} CPUs, {threads} available; load average {os.getloadavg()[0]:.1f}")
    client = cluster = None
    if "dask" in args.runs:
        from distributed import Client, LocalCluster

        started = time.perf_counter()
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0")
        client = Client(cluster)
        print(f"2-worker Dask LocalCluster up in {time.perf_counter() - started:.1f} s")
    executors = {"one": ("1 thread", 1), "threads": (f"{threads} threads", None), "dask": ("Dask, 2 workers", client)}
    try:
        for k in args.k:
            total = ph.comb(52, k)
            stop = max(1, int(total * args.slice))
            results = {}
            for run in args.runs:
                name, executor = executors[run]
                counts, wall, cpu = timed(k, stop, executor)
                results[name] = counts
                print(f"k={k} {name:<16} {stop:>14,} hands {wall:8.1f} s wall {cpu:8.1f} s CPU (this process)"
                      f"  {stop / wall / 1e6:7.1f} M hands/s", flush=True)
            first = next(iter(results.values()))
            assert all((c == first).all() for c in results.values()), "runs disagree"
            if stop < total:
                first, wall, cpu = timed(k, total, None)
                print(f"k={k} all hands on {threads} threads {wall:8.1f} s wall {cpu:8.1f} s CPU", flush=True)
            per_category, distinct = counts_by_category(first)
            print(f"k={k}: {sum(per_category):,} hands, {distinct:,} distinct values (every run identical)")
            for cat in ph.Category:
                print(f"    {str(cat):<16}{per_category[cat]:>16,}")
    finally:
        if client is not None:
            client.close()
            cluster.close()


if __name__ == "__main__":
    main()
