"""Equity benchmark: pokerhash's exact enumeration against eval7's Monte Carlo, heads-up preflop.

    python bench/bench_equity.py [--samples N] [--rounds R] [--threads T]

eval7 (pip install eval7) samples boards: py_hand_vs_range_monte_carlo(hand, villain_range, board, n)
with n = 1e6 by default, which leaves a standard error of about 0.04%. pokerhash enumerates all 1,712,304
boards exactly (AsAh vs KsKh), and all 36 x 1,712,304 deals for the ranges AA vs KK, where eval7 runs
py_all_hands_vs_range(AA, KK, board, n / 6): n samples in all, and the row shows the mean of its 6
equities. Each contender keeps its best round; ratios are eval7 time / ours, so > 1 means pokerhash is
faster, while also being exact.
"""

from __future__ import annotations

import argparse
import os
import time

import pokerhash as ph


def best_of(rounds: int, job):
    best, value = float("inf"), None
    for _ in range(rounds):
        t0 = time.perf_counter()
        value = job()
        best = min(best, time.perf_counter() - t0)
    return best, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=1_000_000, help="eval7 Monte Carlo samples")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="pokerhash threads")
    args = parser.parse_args()
    try:
        import eval7
    except ImportError:
        raise SystemExit("bench_equity needs eval7: .venv/bin/pip install eval7")

    hero = [eval7.Card("As"), eval7.Card("Ah")]
    n = args.samples

    def hand_vs(villain):
        return lambda: eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange(villain), [], n)

    def range_vs_range():
        by_hand = eval7.py_all_hands_vs_range(eval7.HandRange("AA"), eval7.HandRange("KK"), [], n // 6)
        return sum(by_hand.values()) / len(by_hand)  # the 6 AA combos are equally likely

    spots = [  # (label, pokerhash players, eval7 job returning hero's equity)
        ("AsAh vs KsKh", ["AsAh", "KsKh"], hand_vs("KsKh")),
        ("AsAh vs KK", ["AsAh", "KK"], hand_vs("KK")),
        ("AA vs KK", ["AA", "KK"], range_vs_range),
    ]
    print(f"pokerhash {ph.__version__} ({ph.backend}), {args.threads} threads; eval7 {args.samples:,} samples;"
          f" best of {args.rounds}")
    print(f"{'spot':<14}{'deals':>14}{'exact equity':>14}{'pokerhash':>12}{'1 thread':>12}"
          f"{'eval7 MC':>12}{'MC equity':>11}{'eval7/ours':>12}")
    for label, players, eval7_job in spots:
        ours, result = best_of(args.rounds, lambda: ph.equity(players, exact=True, threads=args.threads))
        single, _ = best_of(args.rounds, lambda: ph.equity(players, exact=True, threads=1))
        theirs, eq = best_of(args.rounds, eval7_job)
        print(f"{label:<14}{result.deals:>14,}{100 * result.equity[0]:>13.3f}%{1e3 * ours:>9.2f} ms"
              f"{1e3 * single:>9.2f} ms{1e3 * theirs:>9.2f} ms{100 * eq:>10.3f}%{theirs / ours:>11.1f}x")
    deals_per_s = result.deals / ours
    # Deals counted, not hands evaluated: the engine shares work between boards.
    print(f"pokerhash exact AA vs KK: {deals_per_s / 1e6:,.0f} M deals/s")


if __name__ == "__main__":
    main()
