"""pokerhash.analysis.showdown and showdown_matrix against brute force: every hole pair against every other
(tests/showdown_oracle.py, numpy) and every deal of a reduced deck in a plain C loop (tests/c/showdown_brute.c)."""

import json
import random
import subprocess
from math import comb

import pytest

np = pytest.importorskip("numpy")

import pokerhash as ph  # noqa: E402
import pokerhash.analysis as pa  # noqa: E402
import showdown_oracle  # noqa: E402
from c_build import c_program  # noqa: E402

RANK_NAMES = "23456789TJQKA"
SUIT_NAMES = "cdhs"


def name(card):
    return RANK_NAMES[card // 4] + SUIT_NAMES[card % 4]


def random_spot(rng, board_size, dead_range):
    cards = rng.sample(range(52), board_size + rng.randint(*dead_range))
    return cards[:board_size], cards[board_size:]


def as_given(rng, cards):
    """The same cards as ids, names or text, so each form of input is exercised."""
    form = rng.randrange(3)
    if form == 0:
        return list(cards)
    if form == 1:
        return [name(c) for c in cards]
    return "".join(name(c) for c in cards)


def assert_showdown_equals_oracle(result, board, dead):
    holes, values, wins, ties, losses, by_category = showdown_oracle.showdown(board, dead)
    n = len(holes)
    assert result.holes.dtype == np.uint8 and result.holes.shape == (n, 2)
    assert result.values.dtype == np.uint16 and result.values.shape == (n,)
    for counts in (result.wins, result.ties, result.losses):
        assert counts.dtype == np.uint64 and counts.shape == (n,)
    assert result.by_category.dtype == np.uint64 and result.by_category.shape == (n, 3, 10)
    np.testing.assert_array_equal(result.holes, holes)
    np.testing.assert_array_equal(result.values, values)
    np.testing.assert_array_equal(result.wins, wins)
    np.testing.assert_array_equal(result.ties, ties)
    np.testing.assert_array_equal(result.losses, losses)
    np.testing.assert_array_equal(result.by_category, by_category)
    np.testing.assert_array_equal(result.by_category.sum(axis=2),
                                  np.stack([result.wins, result.ties, result.losses], axis=1))


@pytest.mark.parametrize("seed", range(4))
def test_river_showdown_equals_every_pair_of_holes(seed):
    rng = random.Random(2600 + seed)
    for _ in range(250):
        board, dead = random_spot(rng, 5, (0, 10))
        result = pa.showdown(as_given(rng, board), as_given(rng, dead) if dead or rng.randrange(2) else None)
        assert_showdown_equals_oracle(result, board, dead)


@pytest.mark.parametrize("board_size", [3, 4])
def test_flop_and_turn_showdown_sum_over_every_runout(board_size):
    rng = random.Random(2610 + board_size)
    for _ in range(15):
        board, dead = random_spot(rng, board_size, (20, 30))
        assert_showdown_equals_oracle(pa.showdown(board, dead), board, dead)


def test_showdown_without_dead_cards_counts_every_opponent():
    board = [int(c) for c in ph.parse_cards("2c7dJhQs3s")]
    result = pa.showdown(board)
    assert len(result.holes) == comb(47, 2)
    # Every opponent is one of the C(45, 2) pairs free of the board and the hole.
    np.testing.assert_array_equal(result.wins + result.ties + result.losses, np.full(comb(47, 2), comb(45, 2)))
    assert_showdown_equals_oracle(result, board, [])


def ranks_dead(lowest_live_rank):
    return list(range(4 * lowest_live_rank))


def brute_matrix(native_tools, dead):
    run = subprocess.run([c_program(native_tools, "showdown_brute"), *map(str, sorted(dead))],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.mark.parametrize("dead", [
    ranks_dead(8),                                                  # T..A: 20 cards
    ranks_dead(7),                                                  # 9..A: 24 cards
    ranks_dead(7) + [int(c) for c in ph.parse_cards("AsKdTh")],     # 9..A but As Kd Th: 21, asymmetric
], ids=["T-A", "9-A", "9-A-but-AsKdTh"])
def test_showdown_matrix_equals_every_deal(native_tools, dead):
    expected = brute_matrix(native_tools, dead)
    result = pa.showdown_matrix(dead=dead)
    live = 52 - len(dead)
    assert result.wins.dtype == np.uint64 and result.wins.shape == (10, 10)
    assert result.ties.dtype == np.uint64 and result.ties.shape == (10,)
    assert result.wins.tolist() == expected["wins"]
    assert result.ties.tolist() == expected["ties"]
    assert result.deals == expected["deals"] == int(result.wins.sum()) + int(result.ties.sum())
    assert result.deals == comb(live, 2) * comb(live - 2, 2) * comb(live - 4, 5)


def test_full_deck_deal_count_is_the_documented_one():
    # Player hole x opponent hole (ordered) x board: the total the contract states for showdown_matrix().
    assert comb(52, 2) * comb(50, 2) * comb(48, 5) == 1326 * 1225 * comb(48, 5) == 2_781_381_002_400


@pytest.mark.parametrize("board,dead,words", [
    ("AsAsKd", None, ["duplicate", "As"]),
    ("AsKdQh", "7c7c", ["duplicate", "7c"]),
    ("AsKd", None, ["board", "2"]),
    ("AsKdQhJcTc9c", None, ["board", "6"]),
    ("AsKdQh", "2c Kd", ["Kd", "dead"]),
])
def test_showdown_names_the_problem(board, dead, words):
    with pytest.raises(ValueError) as error:
        pa.showdown(board, dead)
    message = str(error.value)
    for word in words:
        assert word.lower() in message.lower(), message


def test_showdown_refuses_a_deck_with_too_few_cards_left():
    board = "AsKdQhJcTc"
    dead = [c for c in range(52) if name(c) not in ("As", "Kd", "Qh", "Jc", "Tc", "2c")]  # one card left
    with pytest.raises(ValueError):
        pa.showdown(board, dead)
