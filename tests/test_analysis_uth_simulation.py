"""Ultimate Texas Hold'em on the full deck: the exact solution agrees with a Monte Carlo game played by its own
strategy (10^7 random deals, payoffs computed here from the rules), and with the published figures."""

from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

import pokerhash as ph
from pokerhash import analysis

DEALS = 10_000_000
CHUNK = 1_000_000
BLIND = {0: 500, 1: 50, 2: 10, 3: 3, 4: 1.5, 5: 1}  # royal .. straight; others push


@pytest.fixture(scope="module")
def solved():
    return analysis.ultimate_texas_holdem(progress=False)


def random_deals(rng, n):
    """n rows of 9 distinct cards: player hole, dealer hole, flop, turn and river."""
    rows = np.empty((0, 9), np.uint8)
    while len(rows) < n:
        draw = rng.integers(0, 52, size=(2 * (n - len(rows)) + 16, 9), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        rows = np.concatenate([rows, draw[(np.diff(ordered, axis=1) != 0).all(axis=1)]])
    return rows[:n]


def category_of(values):
    bounds = np.array([1, 10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462])
    return np.searchsorted(bounds, values)


def play_chunk(solved, seed):
    """The net result (antes) of each deal of one chunk, played by the solved strategy."""
    cards = random_deals(np.random.default_rng(seed), CHUNK)
    hole, dealer, board = cards[:, 0:2], cards[:, 2:4], cards[:, 4:9]
    play = solved.plays(hole).astype(np.int64)
    checked = play == 0
    play[checked] = solved.plays(hole[checked], board[checked, :3])
    checked = play == 0
    play[checked] = solved.plays(hole[checked], board[checked])
    folded = play == 0
    mine = ph.evaluate_batch(np.ascontiguousarray(np.hstack([hole, board]))).astype(np.int64)
    theirs = ph.evaluate_batch(np.ascontiguousarray(np.hstack([dealer, board]))).astype(np.int64)
    qualifies = category_of(theirs) <= 8
    blind = np.zeros(len(cards))
    for category, pays in BLIND.items():
        blind[category_of(mine) == category] = pays
    net = np.zeros(len(cards))
    win, lose = mine < theirs, mine > theirs
    net[win] = play[win] + qualifies[win] + blind[win]
    net[lose] = -(play[lose] + 1 + qualifies[lose])
    net[folded] = -2
    return net.sum(), (net * net).sum(), folded.mean()


def test_the_solved_strategy_played_over_ten_million_random_deals_returns_the_exact_ev(solved):
    with ThreadPoolExecutor(2) as pool:  # the C decisions release the GIL
        parts = list(pool.map(lambda seed: play_chunk(solved, seed), range(DEALS // CHUNK)))
    total = sum(p[0] for p in parts)
    squares = sum(p[1] for p in parts)
    mean = total / DEALS
    stderr = ((squares / DEALS - mean * mean) / DEALS) ** 0.5
    exact = -float(solved.house_edge)
    assert abs(mean - exact) < 3 * stderr, (mean, exact, stderr)
    assert stderr < 0.002  # the check has teeth: a 0.6 % error in the edge would fail it
    assert 0.1 < np.mean([p[2] for p in parts]) < 0.3  # the river fold happens, as the return table says


def test_the_full_game_matches_the_published_figures(solved):
    # the Wizard of Odds' analysis: house edge 2.185 %, element of risk 0.53 %, "raise with K5o+, Q8o+, JTo"
    assert round(float(solved.house_edge) * 100, 3) == 2.185
    assert round(float(solved.element_of_risk) * 100, 2) == 0.53
    assert solved.deals == 1326 * 1225 * 17296 * 990
    raises = {name for name, d in solved.preflop.items() if d.action == "raise4"}
    assert {"K5o", "Q8o", "JTo", "Q6s", "J8s", "33", "A2o"} <= raises
    assert not {"K4o", "Q7o", "J9o", "Q5s", "J7s", "22"} & raises
    assert len(solved.preflop) == 169
    assert sum(o.contribution for o in solved.outcomes) == -solved.house_edge
    assert sum(o.deals for o in solved.outcomes) == solved.deals


def test_decisions_at_every_street_agree_with_the_solution(solved):
    aa = solved.decide("AsAh")
    assert aa.street == "preflop" and aa.action == "raise4" and aa.evs["raise4"] > aa.evs["check"]
    flop = solved.decide("7s2d", "Ac Kd 9h")
    assert flop.street == "flop" and flop.action == "check" and flop.evs["check"] > flop.evs["bet2"]
    row = solved.plays([[solved_card("7s"), solved_card("2d")]], [[solved_card(c) for c in ("Ac", "Kd", "9h")]])
    assert int(row[0]) == 0
    river = solved.decide("As2d", "Ac Kd 9h 4s 3c")  # top pair: play
    assert river.action == "play1" and river.evs["play1"] > river.evs["fold"] == Fraction(-2)
    with pytest.raises(ValueError, match="board must have 0, 3 or 5 cards"):
        solved.decide("As2d", "Ac Kd 9h 4s")


def solved_card(name):
    return int(ph.Card(name))
