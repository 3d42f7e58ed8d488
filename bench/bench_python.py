"""Python-level benchmark: pokerhash against eval7, treys, phevaluator and holdem-hand-evaluator (b-inary's
Rust evaluator on PyPI), in one process.

    python bench/bench_python.py [--hands N] [--batch-rows N] [--rounds R] [--clib PATH]

Single calls: the same random 7-card hands for everyone, each converted to the library's own card form
once, outside the timed loop; the loop is what a user writes (`for ...: f(...)`), so its cost is included,
and an empty loop of the same shape is timed to show the ceiling. Batch: pokerhash.evaluate_batch on an
(N, 7) uint8 array against the same core called from C through ctypes (--clib, a shared library built
from core_c with the extension's flags), so "batch / raw C" is the binding's overhead alone.
Contenders run round-robin and each keeps its best round, so a noisy moment does not skew one ratio.
"""

from __future__ import annotations

import argparse
import ctypes
import random
import sys
import time

import numpy as np

import pokerhash

RANKS, SUITS = "23456789TJQKA", "cdhs"


def card_name(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def random_hands(count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    deck = range(52)
    return [tuple(rng.sample(deck, 7)) for _ in range(count)]


def random_rows(count: int, seed: int) -> np.ndarray:
    """(count, 7) uint8 rows of distinct ids: redraw the rows that repeat a card (about 35% per pass)."""
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, 52, size=(count, 7), dtype=np.uint8)
    while True:
        ordered = np.sort(rows, axis=1)
        bad = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if bad.size == 0:
            return np.ascontiguousarray(rows)
        rows[bad] = rng.integers(0, 52, size=(bad.size, 7), dtype=np.uint8)


def race(jobs: dict, rounds: int) -> dict:
    """Best wall time of each job over `rounds` interleaved rounds."""
    best = {name: float("inf") for name in jobs}
    for _ in range(rounds):
        for name, job in jobs.items():
            t0 = time.perf_counter()
            job()
            best[name] = min(best[name], time.perf_counter() - t0)
    return best


def print_rows(title: str, units: dict, best: dict, unit: str = "M/s") -> None:
    print(f"\n== {title}")
    print(f"  {'contender':<56} {'best time':>11} {'rate':>12} {'vs first':>9}")
    first = None
    for name, t in best.items():
        rate = units[name] / t
        first = first or rate
        print(f"  {name:<56} {t * 1e3:8.2f} ms {rate / 1e6:8.3f} {unit} {rate / first:8.3f}x")


def single_calls(count: int, rounds: int) -> None:
    import eval7
    import holdem_hand_evaluator
    import phevaluator
    import treys
    from phevaluator import _pheval

    hands = random_hands(count, seed=7)
    # Each library's own card form, made once.
    as_eval7 = [[eval7.Card(card_name(c)) for c in h] for h in hands]
    t_cards = {c: treys.Card.new(card_name(c)) for c in range(52)}
    as_text = ["".join(card_name(c) for c in h) for h in hands]  # holdem-hand-evaluator reads text only
    as_treys = [([t_cards[c] for c in h[:5]], [t_cards[c] for c in h[5:]]) for h in hands]

    ph = pokerhash.evaluate
    pe = phevaluator.evaluate_cards
    pe7 = _pheval.evaluate_7cards
    e7 = eval7.evaluate
    tr = treys.Evaluator().evaluate
    bhe = holdem_hand_evaluator.evaluate_hand
    # treys is pure Python, about a thousand times slower: a slice keeps its rounds short.
    treys_n = max(1, count // 50)
    treys_slice = as_treys[:treys_n]

    def empty_loop():
        for a, b, c, d, e, f, g in hands:
            pass

    def ours():
        for a, b, c, d, e, f, g in hands:
            ph(a, b, c, d, e, f, g)

    def ours_star():
        for h in hands:
            ph(*h)

    def pheval_public():
        for a, b, c, d, e, f, g in hands:
            pe(a, b, c, d, e, f, g)

    def pheval_private():
        for a, b, c, d, e, f, g in hands:
            pe7(a, b, c, d, e, f, g)

    def eval7_calls():
        for h in as_eval7:
            e7(h)

    def bhe_calls():
        for text in as_text:
            bhe(text)

    def treys_calls():
        for board, hand in treys_slice:
            tr(board, hand)

    jobs = {
        "pokerhash.evaluate(a, b, c, d, e, f, g)": ours,
        "pokerhash.evaluate(*hand)": ours_star,
        "eval7.evaluate([Card x7])": eval7_calls,
        "holdem_hand_evaluator.evaluate_hand('AsKd...')": bhe_calls,
        "treys Evaluator().evaluate(board5, hand2)": treys_calls,
        "phevaluator.evaluate_cards(a..g) (public API)": pheval_public,
        "phevaluator._pheval.evaluate_7cards(a..g) (private C)": pheval_private,
        "(empty loop of the same shape: the ceiling)": empty_loop,
    }
    units = {name: count for name in jobs}
    units["treys Evaluator().evaluate(board5, hand2)"] = treys_n
    best = race(jobs, rounds)
    print_rows(f"single calls, {count:,} random 7-card hands (treys: {treys_n:,}), Python loop included", units, best)

    # Same answers: treys and phevaluator share our 1..7462 scale; eval7's scale runs the other way, so its
    # order must agree with ours (higher eval7 = lower value) over the sorted values.
    sample = hands[: min(count, 200_000)]
    ours_v = [ph(*h) for h in sample]
    check("pokerhash == phevaluator, every hand", ours_v == [pe7(*h) for h in sample])
    n = min(treys_n, len(sample))
    check("pokerhash == treys, every hand treys timed", ours_v[:n] == [tr(b, h) for b, h in treys_slice[:n]])
    # Sorted by our value, eval7's must fall strictly at each better-to-worse step and hold on ties.
    pairs = sorted(zip(ours_v, (e7(h) for h in as_eval7)))
    check("eval7 orders hands as pokerhash does", all(
        (v1 == v2 and s1 == s2) or (v1 < v2 and s1 > s2) for (v1, s1), (v2, s2) in zip(pairs, pairs[1:])))
    pairs = sorted(zip(ours_v, (bhe(t) for t in as_text)))
    check("holdem-hand-evaluator orders hands as pokerhash does", all(
        (v1 == v2 and s1 == s2) or (v1 < v2 and s1 > s2) for (v1, s1), (v2, s2) in zip(pairs, pairs[1:])))


def batch(rows_n: int, rounds: int, clib: str | None) -> None:
    rows = random_rows(rows_n, seed=11)
    out = np.zeros(rows_n, dtype=np.uint16)
    out_c = np.zeros(rows_n, dtype=np.uint16)
    core = pokerhash._core
    jobs = {}
    if clib:
        lib = ctypes.CDLL(clib)
        fn = lib.ph_evaluate_batch
        fn.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_void_p]
        fn.restype = ctypes.c_int
        rows_p, out_p = rows.ctypes.data, out_c.ctypes.data
        jobs["raw C ph_evaluate_batch (ctypes, out preallocated)"] = lambda: fn(rows_p, rows_n, 7, out_p, None)
    jobs["pokerhash.evaluate_batch(rows) (allocates out)"] = lambda: pokerhash.evaluate_batch(rows)
    jobs["pokerhash._core.evaluate_batch_into (out preallocated)"] = lambda: core.evaluate_batch_into(rows, 7, out)
    best = race(jobs, rounds)
    print_rows(f"numpy batch, {rows_n:,} x 7 uint8 rows", {name: rows_n for name in jobs}, best)
    if clib:
        ratio = best["raw C ph_evaluate_batch (ctypes, out preallocated)"] / best[
            "pokerhash.evaluate_batch(rows) (allocates out)"]
        print(f"  batch / raw C = {ratio:.3f}{'':42} target >= 0.8: {'MET' if ratio >= 0.8 else 'MISSED'}")
        check("evaluate_batch == raw C, every row", np.array_equal(pokerhash.evaluate_batch(rows), out_c))
    check("evaluate_batch == evaluate, first 100,000 rows",
          [pokerhash.evaluate(*r) for r in rows[:100_000].tolist()] == out[:100_000].tolist())


failures = 0


def check(what: str, ok: bool) -> None:
    global failures
    failures += not ok
    print(f"  check: {what:<58} {'equal' if ok else 'DIFFERENT'}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000, help="single-call hands (default 1,000,000)")
    ap.add_argument("--batch-rows", type=int, default=10_000_000, help="numpy batch rows (default 10,000,000)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--clib", help="shared library of core_c for the raw C figure (run.sh builds it)")
    args = ap.parse_args()
    print(f"Python {sys.version.split()[0]}, pokerhash {pokerhash.__version__} ({pokerhash.backend}), "
          f"numpy {np.__version__}; best of {args.rounds} interleaved rounds")
    single_calls(args.hands, args.rounds)
    batch(args.batch_rows, args.rounds, args.clib)
    print("\nRESULT: " + ("all checks equal" if not failures else "MISMATCH (see checks above)"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
