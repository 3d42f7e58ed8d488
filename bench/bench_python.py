"""Python-level benchmark: pokerhash against eval7, treys, phevaluator, holdem-hand-evaluator (b-inary's Rust
evaluator on PyPI) and pkrbot, in one process. Peers come from PyPI (bench/run.sh installs them); one that
does not import is skipped, and the output says so.

    python bench/bench_python.py [--hands N] [--batch-rows N] [--rounds R] [--clib PATH]
                                 [--only single,batch,equity] [--equity-calls N]

Single calls: the same random 7-card hands for everyone, each converted to the library's own card form
once, outside the timed loop; the loop is what a user writes (`for ...: f(...)`), so its cost is included,
and an empty loop of the same shape is timed to show the ceiling. Batch: pokerhash.evaluate_batch on an
(N, 7) uint8 array against the same core called from C through ctypes (--clib, a shared library built
from core_c with the extension's flags), so "batch / raw C" is the binding's overhead alone.
Equity: one call per decision, as a bot makes it (AsKs against 7h7d on the river, turn, flop and before the
flop): pokerhash.equity against its own C engine (the floor: the prebuilt spot handed to _core), eval7's
equity calls, and a Python loop over the board completions that evaluates both hands with pkrbot.evaluate or
pokerhash.evaluate (the bot that counts for itself).
Contenders run round-robin and each keeps its best round, so a noisy moment does not skew one ratio.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib
import itertools
import random
import sys
import time
from types import ModuleType
from typing import Callable, Optional

try:
    import numpy as np
except ImportError:  # the equity race needs no numpy; the batch section says it is skipped
    np = None

import pokerhash

RANKS, SUITS = "23456789TJQKA", "cdhs"


def card_name(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def peer(name: str) -> Optional[ModuleType]:
    """The peer's module, or None after saying it is skipped (not installed here)."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        print(f"  skipped: {name} does not import ({error}); pip install it to race it")
        return None


def random_hands(count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    deck = range(52)
    return [tuple(rng.sample(deck, 7)) for _ in range(count)]


def random_rows(count: int, seed: int) -> "np.ndarray":
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
    eval7, bhe_module, phevaluator, treys = (peer(name) for name in (
        "eval7", "holdem_hand_evaluator", "phevaluator", "treys"))
    hands = random_hands(count, seed=7)
    ph = pokerhash.evaluate
    # treys is pure Python, about a thousand times slower: a slice keeps its rounds short.
    treys_n = max(1, count // 50)

    def empty_loop():
        for a, b, c, d, e, f, g in hands:
            pass

    def ours():
        for a, b, c, d, e, f, g in hands:
            ph(a, b, c, d, e, f, g)

    def ours_star():
        for h in hands:
            ph(*h)

    jobs = {"pokerhash.evaluate(a, b, c, d, e, f, g)": ours, "pokerhash.evaluate(*hand)": ours_star}
    units = {}
    # Each library's own card form, made once.
    if eval7:
        as_eval7 = [[eval7.Card(card_name(c)) for c in h] for h in hands]
        e7 = eval7.evaluate
        jobs["eval7.evaluate([Card x7])"] = one_call_each(e7, as_eval7)
    if bhe_module:
        as_text = ["".join(card_name(c) for c in h) for h in hands]  # holdem-hand-evaluator reads text only
        bhe = bhe_module.evaluate_hand
        jobs["holdem_hand_evaluator.evaluate_hand('AsKd...')"] = one_call_each(bhe, as_text)
    if treys:
        t_cards = {c: treys.Card.new(card_name(c)) for c in range(52)}
        treys_slice = [([t_cards[c] for c in h[:5]], [t_cards[c] for c in h[5:]]) for h in hands[:treys_n]]
        tr = treys.Evaluator().evaluate

        def treys_calls():
            for board, hand in treys_slice:
                tr(board, hand)

        jobs["treys Evaluator().evaluate(board5, hand2)"] = treys_calls
        units["treys Evaluator().evaluate(board5, hand2)"] = treys_n
    if phevaluator:
        from phevaluator import _pheval
        pe = phevaluator.evaluate_cards
        pe7 = _pheval.evaluate_7cards

        def pheval_public():
            for a, b, c, d, e, f, g in hands:
                pe(a, b, c, d, e, f, g)

        def pheval_private():
            for a, b, c, d, e, f, g in hands:
                pe7(a, b, c, d, e, f, g)

        jobs["phevaluator.evaluate_cards(a..g) (public API)"] = pheval_public
        jobs["phevaluator._pheval.evaluate_7cards(a..g) (private C)"] = pheval_private
    jobs["(empty loop of the same shape: the ceiling)"] = empty_loop
    units = {name: units.get(name, count) for name in jobs}
    best = race(jobs, rounds)
    print_rows(f"single calls, {count:,} random 7-card hands (treys: {treys_n:,}), Python loop included", units, best)

    # Same answers: treys and phevaluator share our 1..7462 scale; eval7's scale runs the other way, so its
    # order must agree with ours (higher eval7 = lower value) over the sorted values.
    sample = hands[: min(count, 200_000)]
    ours_v = [ph(*h) for h in sample]
    if phevaluator:
        check("pokerhash == phevaluator, every hand", ours_v == [pe7(*h) for h in sample])
    if treys:
        n = min(treys_n, len(sample))
        check("pokerhash == treys, every hand treys timed", ours_v[:n] == [tr(b, h) for b, h in treys_slice[:n]])
    # Sorted by our value, eval7's must fall strictly at each better-to-worse step and hold on ties.
    if eval7:
        check("eval7 orders hands as pokerhash does", same_order(ours_v, [e7(h) for h in as_eval7[:len(sample)]]))
    if bhe_module:
        check("holdem-hand-evaluator orders hands as pokerhash does",
              same_order(ours_v, [bhe(t) for t in as_text[:len(sample)]]))


def one_call_each(evaluate: Callable, hands: list) -> Callable[[], None]:
    """The loop a user writes for a peer that takes one argument per hand: `for h in hands: evaluate(h)`."""
    def calls() -> None:
        for hand in hands:
            evaluate(hand)

    return calls


def same_order(ours: list, theirs: list) -> bool:
    """Sorted by our value (lower is better), a higher-is-better score falls at each step and holds on ties."""
    pairs = sorted(zip(ours, theirs))
    return all((v1 == v2 and s1 == s2) or (v1 < v2 and s1 > s2) for (v1, s1), (v2, s2) in zip(pairs, pairs[1:]))


# ---- equity, one call per decision ------------------------------------------------------------------------

HERO, VILLAIN = ("As", "Ks"), ("7h", "7d")
STREETS = (("river", "7c 8s 9s Td 2c"), ("turn", "7c 8s 9s Td"), ("flop", "7c 8s 9s"), ("preflop", ""))
LOOP_BOARDS = 10_000  # Python loops and Monte Carlo peers before the flop: random boards, not all 1,712,304


def equity_calls(rounds: int, calls: int) -> None:
    """Per-call time of an equity decision on each street, pokerhash against the peers that have one."""
    from pokerhash._backend import core
    from pokerhash._equity_spot import Spot

    eval7, pkrbot = peer("eval7"), peer("pkrbot")
    holes = {int(pokerhash.Card(name)) for name in HERO + VILLAIN}
    plain = {c: c for c in range(52)}
    for street, board_text in STREETS:
        board = [int(pokerhash.Card(c)) for c in board_text.split()]
        players = ["".join(HERO), "".join(VILLAIN)]
        spot = Spot(players, board_text or None, None)
        units = spot.units()
        exact = pokerhash.equity(players, board=board_text or None)
        rest = [c for c in range(52) if c not in board and c not in holes]
        missing = 5 - len(board)
        runouts = (list(itertools.combinations(rest, missing)) if street != "preflop"
                   else [tuple(random.Random(5).sample(rest, 5)) for _ in range(LOOP_BOARDS)])
        jobs: dict = {}
        jobs["pokerhash.equity(['AsKs', '7h7d'], board=...)"] = lambda: pokerhash.equity(players, board=board_text or None)
        jobs["pokerhash engine alone (_core.equity_exact, prebuilt spot)"] = lambda: core.equity_exact(*spot.args, 0, units)
        if street == "preflop":
            jobs[f"pokerhash.equity(..., samples={LOOP_BOARDS:,}, seed=1)"] = lambda: pokerhash.equity(
                players, samples=LOOP_BOARDS, seed=1)
        counted: dict = {}
        jobs[f"Python loop over {'random' if street == 'preflop' else 'all'} boards, pokerhash.evaluate"] = \
            lambda: counted.__setitem__("pokerhash", showdown_loop(pokerhash.evaluate, plain, board, runouts, lower=True))
        if pkrbot:
            cards = {c: pkrbot.Card(str(pokerhash.Card(c))) for c in range(52)}
            jobs[f"Python loop over {'random' if street == 'preflop' else 'all'} boards, pkrbot.evaluate"] = \
                lambda: counted.__setitem__("pkrbot", showdown_loop(pkrbot.evaluate, cards, board, runouts,
                                                                    lower=False, one_list=True))
        if eval7:
            e_hero = [eval7.Card(c) for c in HERO]
            e_villain = eval7.HandRange("".join(VILLAIN))
            e_board = [eval7.Card(str(pokerhash.Card(c))) for c in board]
            if street == "river":  # its exact call deals no cards: right on the river only
                jobs["eval7.py_hand_vs_range_exact(hand, HandRange, board)"] = lambda: counted.__setitem__(
                    "eval7", eval7.py_hand_vs_range_exact(e_hero, e_villain, e_board))
            else:
                jobs[f"eval7.py_hand_vs_range_monte_carlo(..., {LOOP_BOARDS:,})"] = \
                    lambda: eval7.py_hand_vs_range_monte_carlo(e_hero, e_villain, e_board, LOOP_BOARDS)
        best = race_calls(jobs, rounds, calls if street != "preflop" else max(1, calls // 20))
        print(f"\n== equity, AsKs against 7h7d, {street} ({units} unit{'s' * (units > 1)}, {exact.deals:,} deals), "
              "best CPU time per call")
        first = best["pokerhash.equity(['AsKs', '7h7d'], board=...)"]
        floor = best["pokerhash engine alone (_core.equity_exact, prebuilt spot)"]
        for name, seconds in best.items():
            print(f"  {name:<66} {seconds * 1e6:11.1f} us {seconds / first:8.2f}x")
        print(f"  pokerhash.equity over its engine: {(first - floor) * 1e6:.1f} us a call")
        if street != "preflop":
            check(f"{street}: the pokerhash.evaluate loop counts what equity counts",
                  counted.get("pokerhash") == (exact.win[0], exact.tie[0], exact.deals))
            if "pkrbot" in counted:
                check(f"{street}: the pkrbot loop counts what equity counts",
                      counted["pkrbot"] == (exact.win[0], exact.tie[0], exact.deals))
        if "eval7" in counted:
            check("river: eval7's exact equity is pokerhash's", counted["eval7"] == exact.equity[0])


# Small range jobs (no peer has an exact call for these): pokerhash.equity against its engine's own time
RANGE_SPOTS = ((["AsKs", "QQ+, AKs"], "7c 8s 9s Td 2c"), (["AsKs", "QQ+, AKs"], "7c 8s 9s"),
               (["AK, AQ", "QQ+, AKs"], "7c 8s 9s Td 2c"), (["AsKs", "QQ+"], None))


def range_calls(rounds: int, calls: int) -> None:
    """Per-call time of small range jobs: equity() over the engine's enumeration of the same spot."""
    from pokerhash._backend import core
    from pokerhash._equity_spot import Spot

    print("\n== equity, small range jobs, best CPU time per call")
    for players, board in RANGE_SPOTS:
        spot = Spot(players, board, None)
        units = spot.units()
        jobs = {"equity()": lambda: pokerhash.equity(players, board=board),
                "engine": lambda: core.equity_exact(*spot.args, 0, units)}
        best = race_calls(jobs, rounds, calls if board else max(1, calls // 20))
        where = f"board {board}" if board else "preflop"
        print(f"  {' vs '.join(players) + ', ' + where:<44} equity() {best['equity()'] * 1e6:8.1f} us, engine "
              f"{best['engine'] * 1e6:8.1f} us, over it {(best['equity()'] - best['engine']) * 1e6:6.1f} us")


def showdown_loop(evaluate: Callable, cards: dict, board: list, runouts: list, lower: bool,
                  one_list: bool = False) -> tuple:
    """(hero's wins, ties, boards) over the runouts, each hand evaluated as a bot's loop does it: the cards as
    arguments, or as one list (one_list: eval7's and pkrbot's form)."""
    a, b = (cards[pokerhash.Card(c)] for c in HERO)
    x, y = (cards[pokerhash.Card(c)] for c in VILLAIN)
    fixed = [cards[c] for c in board]
    wins = ties = 0
    for extra in runouts:
        shared = fixed + [cards[c] for c in extra]
        if one_list:
            hero, villain = evaluate([a, b, *shared]), evaluate([x, y, *shared])
        else:
            hero, villain = evaluate(a, b, *shared), evaluate(x, y, *shared)
        if hero == villain:
            ties += 1
        elif (hero < villain) == lower:
            wins += 1
    return wins, ties, len(runouts)


def race_calls(jobs: dict, rounds: int, calls: int) -> dict:
    """Best CPU seconds per call of each job (this thread's CPU clock: every contender here runs on the
    calling thread, and a shared machine's load then moves the figures less), `calls` calls a round, rounds
    interleaved."""
    best = {name: float("inf") for name in jobs}
    for _ in range(rounds):
        for name, job in jobs.items():
            t0 = time.thread_time()
            for _ in range(calls):
                job()
            best[name] = min(best[name], (time.thread_time() - t0) / calls)
    return best


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
    ap.add_argument("--only", default="single,batch,equity", help="sections to run (default all three)")
    ap.add_argument("--equity-calls", type=int, default=2000,
                    help="equity calls a round on the river, turn and flop (before the flop: 1/20 of it)")
    args = ap.parse_args()
    sections = set(args.only.split(","))
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
               "unknown CPU") if sys.platform.startswith("linux") else "unknown CPU"
    print(f"Python {sys.version.split()[0]}, pokerhash {pokerhash.__version__} ({pokerhash.backend}), "
          f"numpy {np.__version__ if np else 'absent'}; {cpu}; best of {args.rounds} interleaved rounds")
    if "single" in sections:
        single_calls(args.hands, args.rounds)
    if "batch" in sections:
        if np is None:
            print("  skipped: the batch section needs numpy")
        else:
            batch(args.batch_rows, args.rounds, args.clib)
    if "equity" in sections:
        equity_calls(args.rounds, args.equity_calls)
        range_calls(args.rounds, args.equity_calls)
    print("\nRESULT: " + ("all checks equal" if not failures else "MISMATCH (see checks above)"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
