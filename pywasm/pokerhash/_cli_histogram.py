"""`pokerhash histogram K` (also `enumerate`): category counts over every k-card hand, timed.

Seven cards go through the nested-table state machine (one C call of about 0.1 s); other sizes sweep the
hands in colex-rank chunks sized to take about CHUNK_SECONDS each (a 9-card hand costs ~100 times a
5-card one, and machines differ), so Ctrl-C is seen between chunks well within a second and a progress
bar can follow.
"""

from __future__ import annotations

import argparse
import time
from array import array
from typing import Any, Dict, List

from ._backend import core
from ._category import Category
from ._cli_output import ProgressBar, emit_json

WORST_VALUE = 7462
CHUNK_SECONDS = 0.1  # the C time one chunk aims at: an interrupt waits about this long
FIRST_CHUNK = 1 << 14  # hands in the first chunk, which measures the speed


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("histogram", aliases=["enumerate"], parents=[common],
                       help="category counts over every k-card hand, timed (alias: enumerate)",
                       description="Counts every hand of k cards by category (5: 2,598,960 hands; "
                                   "9: 3,679,075,400) and times the sweep.")
    p.add_argument("k", type=int, choices=range(5, 10), metavar="k", help="cards per hand, 5 to 9")
    p.set_defaults(run=_histogram)


def value_counts(k: int, progress: ProgressBar) -> Dict[str, Any]:
    """Counts of each value 1..7462 over all k-card hands, and how they were counted."""
    counts = array("Q", bytes(8 * (WORST_VALUE + 1)))
    total = core.comb(52, k)
    if k == 7 and hasattr(core, "sm_value_histogram"):
        core.sm_value_histogram(k, counts)
        return {"counts": counts, "method": "state machine"}
    start, chunk = 0, FIRST_CHUNK
    while start < total:
        count = min(chunk, total - start)
        began = time.perf_counter()
        core.value_histogram_into(k, start, count, counts)
        seconds = time.perf_counter() - began
        start += count
        progress(start, total)
        # the next chunk at the measured speed, growing at most 4x at a time
        chunk = max(FIRST_CHUNK, min(4 * chunk, int(count * CHUNK_SECONDS / max(seconds, 1e-6))))
    return {"counts": counts, "method": "rank sweep"}


def _histogram(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    with ProgressBar(enabled=not args.no_progress, unit="hands") as progress:
        counted = value_counts(args.k, progress)
    seconds = time.perf_counter() - started
    counts = counted["counts"]
    per_category: List[int] = [0] * len(Category)
    distinct = 0
    for value in range(1, WORST_VALUE + 1):
        if counts[value]:
            distinct += 1
            per_category[core.category(value)] += counts[value]
    total = sum(per_category)
    if args.json:
        emit_json({"k": args.k, "hands": total, "distinct_values": distinct,
                   "categories": {str(cat): per_category[cat] for cat in Category},
                   "method": counted["method"], "seconds": round(seconds, 6)})
        return
    print(f"{'category':<16}{'hands':>16}{'share':>11}")
    for cat in Category:
        print(f"{str(cat):<16}{per_category[cat]:>16,}{100 * per_category[cat] / total:>10.4f}%")
    print(f"{'total':<16}{total:>16,}")
    rate = total / seconds / 1e6 if seconds > 0 else float("inf")
    print(f"{distinct:,} distinct values; {total:,} {args.k}-card hands by {counted['method']} "
          f"in {seconds:.3f} s ({rate:,.0f} M hands/s)")
