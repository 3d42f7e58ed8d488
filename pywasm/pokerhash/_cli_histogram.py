"""`pokerhash histogram K` (also `enumerate`): category counts over every k-card hand, timed.

The counting is pokerhash.value_histogram, the one runner of big jobs (pokerhash.parallel): short tasks
on local threads (Ctrl-C is seen within a fraction of a second), or a Dask cluster with --workers /
--scheduler. The progress bar follows its tasks.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, List

from ._backend import core
from ._category import Category
from ._cli_output import ProgressBar, emit_json
from ._cli_scale import executor_from, scale_options
from .parallel import is_dask_client, workers

WORST_VALUE = 7462


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("histogram", aliases=["enumerate"], parents=[common, scale_options()],
                       help="category counts over every k-card hand, timed (alias: enumerate)",
                       description="Counts every hand of k cards by category (5: 2,598,960 hands; "
                                   "9: 3,679,075,400) and times the sweep.")
    p.add_argument("k", type=int, choices=range(5, 10), metavar="k", help="cards per hand, 5 to 9")
    p.set_defaults(run=_histogram)


def _histogram(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    with executor_from(args) as executor, ProgressBar(enabled=not args.no_progress, unit="hands") as progress:
        from . import value_histogram  # the package's own, loaded before its command line

        counts = value_histogram(args.k, executor=executor, progress=progress if progress.active else False)
        where = f"a Dask cluster of {workers(executor)} worker threads" if is_dask_client(executor) else "local threads"
    seconds = time.perf_counter() - started
    per_category: List[int] = [0] * len(Category)
    distinct = 0
    for value in range(1, WORST_VALUE + 1):
        if counts[value]:
            distinct += 1
            per_category[core.category(value)] += int(counts[value])
    total = sum(per_category)
    if args.json:
        emit_json({"k": args.k, "hands": total, "distinct_values": distinct,
                   "categories": {str(cat): per_category[cat] for cat in Category},
                   "method": "rank sweep", "where": where, "seconds": round(seconds, 6)})
        return
    print(f"{'category':<16}{'hands':>16}{'share':>11}")
    for cat in Category:
        print(f"{str(cat):<16}{per_category[cat]:>16,}{100 * per_category[cat] / total:>10.4f}%")
    print(f"{'total':<16}{total:>16,}")
    rate = total / seconds / 1e6 if seconds > 0 else float("inf")
    print(f"{distinct:,} distinct values; {total:,} {args.k}-card hands by rank sweep on {where} "
          f"in {seconds:.3f} s ({rate:,.0f} M hands/s)")
