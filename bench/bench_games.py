"""The other games against pokerkit (PyPI), in one process: evaluation rates and equity, with agreement checks.

    python bench/bench_games.py [--hands N] [--peer-hands N] [--rounds R] [--samples N] [--calibrate]

pokerkit is the one peer that evaluates these games (pure Python). Both sides get the same random hands,
converted once to their own card form outside the timed loops; pokerhash is timed per single Python call
(pokerhash.games.evaluate / omaha_evaluate) and as one numpy batch. Before any timing, every hand's ordering
is compared: for random pairs, pokerhash's "lower value is better" must agree with pokerkit's comparison
(exit status 1 otherwise). Equity: pokerhash exact (every deal) and Monte Carlo against pokerkit's Monte
Carlo (calculate_equities, one thread), as samples per second. --calibrate prints the ns per deal the C cost
model (core_c/src/equity/game_equity_check.c) should use on this machine, and its estimate against the measured time
on overlapping ranges.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

from pokerhash import _core, games
from pokerhash._games_equity import Spot, _rules

try:
    import pokerkit as pk
except ImportError:
    sys.exit("pokerkit is not installed: python -m pip install pokerkit==0.7.7")

RANKS, SUITS = "23456789TJQKA", "cdhs"
# game: (pokerkit hand type, cards per hand, pokerhash game)
EVALUATIONS = {
    "short deck, 7 cards": (pk.ShortDeckHoldemHand, 7, "shortdeck"),
    "razz (ace-to-five), 7 cards": (pk.RegularLowHand, 7, "ace_five"),
    "eight-or-better low, 7 cards": (pk.EightOrBetterLowHand, 7, "ace_five_8"),
    "deuce-to-seven, 5 cards": (pk.StandardLowHand, 5, "deuce_seven"),
}


def name(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def best_of(jobs: dict, rounds: int) -> dict:
    best = {key: float("inf") for key in jobs}
    for _ in range(rounds):
        for key, job in jobs.items():
            t0 = time.perf_counter()
            job()
            best[key] = min(best[key], time.perf_counter() - t0)
    return best


def random_rows(game: str, count: int, k: int, seed: int) -> np.ndarray:
    deck = np.array([int(c) for c in games.info(game).deck], dtype=np.uint8)
    rng = np.random.default_rng(seed)
    return np.ascontiguousarray(deck[np.argsort(rng.random((count, len(deck))), axis=1)[:, :k]])


def check_order(ours: list, theirs: list, label: str) -> bool:
    """pokerkit: a better hand compares greater; pokerhash: lower is better. Both must order every pair alike."""
    rng = random.Random(1)
    bad = 0
    for _ in range(20_000):
        i, j = rng.randrange(len(ours)), rng.randrange(len(ours))
        want = (ours[i] < ours[j]) - (ours[i] > ours[j])
        a, b = theirs[i], theirs[j]
        got = 0 if a == b else ((a > b) - (a < b) if a is not None and b is not None else (a is not None) - (b is not None))
        bad += want != got
    print(f"   agreement ({label}): {'ok' if not bad else f'{bad} of 20,000 pairs DISAGREE'}")
    return not bad


def evaluation(args) -> bool:
    print(f"== evaluation (single calls on {args.hands:,} hands; pokerkit on {args.peer_hands:,}; best of {args.rounds})")
    print(f"   {'game':<31} {'pokerhash call':>15} {'pokerhash batch':>16} {'pokerkit':>11} {'call/pk':>9} {'batch/pk':>9}")
    ok = True
    for label, (hand_type, k, game) in EVALUATIONS.items():
        rows = random_rows(game, args.hands, k, seed=len(label))
        tuples = [tuple(int(c) for c in row) for row in rows]
        peer = [list(pk.Card.parse("".join(map(name, row)))) for row in tuples[: args.peer_hands]]
        make = hand_type.from_game_or_none if hand_type is pk.EightOrBetterLowHand else hand_type.from_game
        ours = games.evaluate_batch(rows, game=game).tolist()
        ok &= check_order(ours[: args.peer_hands], [make(cards) for cards in peer], label)
        evaluate = games.evaluator(game)  # the C function bound to the game: no Python frame per call

        def single():
            for cards in tuples:
                evaluate(cards)

        def batch():
            games.evaluate_batch(rows, game=game)

        def kit():
            for cards in peer:
                make(cards)

        t = best_of({"single": single, "batch": batch, "kit": kit}, args.rounds)
        rate = {key: (args.peer_hands if key == "kit" else args.hands) / t[key] for key in t}
        print(f"   {label:<31} {rate['single'] / 1e6:>11.2f} M/s {rate['batch'] / 1e6:>12.1f} M/s "
              f"{rate['kit'] / 1e3:>7.1f} k/s {rate['single'] / rate['kit']:>8.0f}x {rate['batch'] / rate['kit']:>8.0f}x")
    # Omaha hi-lo: both halves of one hand, two hole + three board
    rows = random_rows("holdem", args.hands // 4, 9, seed=9)
    pairs = [(tuple(int(c) for c in row[:4]), tuple(int(c) for c in row[4:])) for row in rows]
    peer = [(list(pk.Card.parse("".join(map(name, h)))), list(pk.Card.parse("".join(map(name, b)))))
            for h, b in pairs[: args.peer_hands]]
    ours = [games.omaha_evaluate(h, b, game="ace_five_8") for h, b in pairs]
    ok &= check_order(ours[: args.peer_hands], [pk.OmahaEightOrBetterLowHand.from_game_or_none(h, b) for h, b in peer],
                      "Omaha eight-or-better low")
    high = _core.omaha_evaluate

    def single():
        for h, b in pairs:
            high(h, b)
            games.omaha_evaluate(h, b, game="ace_five_8")

    def kit():
        for h, b in peer:
            pk.OmahaHoldemHand.from_game(h, b)
            pk.OmahaEightOrBetterLowHand.from_game_or_none(h, b)

    t = best_of({"single": single, "kit": kit}, args.rounds)
    ours_rate, kit_rate = len(pairs) / t["single"], len(peer) / t["kit"]
    print(f"   {'Omaha hi-lo, 4 hole + 5 board':<31} {ours_rate / 1e6:>11.2f} M/s {'':>16} {kit_rate / 1e3:>7.1f} k/s "
          f"{ours_rate / kit_rate:>8.0f}x")
    return ok


def equity(args) -> bool:
    print(f"== equity (one thread; pokerkit Monte Carlo with {args.peer_samples:,} samples)")
    spots = [
        ("short deck AsAd vs KsKh, preflop", "shortdeck", ["AsAd", "KsKh"], "", pk.Deck.SHORT_DECK_HOLDEM,
         (pk.ShortDeckHoldemHand,), 2),
        ("Omaha hi-lo AsAd2c3d vs KsKhQsJh", "omaha_hilo8", ["AsAd2c3d", "KsKhQsJh"], "", pk.Deck.STANDARD,
         (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand), 4),
    ]
    ok = True
    for label, game, hands, board, deck, types, hole in spots:
        exact = games.equity(hands, game=game, board=board, exact=True, threads=1)
        t0 = time.perf_counter()
        sampled = games.equity(hands, game=game, board=board, samples=args.samples, seed=1, threads=1)
        ours_mc = time.perf_counter() - t0
        t0 = time.perf_counter()
        theirs = pk.calculate_equities(tuple(pk.parse_range(h) for h in hands), pk.Card.parse(board), hole, 5, deck,
                                       types, sample_count=args.peer_samples)
        kit = time.perf_counter() - t0
        close = all(abs(e - t) < 0.01 + 4 * (0.25 / args.peer_samples) ** 0.5 for e, t in zip(exact.equity, theirs))
        ok &= close
        print(f"   {label}: exact {exact.deals:,} deals in {exact.seconds:.3f} s; equity "
              f"{', '.join(f'{e:.4f}' for e in exact.equity)} (pokerkit {', '.join(f'{t:.4f}' for t in theirs)}: "
              f"{'agrees' if close else 'DISAGREES'})")
        print(f"      Monte Carlo samples/s: pokerhash {args.samples / ours_mc / 1e6:.2f} M/s, pokerkit "
              f"{args.peer_samples / kit / 1e3:.2f} k/s: {args.samples / ours_mc / (args.peer_samples / kit):,.0f}x; "
              f"pokerhash exact covers every deal {kit / exact.seconds * exact.deals / args.peer_samples:,.0f}x "
              f"faster per deal than pokerkit samples")
    return ok


def calibrate() -> None:
    """ns per exact deal and player for each kind of lookup, to check the constants of the C cost model."""
    print("== cost model: measured ns per deal (estimate from game_equity_check.c in brackets)")
    for label, game, hands, board in (("short deck, 2 players", "shortdeck", ["AsAd", "KsKh"], ""),
                                      ("short deck, 4 players", "shortdeck", ["AsAd", "KsKh", "QcJc", "9h9d"], ""),
                                      ("Omaha hi-lo, 2 players", "omaha_hilo8", ["AsAd2c3d", "KsKhQsJh"], ""),
                                      ("Omaha hi-lo 6 cards, 3 players", "omaha_hilo8",
                                       ["AsAd2c3d4h5h", "KsKhQsJh9c8c", "7d7c6s6hTdTc"], "2h 9s Jd")):
        r = games.equity(hands, game=game, board=board, exact=True, threads=1)
        high, low, _ = games.EQUITY_GAMES[game]
        spot = [[tuple(pokerhash_cards(h))] for h in hands]
        estimate = _core.game_equity_exact_seconds(_id(high), _id(low) if low else 0, spot, None, board, "")
        print(f"   {label}: {r.seconds / r.deals * 1e9:.0f} ns per deal (model {estimate / r.deals * 1e9:.0f})")
    print("== cost model on overlapping ranges (only the combinations free of shared cards are dealt): "
          "estimate / measured, one thread")
    for game, ranges, board in (("shortdeck", ["AA,KK,QQ"] * 3, None), ("shortdeck", ["AK,AQ,KQ"] * 4, "Ts 9s 6c"),
                                ("shortdeck", ["AK,AQ,KQ,AJ"] * 3, "Ts 9s 6c"),
                                ("shortdeck", ["AA,KK,QQ,JJ"] * 4, "6c 7d 8h"),
                                ("shortdeck_triton", ["AA,KK"] * 3, None)):
        estimate = Spot(ranges, board, None, rules=_rules(game)).estimated_seconds()
        r = games.equity(ranges, game=game, board=board, exact=True, threads=1, force=True)
        print(f"   {game} {len(ranges)} x {ranges[0]!r} {board or 'preflop'}: estimate {estimate:.3f} s, "
              f"measured {r.seconds:.3f} s, ratio {estimate / r.seconds:.2f}")


def pokerhash_cards(text: str) -> list:
    return [int(c) for c in _core.parse_cards(text)]


def _id(game: str) -> int:
    return games.GAMES.index(game) + 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--peer-hands", type=int, default=1_000)  # pokerkit: hundreds of hands per second
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--samples", type=int, default=1_000_000)
    parser.add_argument("--peer-samples", type=int, default=1_000)
    parser.add_argument("--calibrate", action="store_true")
    args = parser.parse_args()
    print(f"pokerhash {games.__name__} vs pokerkit {pk.__version__ if hasattr(pk, '__version__') else ''}".strip())
    if args.calibrate:
        calibrate()
        return 0
    ok = evaluation(args)
    ok &= equity(args)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
