"""The figures of docs/scale.md: value_table(7) build times, table lookups against evaluate_batch on the
same 10M random hands, evaluate_batch and value_histogram on 1..N threads, and Dask's cost per task.

    .venv/bin/python bench/jobs_table.py            # add --no-dask to skip the cluster figures

Each figure is the best of `--repeat` runs (wall seconds), with the process CPU seconds of that run: on a
shared machine the CPU time is the steadier figure, and wall / CPU shows how much parallelism a run got.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time

import numpy as np

import pokerhash as ph
from pokerhash import parallel


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def best(repeat, job):
    """(result, wall, cpu) of the fastest of `repeat` runs of job()."""
    runs = []
    for _ in range(repeat):
        wall, used = time.perf_counter(), cpu()
        result = job()
        runs.append((time.perf_counter() - wall, cpu() - used, result))
    wall, used, result = min(runs, key=lambda r: r[0])
    return result, wall, used


def line(what, wall, used, count=None, unit="hands"):
    rate = f"  {count / wall / 1e6:8.1f} M {unit}/s" if count else ""
    print(f"{what:<52}{wall:8.3f} s wall {used:8.3f} s CPU{rate}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    threads = parallel.available_cpus()
    print(f"{os.cpu_count()} CPUs ({threads} available), load average {os.getloadavg()[0]:.1f}")
    total = ph.comb(52, 7)

    for order in ("colex", "lex"):
        for executor in (1, None):
            name = f"value_table(7, {order!r}) on {executor or threads} thread(s)"
            table, wall, used = best(args.repeat, lambda: ph.value_table(7, order, executor=executor))
            line(name, wall, used, total)

    rng = np.random.default_rng(2024)
    hands = np.argpartition(rng.random((args.hands, 52), dtype=np.float32), 7, axis=1)[:, :7].astype(np.uint8)
    table = ph.value_table(7)
    values, wall, used = best(args.repeat, lambda: ph.evaluate_batch(hands))
    line(f"evaluate_batch, {args.hands:,} random 7-card hands", wall, used, args.hands)
    looked, wall, used = best(args.repeat, lambda: table.lookup(hands))
    line(f"value_table(7).lookup, the same hands", wall, used, args.hands, "lookups")
    assert (looked == values).all()
    ranks, wall, used = best(args.repeat, lambda: table.ranks(hands))
    line("ranks only (no table read)", wall, used, args.hands, "ranks")
    for count in sorted({1, 2, threads}):
        _, wall, used = best(args.repeat, lambda: ph.evaluate_batch(hands, threads=count))
        line(f"evaluate_batch(threads={count})", wall, used, args.hands)
    for count in sorted({1, 2, threads}):
        _, wall, used = best(args.repeat, lambda: ph.value_histogram(7, executor=count))
        line(f"value_histogram(7) on {count} thread(s)", wall, used, total)

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "values7.npy")
        _, wall, used = best(1, lambda: table.save(path))
        line("save value_table(7) (267 MB)", wall, used)
        _, wall, used = best(args.repeat, lambda: ph.CombinationTable.load(path))
        line("load it memory-mapped, its CRC-32 verified", wall, used)
        opened, wall, used = best(args.repeat, lambda: ph.CombinationTable.load(path, verify=False))
        line("load it memory-mapped, verify=False", wall, used)
        sample = hands[:1_000_000]
        _, wall, used = best(1, lambda: opened.lookup(sample))
        line("first 1M lookups on the fresh memory map", wall, used, len(sample), "lookups")

    if args.no_dask:
        return
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0") as cluster, \
            Client(cluster) as client:
        client.gather(client.map(abs, range(8)))  # warm: connections made, workers ready
        tasks = list(range(400))
        _, wall, used = best(args.repeat, lambda: parallel.run(abs, tasks, lambda a, b: a, executor=client))
        print(f"Dask, 2 workers: {1e3 * wall / len(tasks):.2f} ms per empty task ({len(tasks)} tasks,"
              f" {wall:.2f} s)")
        for chunk in (None, 20_000_000, 5_000_000):
            _, wall, used = best(args.repeat, lambda: ph.value_histogram(7, executor=client, chunk=chunk))
            line(f"value_histogram(7) on Dask, chunk {chunk or 'default'}", wall, used, total)


if __name__ == "__main__":
    main()
