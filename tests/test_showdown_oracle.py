"""The showdown brute force (tests/showdown_oracle.py, the oracle of tests/test_analysis_showdown.py)
checked on its own: its fast counting equals its plain outcome matrices, and hand-checkable boards."""

import json
import random
import subprocess
from itertools import combinations
from math import comb

import pytest

np = pytest.importorskip("numpy")

import pokerhash as ph  # noqa: E402
import showdown_oracle  # noqa: E402
from c_build import c_program  # noqa: E402


def ids(text):
    return [int(c) for c in ph.parse_cards(text)]


def test_prefix_sum_counts_equal_plain_outcome_matrices():
    rng = random.Random(5)
    for dead_count in (0, 3, 10, 30):
        cards = rng.sample(range(52), 5 + dead_count)
        fast_holes, fast = showdown_oracle.river_counts(cards[:5], cards[5:])
        plain_holes, plain = showdown_oracle.river_counts_plain(cards[:5], cards[5:])
        np.testing.assert_array_equal(fast_holes, plain_holes)
        np.testing.assert_array_equal(fast, plain)


def test_royal_board_ties_every_opponent():
    holes, values, wins, ties, losses, by_category = showdown_oracle.showdown(ids("AsKsQsJsTs"))
    assert len(holes) == comb(47, 2) and (values == 1).all()
    assert (wins == 0).all() and (losses == 0).all() and (ties == comb(45, 2)).all()
    assert (by_category[:, 1, 0] == comb(45, 2)).all()


def test_holes_are_in_colex_order():
    holes = showdown_oracle.holes_colex([0, 5, 9, 51])
    assert holes.tolist() == [[0, 5], [0, 9], [5, 9], [0, 51], [5, 51], [9, 51]]


def test_four_cards_left_give_one_opponent_each():
    board = ids("2c7d9hJsKs")
    left = ids("AhAdQc3c")  # AhAd beats Qc3c; A-K-Q-J-9 (AhQc) beats A-K-J-9-7 (Ad3c)
    dead = [c for c in range(52) if c not in board + left]
    holes, values, wins, ties, losses, by_category = showdown_oracle.showdown(board, dead)
    assert (wins + ties + losses == 1).all()
    by_hole = {tuple(h): (w, t, l) for h, w, t, l in zip(holes.tolist(), wins, ties, losses)}
    assert by_hole[tuple(sorted(ids("AhAd")))] == (1, 0, 0)
    assert by_hole[tuple(sorted(ids("Qc3c")))] == (0, 0, 1)
    assert by_hole[tuple(sorted(ids("AhQc")))] == (1, 0, 0)
    assert by_hole[tuple(sorted(ids("Ad3c")))] == (0, 0, 1)


@pytest.mark.parametrize("board_size", [3, 4])
def test_runouts_count_every_runout_and_opponent(board_size):
    cards = random.Random(board_size).sample(range(52), board_size + 25)
    board, dead = cards[:board_size], cards[board_size:]
    _, _, wins, ties, losses, _ = showdown_oracle.showdown(board, dead)
    others = 52 - len(cards) - 2
    missing = 5 - board_size
    assert (wins + ties + losses == comb(others, missing) * comb(others - missing, 2)).all()


@pytest.mark.parametrize("dead", [list(range(40)), list(range(36)) + ids("AsKdJh")], ids=["Q-A", "J-A-but-AsKdJh"])
def test_c_matrix_brute_force_equals_summed_showdowns(native_tools, dead):
    run = subprocess.run([c_program(native_tools, "showdown_brute"), *map(str, dead)], capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    brute = json.loads(run.stdout)
    wins = np.zeros((10, 10), dtype=np.uint64)
    ties = np.zeros(10, dtype=np.uint64)
    for board in combinations([c for c in range(52) if c not in dead], 5):
        holes, values, _, _, _, by_category = showdown_oracle.showdown(board, dead)
        for category, counts in zip(showdown_oracle.CATEGORY_OF_VALUE[values], by_category):
            wins[category] += counts[0]       # this hole wins: [its category, the opponent's]
            wins[:, category] += counts[2]    # the opponent wins: [the opponent's category, this hole's]
            ties[category] += counts[1].sum()
    assert wins.tolist() == brute["wins"] and ties.tolist() == brute["ties"]
    assert brute["deals"] == int(wins.sum() + ties.sum())
