"""pokerhash.analysis.ultimate_texas_holdem against independent oracles on reduced decks: the brute force of
tests/c/uth_brute.c (every deal and decision, exact integer sums) and the numpy street-by-street oracle of
tests/uth_oracle.py for decide()."""

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest

np = pytest.importorskip("numpy")

import pokerhash as ph  # noqa: E402
import pokerhash.analysis as pa  # noqa: E402
import uth_oracle  # noqa: E402
from uth_brute import ranks_dead, solve_uth  # noqa: E402

RANK_NAMES = "23456789TJQKA"
TEN_TO_ACE = ranks_dead(8)                                    # 20 live cards
TEN_TO_ACE_BUT_AS_KD = ranks_dead(8) + [int(c) for c in ph.parse_cards("AsKd")]   # 18, suit-asymmetric
# 18 cards drawn at random (2c 2d 2h 3c 4d 4h 5h 6s 8c 8d 9h Td Th Ts Qc Kd Kh As) where river and flop
# decisions tie exactly, so the tie rule shows in element_of_risk and in decide().
TIE_DECK_LIVE = [0, 1, 2, 4, 9, 10, 14, 19, 24, 25, 30, 33, 34, 35, 40, 45, 46, 51]
TIE_DECK_DEAD = [c for c in range(52) if c not in TIE_DECK_LIVE]


def live_cards(dead):
    return [c for c in range(52) if c not in dead]


@lru_cache(maxsize=None)
def analysed(dead, allow_3x):
    return pa.ultimate_texas_holdem(dead=list(dead), allow_3x=allow_3x)


@pytest.fixture(scope="module", params=["symmetric", "asymmetric", "no_3x", "ties"])
def solved(request, native_tools):
    """(dead, allow_3x, brute force sums, UTHResult) for each reduced deck."""
    dead, allow_3x = {"symmetric": (TEN_TO_ACE, True), "asymmetric": (TEN_TO_ACE_BUT_AS_KD, True),
                      "no_3x": (TEN_TO_ACE, False), "ties": (TIE_DECK_DEAD, True)}[request.param]
    brute = solve_uth(native_tools, dead, allow_3x)
    return dead, allow_3x, brute, analysed(tuple(dead), allow_3x)


def test_every_hole_ev_equals_brute_force(solved):
    dead, _, brute, result = solved
    per_hand = 2 * brute["deals_per_hole"]
    assert len(brute["holes"]) == len(list(combinations(live_cards(dead), 2)))
    for hole, (check, raise3, raise4) in brute["holes"].items():
        ev = result.hole_ev(hole)
        assert ev["check"] == Fraction(check, per_hand), hole
        assert ev["raise4"] == Fraction(raise4, per_hand), hole
        if "raise3" in ev:
            assert ev["raise3"] == Fraction(raise3, per_hand), hole
        assert all(isinstance(value, Fraction) for value in ev.values())


def test_house_edge_element_of_risk_and_deals_equal_brute_force(solved):
    _, _, brute, result = solved
    hands = len(brute["holes"]) * brute["deals_per_hole"]
    assert result.deals == brute["deals"] == hands
    assert isinstance(result.house_edge, Fraction) and isinstance(result.element_of_risk, Fraction)
    assert result.house_edge == Fraction(-brute["total_best"], 2 * hands)
    assert result.element_of_risk == Fraction(-brute["total_best"], brute["total_wager"])


def test_outcomes_add_up_to_the_deals_and_the_mean_result(solved):
    _, _, _, result = solved
    assert sum(row[2] for row in result.outcomes) == result.deals
    assert float(sum(row[3] for row in result.outcomes)) == pytest.approx(1.0)
    assert float(sum(row[4] for row in result.outcomes)) == pytest.approx(-float(result.house_edge), abs=1e-12)


def test_preflop_classes_on_a_suit_symmetric_deck_equal_brute_force(solved):
    dead, allow_3x, brute, result = solved
    if dead != TEN_TO_ACE:
        pytest.skip("same-class holes differ on an asymmetric deck")
    per_hand = 2 * brute["deals_per_hole"]
    seen = set()
    for (lo, hi), (check, raise3, raise4) in brute["holes"].items():
        high, low = RANK_NAMES[hi // 4], RANK_NAMES[lo // 4]
        name = high + low if high == low else high + low + ("s" if lo % 4 == hi % 4 else "o")
        decision = result.preflop[name]
        assert (decision.ev_check, decision.ev_raise4) == (Fraction(check, per_hand), Fraction(raise4, per_hand))
        if allow_3x:
            assert decision.ev_raise3 == Fraction(raise3, per_hand)
        best, action = check, "check"
        if allow_3x and raise3 > best:
            best, action = raise3, "raise3"
        if raise4 > best:
            action = "raise4"
        assert decision.action == action, name
        seen.add(name)
    assert len(seen) == 25


def _river_case(rng, live):
    cards = rng.sample(live, 7)
    return tuple(sorted(cards[:2])), cards[2:]


def test_decide_at_the_river_plays_when_playing_beats_folding(solved):
    dead, _, _, result = solved
    rng = random.Random(26)
    for _ in range(8):
        hole, board = _river_case(rng, live_cards(dead))
        expected = uth_oracle.river_evs(hole, board, dead)
        decision = result.decide(hole, board)
        assert set(decision.evs) >= {"fold"} and len(decision.evs) == 2, decision.evs
        (play_name,) = set(decision.evs) - {"fold"}
        assert decision.evs["fold"] == Fraction(-2)
        assert decision.evs[play_name] == expected["play"], (hole, board)
        assert decision.action == (play_name if expected["play"] > -2 else "fold"), (hole, board)


def test_decide_on_the_flop_bets_only_when_betting_beats_checking(solved):
    dead, _, _, result = solved
    rng = random.Random(27)
    for _ in range(4):
        cards = rng.sample(live_cards(dead), 5)
        hole, flop = tuple(sorted(cards[:2])), cards[2:]
        expected = uth_oracle.flop_evs(hole, flop, dead)
        decision = result.decide(hole, flop)
        assert "check" in decision.evs and len(decision.evs) == 2, decision.evs
        (bet_name,) = set(decision.evs) - {"check"}
        assert decision.evs["check"] == expected["check"], (hole, flop)
        assert decision.evs[bet_name] == expected["bet2"], (hole, flop)
        assert decision.action == (bet_name if expected["bet2"] > expected["check"] else "check"), (hole, flop)


def test_decide_preflop_agrees_with_hole_ev_and_the_tie_rule(solved):
    dead, allow_3x, brute, result = solved
    for hole in random.Random(28).sample(sorted(brute["holes"]), 12):
        decision = result.decide(hole)
        ev = result.hole_ev(hole)
        for name, value in decision.evs.items():
            assert ev[name] == value, (hole, name)
        order = ["check", "raise3", "raise4"] if allow_3x else ["check", "raise4"]
        assert set(order) <= set(decision.evs), decision.evs
        best = max(decision.evs[name] for name in order)
        assert decision.action == next(name for name in order if decision.evs[name] == best), hole


@pytest.mark.parametrize("hole,board", [((0, 24), (9, 19, 30, 45, 51)), ((0, 45), (10, 19, 24, 35, 40))])
def test_decide_folds_on_an_exact_river_tie(hole, board):
    assert uth_oracle.river_evs(hole, board, TIE_DECK_DEAD)["play"] == -2  # the premise: an exact tie
    decision = analysed(tuple(TIE_DECK_DEAD), True).decide(hole, board)
    assert decision.action == "fold" and set(decision.evs.values()) == {Fraction(-2)}, decision


@pytest.mark.parametrize("hole,flop", [((2, 4), (0, 10, 46)), ((9, 33), (14, 40, 45))])
def test_decide_checks_on_an_exact_flop_tie(hole, flop):
    expected = uth_oracle.flop_evs(hole, flop, TIE_DECK_DEAD)
    assert expected["bet2"] == expected["check"]  # the premise: an exact tie
    decision = analysed(tuple(TIE_DECK_DEAD), True).decide(hole, flop)
    assert decision.action == "check" and set(decision.evs.values()) == {expected["check"]}, decision
