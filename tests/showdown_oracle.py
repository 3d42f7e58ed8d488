"""Heads-up showdown counts by brute force, the oracle of pokerhash.analysis.showdown: every hole pair
against every other hole pair (numpy, a disjointness mask), values from pokerhash.evaluate_batch only;
3- and 4-card boards by summing over every runout."""

from itertools import combinations

import numpy as np

import pokerhash as ph

WORST_VALUE = 7462
CATEGORY_OF_VALUE = np.array([0] + [int(ph.category(v)) for v in range(1, WORST_VALUE + 1)], dtype=np.int64)


def free_cards(used):
    used = set(used)
    return [c for c in range(52) if c not in used]


def holes_colex(cards):
    """Every pair of `cards` as (lo, hi), ascending in hi then lo (colex)."""
    pairs = sorted(combinations(sorted(cards), 2), key=lambda p: (p[1], p[0]))
    return np.array(pairs, dtype=np.uint8).reshape(-1, 2)


def _values(holes, board):
    rows = np.hstack([holes, np.broadcast_to(np.array(board, dtype=np.uint8), (len(holes), len(board)))])
    return ph.evaluate_batch(np.ascontiguousarray(rows)).astype(np.int64)


# First value of each category 0..9, then one past the worst: categories are runs of values.
CATEGORY_START = np.searchsorted(CATEGORY_OF_VALUE[1:], np.arange(10)) + 1
CATEGORY_START = np.append(CATEGORY_START, WORST_VALUE + 1)
assert (np.diff(CATEGORY_OF_VALUE[1:]) >= 0).all()


def _hole_pairs_disjoint(holes_a, holes_b):
    """[i, j]: hole i of holes_a and hole j of holes_b share no card."""
    a_lo, a_hi = holes_a[:, 0, None], holes_a[:, 1, None]
    b_lo, b_hi = holes_b[None, :, 0], holes_b[None, :, 1]
    return (a_lo != b_lo) & (a_lo != b_hi) & (a_hi != b_lo) & (a_hi != b_hi)


def river_counts_plain(board, dead):
    """(holes, by_category (n, 3, 10)) for a 5-card board: an outcome matrix of every hole against every
    disjoint hole, summed per opponent category. The slow reference of river_counts."""
    holes = holes_colex(free_cards(list(board) + list(dead)))
    values = _values(holes, board)
    disjoint = _hole_pairs_disjoint(holes, holes)
    opponent_category = CATEGORY_OF_VALUE[values]
    by_category = np.zeros((len(holes), 3, 10), dtype=np.uint64)
    for axis, beats in enumerate((values[:, None] < values[None, :], values[:, None] == values[None, :],
                                  values[:, None] > values[None, :])):
        for category in range(10):
            by_category[:, axis, category] = (beats & disjoint & (opponent_category == category)).sum(axis=1)
    return holes, by_category


def river_counts(board, dead):
    """river_counts_plain, faster: the opponents sorted by value, so each (outcome, category) is a run of
    columns of the disjointness mask, counted by its prefix sums."""
    holes = holes_colex(free_cards(list(board) + list(dead)))
    values = _values(holes, board)
    order = np.argsort(values, kind="stable")
    sorted_values = values[order]
    disjoint = _hole_pairs_disjoint(holes, holes[order])
    before = np.zeros((len(holes), len(holes) + 1), dtype=np.int64)  # [i, j]: disjoint among columns < j
    np.cumsum(disjoint, axis=1, out=before[:, 1:])
    category_start = np.searchsorted(sorted_values, CATEGORY_START)
    first, last = category_start[None, :10], category_start[None, 1:]
    better_end = np.searchsorted(sorted_values, values, "left")[:, None]   # opponents with a lower value
    worse_start = np.searchsorted(sorted_values, values, "right")[:, None]

    def disjoint_in(start, end):
        start = np.broadcast_to(start, (len(holes), 10))
        end = np.maximum(np.broadcast_to(end, (len(holes), 10)), start)
        return np.take_along_axis(before, end, 1) - np.take_along_axis(before, start, 1)

    by_category = np.empty((len(holes), 3, 10), dtype=np.uint64)
    by_category[:, 0] = disjoint_in(np.maximum(first, worse_start), last)
    by_category[:, 1] = disjoint_in(np.maximum(first, better_end), np.minimum(last, worse_start))
    by_category[:, 2] = disjoint_in(first, np.minimum(last, better_end))
    return holes, by_category


def showdown(board, dead=()):
    """(holes, values, wins, ties, losses, by_category) as the contract of pokerhash.analysis.showdown says."""
    board, dead = [int(c) for c in board], [int(c) for c in dead]
    holes = holes_colex(free_cards(board + dead))
    values = _values(holes, board)
    if len(board) == 5:
        _, by_category = river_counts(board, dead)
    else:
        keys = holes[:, 1].astype(np.int64) * (holes[:, 1].astype(np.int64) - 1) // 2 + holes[:, 0]
        by_category = np.zeros((len(holes), 3, 10), dtype=np.uint64)
        for runout in combinations(free_cards(board + dead), 5 - len(board)):
            final_holes, counts = river_counts(board + list(runout), dead)
            final_keys = (final_holes[:, 1].astype(np.int64) * (final_holes[:, 1].astype(np.int64) - 1) // 2
                          + final_holes[:, 0])
            by_category[np.searchsorted(keys, final_keys)] += counts
    wins, ties, losses = (by_category[:, axis].sum(axis=1) for axis in range(3))
    return holes, values, wins, ties, losses, by_category
