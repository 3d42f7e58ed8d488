"""equity() with one thread against the default (one per CPU, fewer when the estimate says so): extra
threads must never make a job slower.

    python bench/bench_equity_threads.py [--rounds R]

For each spot: the engine's single-core estimate, the threads and tasks equity() plans from it
(_equity.exact_plan), and the best wall time of R rounds with threads=1 and with the default, timed
alternately. The last column is the default's speed-up (>= 1 means no slower; jobs planned on one thread run
the same code in both columns, so there it only shows the machine's noise).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pywasm"))

import pokerhash as ph  # noqa: E402
from pokerhash import _equity  # noqa: E402
from pokerhash._backend import core  # noqa: E402

SPOTS = [  # (label, players, board): from microseconds to seconds
    ("AsKs vs 7h7d, flop 7c8s9s", ["AsKs", "7h7d"], "7c 8s 9s"),
    ("AcAd vs KsKh preflop", ["AcAd", "KsKh"], ""),
    ("AhAd vs KsKc vs QhQc preflop", ["AhAd", "KsKc", "QhQc"], ""),
    ("AsAd vs KK,QQ,AK, flop", ["AsAd", "KK,QQ,AK"], "Ks 7d 2c"),
    ("QQ+,AKs vs JJ-99,AQs+ preflop", ["QQ+,AKs", "JJ-99,AQs+"], ""),
    ("TT+,AQ+ vs random, turn", ["TT+,AQ+", "random"], "Ks 7d 2c 9h"),
    ("AsAd vs random preflop", ["AsAd", "random"], ""),
    ("random vs random, river", ["random", "random"], "Ks 7d 2c 9h 4s"),
    ("random vs random, monotone flop", ["random", "random"], "9s 6s 2s"),
]


def best_of_pair(rounds: int, first, second) -> tuple:
    """Best wall times of two jobs timed alternately, so a busy machine disturbs both alike."""
    best = [float("inf"), float("inf")]
    for _ in range(rounds):
        for i, job in enumerate((first, second)):
            t0 = time.perf_counter()
            job()
            best[i] = min(best[i], time.perf_counter() - t0)
    return tuple(best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    cpus = os.cpu_count() or 1
    print(f"pokerhash {ph.__version__}, {cpus} CPUs; best of {args.rounds}; exact=True (force) everywhere")
    print(f"{'spot':<34}{'estimate':>11}{'threads':>9}{'tasks':>8}{'1 thread':>12}{'default':>12}{'speed-up':>10}")
    for label, players, board in SPOTS:
        spot = _equity._Spot(players, board, None, None)
        estimate = spot.estimated_seconds()
        units = core.equity_units(*spot.args)
        workers, size = _equity.exact_plan(units, estimate, cpus)
        one, default = best_of_pair(args.rounds,
                                    lambda: ph.equity(players, board=board, exact=True, force=True, threads=1),
                                    lambda: ph.equity(players, board=board, exact=True, force=True))
        print(f"{label:<34}{estimate * 1e3:>9.3g}ms{workers:>9}{-(-units // size):>8}{one * 1e3:>10.3g}ms"
              f"{default * 1e3:>10.3g}ms{one / default:>9.2f}x")


if __name__ == "__main__":
    main()
