"""Calls each main entry point of the public API many times, good and bad input alike, and prints one JSON
object {entry point: RSS growth in bytes}; run by tests/test_leaks.py in a child so its heap starts clean.
`python leak_cases.py [--self-check]`: the self-check adds an entry point that keeps 64 bytes per call,
which the test must catch (so the measurement can fail)."""

import json
import os
import sys

import numpy as np

import pokerhash as ph
from pokerhash import _core, games

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def quietly(call):
    def run():
        try:
            call()
        except (ValueError, TypeError):
            pass
    return run


SEVEN = np.arange(7, dtype=np.uint8).reshape(1, 7)
CALLS = 100_000
#: (name, call, how many calls): the fast entry points 10**5 times, the slower ones fewer.
ENTRY_POINTS = [
    ("evaluate", lambda: ph.evaluate("As Ks Qs Js Ts 2c 3d"), CALLS),
    ("evaluate ids", lambda: ph.evaluate([51, 47, 43, 39, 35]), CALLS),
    ("evaluate unknown card", quietly(lambda: ph.evaluate("As Ks Qs Js Xx")), CALLS),
    ("evaluate duplicate", quietly(lambda: ph.evaluate([1, 1, 2, 3, 4])), CALLS),
    ("evaluate id 2**63", quietly(lambda: ph.evaluate([2 ** 63, 1, 2, 3, 4])), CALLS),
    ("Card", lambda: ph.Card("A♠️"), CALLS),
    ("describe", lambda: ph.describe(1234), CALLS),
    ("describe bad value", quietly(lambda: ph.describe(0)), CALLS),
    ("best_five", lambda: ph.best_five("As Ks Qs Js Ts 2c 3d"), CALLS // 4),
    ("omaha_evaluate", lambda: ph.omaha_evaluate("As Ks 2c 3d", "Qs Js Ts 4h 5h"), CALLS // 4),
    ("hand_index", lambda: ph.hand_index("As Kd"), CALLS // 4),
    ("rank_combination", lambda: ph.rank_combination([1, 5, 9], 52), CALLS // 4),
    ("unrank_combination", lambda: ph.unrank_combination(12345, 3, 52), CALLS // 4),
    ("evaluate_batch", lambda: ph.evaluate_batch(SEVEN), CALLS // 4),
    ("evaluate_batch bad shape", quietly(lambda: ph.evaluate_batch(np.zeros((1, 4), np.uint8))), CALLS // 4),
    ("combinations", lambda: ph.combinations(52, 5, 0, 8), CALLS // 4),
    ("combinations too big", quietly(lambda: ph.combinations(35, 14)), CALLS // 4),
    ("parse_range", lambda: ph.parse_range("QQ+, AKs"), CALLS // 20),
    ("parse_range bad", quietly(lambda: ph.parse_range("QQ+, AKx")), CALLS // 20),
    ("equity exact", lambda: ph.equity(["AsAd", "KsKh"], board="2c 3d 4h 5s 9c"), CALLS // 50),
    ("equity Monte Carlo", lambda: ph.equity(["AsAd", "KsKh"], samples=64, seed=1), CALLS // 50),
    ("equity clash", quietly(lambda: ph.equity(["AsAd", "AsKh"])), CALLS // 20),
    ("games.evaluate", lambda: games.evaluate("As Ks Qs Js Ts", game="shortdeck"), CALLS // 4),
    ("_core.equity_units", lambda: _core.equity_units([[(51, 50)], [(47, 46)]], None, [0, 1, 2], []), CALLS // 4),
    ("_core.equity_units bad id", quietly(lambda: _core.equity_units([[(99, 50)], [(47, 46)]], None, [], [])),
     CALLS // 4),
]


def growth(call, times):
    for _ in range(min(times, 2000)):  # caches, lazy tables and the allocator's pools fill first
        call()
    before = rss()
    for _ in range(times):
        call()
    return (rss() - before) * (CALLS // times)  # scaled to 10**5 calls, so one tolerance fits all


def main():
    kept = []
    points = list(ENTRY_POINTS)
    if "--self-check" in sys.argv:
        points.append(("keeps 64 bytes a call", lambda: kept.append(bytes(31)), CALLS))
    print(json.dumps({name: growth(call, times) for name, call, times in points}))


if __name__ == "__main__":
    main()
