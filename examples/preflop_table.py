"""Preflop tables: the exact heads-up all-in equity of every pair of the 169 starting-hand classes (each
averaged over all its suit combinations), and of each class against one random hand.

    python examples/preflop_table.py                  # local threads; writes examples/preflop/
    python examples/preflop_table.py --workers 2      # the same on a local 2-process Dask cluster

Writes equity_169x169.csv/.npy (row = the hand's class, column = the opponent's class, equity of the row
hand, split pots shared) and vs_random.csv/.npy, classes in the usual 13x13 grid order (AA, AKs, AQs, ...;
row i, column j: pairs on the diagonal, suited above it, offsuit below).

Suit isomorphism cuts the work: a class's equity against a class is the same from every one of its
combinations (a suit permutation maps one onto another), so each class is played from one representative
against all 1,225 other hands; and (hand, opponent) pairs that a suit permutation, or swapping the two,
maps onto each other share one exact enumeration of all 1,712,304 boards. That leaves 47,008 enumerations.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time

import numpy as np

import pokerhash as ph
from pokerhash import _cli_scale, parallel
from pokerhash._backend import core

RANKS = "23456789TJQKA"
BOARDS = 1_712_304  # C(48, 5): every board for two known hands
POT = 2520  # the engine's share unit: 1/2520 pot
PER_SECOND = 300  # low estimate of exact heads-up enumerations per second per core (task sizing)
HERE = os.path.dirname(os.path.abspath(__file__))


def class_grid():
    """(labels, representatives): the 169 classes in grid order, each with one (card, card) combination."""
    labels, reps = [], []
    for i in range(13):
        for j in range(13):
            high, low = 12 - min(i, j), 12 - max(i, j)
            if i == j:
                labels.append(RANKS[high] * 2)
                reps.append((4 * high, 4 * high + 1))
            elif j > i:
                labels.append(f"{RANKS[high]}{RANKS[low]}s")
                reps.append((4 * high, 4 * low))
            else:
                labels.append(f"{RANKS[high]}{RANKS[low]}o")
                reps.append((4 * high, 4 * low + 1))
    return labels, reps


def class_of(cards):
    """Grid index of the class of two-card hands given as an (M, 2) array."""
    ranks, suits = cards >> 2, cards & 3
    high, low = ranks.max(axis=1), ranks.min(axis=1)
    i, j = 12 - high, 12 - low
    suited = suits[:, 0] == suits[:, 1]
    row = np.where(suited | (high == low), i, j)
    col = np.where(suited | (high == low), j, i)
    return row * 13 + col


def matchups():
    """Every (class representative, opponent hand) pair, and their canonical form under suit isomorphism.

    Returns (hero_class, opponent_class, canonical index, flipped, canonical pairs) where canonical pairs
    is a (U, 4) uint8 array of (first hand, second hand) and flipped says the hero is the second hand.
    """
    _, reps = class_grid()
    hands = np.array(list(itertools.combinations(range(52), 2)), dtype=np.int64)
    hero_rows, opp_rows, hero_class = [], [], []
    for index, rep in enumerate(reps):
        free = ~np.isin(hands, rep).any(axis=1)
        opp_rows.append(hands[free])
        hero_rows.append(np.tile(rep, (int(free.sum()), 1)))
        hero_class.append(np.full(int(free.sum()), index))
    hero, opp, hero_class = np.concatenate(hero_rows), np.concatenate(opp_rows), np.concatenate(hero_class)
    # Under each of the 24 suit permutations, code each hand as high*52+low and the pair as an ordered
    # (smaller code, larger code): the smallest pair code over all permutations names the orbit.
    best_key = best_flip = None
    for perm in itertools.permutations(range(4)):
        card_map = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)])
        codes = []
        for cards in (hero, opp):
            mapped = card_map[cards]
            codes.append(mapped.max(axis=1) * 52 + mapped.min(axis=1))
        key = np.minimum(*codes) * 2704 + np.maximum(*codes)
        flip = codes[0] > codes[1]
        if best_key is None:
            best_key, best_flip = key, flip
        else:
            better = key < best_key
            best_key, best_flip = np.where(better, key, best_key), np.where(better, flip, best_flip)
    keys, canonical = np.unique(best_key, return_inverse=True)
    first, second = keys // 2704, keys % 2704
    pairs = np.stack([first // 52, first % 52, second // 52, second % 52], axis=1).astype(np.uint8)
    return hero_class, class_of(opp), canonical, best_flip, pairs


def shares_task(pairs: bytes):
    """Worker: for each (a, b) in the packed pairs, the first hand's pot share summed over all boards."""
    out = []
    for i in range(0, len(pairs), 4):
        a, b = (pairs[i], pairs[i + 1]), (pairs[i + 2], pairs[i + 3])
        out.append(core.equity_exact([[a], [b]], None, [], [], 0, 1)["share"][0])
    return out


def extend(total, part):
    total.extend(part)
    return total


def build(executor=None, progress=None):
    """(labels, 169x169 equities, 169 equities vs a random hand, enumerations run)."""
    labels, _ = class_grid()
    hero_class, opp_class, canonical, flipped, pairs = matchups()
    spans = parallel.plan(0, len(pairs), PER_SECOND, executor)
    tasks = [pairs[a:b].tobytes() for a, b in spans]
    shares = parallel.run(shares_task, tasks, extend, [], executor=executor, sizes=[b - a for a, b in spans],
                          progress=progress)
    share = np.array(shares, dtype=np.int64)[canonical]  # exact integers: pot units over all boards
    share = np.where(flipped, POT * BOARDS - share, share)
    cell = hero_class * 169 + opp_class
    sums = np.bincount(cell, weights=share, minlength=169 * 169)
    counts = np.bincount(cell, minlength=169 * 169)
    with np.errstate(invalid="ignore"):
        table = (sums / (counts * POT * BOARDS)).reshape(169, 169)
    vs_random = np.bincount(hero_class, weights=share, minlength=169) / (
        np.bincount(hero_class, minlength=169) * POT * BOARDS)
    return labels, table, vs_random, len(pairs)


def write(out_dir, labels, table, vs_random, command):
    os.makedirs(out_dir, exist_ok=True)
    banner = f"# generated by `{command}` (pokerhash {ph.__version__}); exact heads-up preflop all-in equity\n"
    np.save(os.path.join(out_dir, "equity_169x169.npy"), table)
    np.save(os.path.join(out_dir, "vs_random.npy"), vs_random)
    with open(os.path.join(out_dir, "equity_169x169.csv"), "w") as f:
        f.write(banner + "# row: the hand's class, column: the opponent's class; equity of the row hand\n")
        f.write("hand," + ",".join(labels) + "\n")
        for label, row in zip(labels, table):
            f.write(label + "," + ",".join(f"{x:.6f}" for x in row) + "\n")
    with open(os.path.join(out_dir, "vs_random.csv"), "w") as f:
        f.write(banner + "# equity of each class against one random hand\nhand,equity\n")
        for label, x in zip(labels, vs_random):
            f.write(f"{label},{x:.6f}\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(HERE, "preflop"), help="output folder")
    parser.add_argument("--threads", type=int, help="local threads (default: one per CPU)")
    _cli_scale.add_arguments(parser)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with _cli_scale.executor_from(args) as executor:
        labels, table, vs_random, runs = build(executor if executor is not None else args.threads)
    seconds = time.perf_counter() - started
    write(args.out, labels, table, vs_random, "python examples/preflop_table.py")
    at = {label: i for i, label in enumerate(labels)}
    print(f"{runs:,} exact enumerations in {seconds:.1f} s; wrote {args.out}")
    for hand, villain in (("AA", "KK"), ("AKs", "QQ"), ("AKo", "22"), ("KK", "AKs"), ("JTs", "22")):
        print(f"  {hand:>4} vs {villain:<4} {100 * table[at[hand], at[villain]]:.2f} %")
    for hand in ("AA", "KK", "AKs", "AKo", "72o", "32o"):
        print(f"  {hand:>4} vs random {100 * vs_random[at[hand]]:.2f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
