"""pokerhash.games: the documented API, its value scales, descriptions and error messages."""

import os
from array import array

import pytest

import pokerhash
from pokerhash import games

SCALES = {"holdem": 7462, "shortdeck": 1404, "shortdeck_triton": 1404, "ace_five": 6175, "ace_five_8": 57,
          "deuce_seven": 7462}


def test_games_and_scales():
    assert games.GAMES == tuple(SCALES)
    for game, worst in SCALES.items():
        details = games.info(game)
        assert details.worst == worst and details.name == game
        assert details.category_ranges[0][0] == 1 and details.category_ranges[-1][1] == worst
        assert all(a[1] + 1 == b[0] for a, b in zip(details.category_ranges, details.category_ranges[1:]))
    assert len(games.info("shortdeck").deck) == 36 and str(games.info("shortdeck").deck[0]) == "6c"
    assert games.info("ace_five_8").no_low == games.NO_LOW == 57 and games.info("ace_five").no_low is None
    assert games.info("ace_five").categories[:2] == ("Five Low", "Six Low")
    assert games.info("deuce_seven").categories[-1] == "Straight Flush"


def known_hands():
    """(game, cards, value or None, description) from tests/vectors/games.txt."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vectors", "games.txt")
    with open(path, encoding="utf-8") as f:
        rows = [line.split("|") for line in f if line.strip() and not line.startswith("#")]
    return [(g.strip(), c.strip(), None if v.strip() == "*" else int(v), d.strip()) for g, c, v, d in rows]


@pytest.mark.parametrize("game, cards, value, text", known_hands())
def test_known_hands(game, cards, value, text):
    got = games.evaluate(cards, game=game)
    assert value is None or got == value
    assert games.describe(got, game=game) == text
    if game != "holdem":
        assert games.category(got, game=game) == text.split(":")[0]


def test_ways_to_pass_cards():
    assert games.evaluate("AsKsQsJsTs", game="shortdeck") == games.evaluate(51, 47, 43, 39, 35, game="shortdeck") == 1
    assert games.evaluate(["As", 47, "Qs Js", "Ts"], game="shortdeck") == 1
    assert games.evaluate("As Ks Qs Js Ts", game="holdem") == pokerhash.evaluate("As Ks Qs Js Ts")


def test_best_five_and_ranks():
    assert [str(c) for c in games.best_five("8c 6d 4h 2s Ac Kd Kh", game="ace_five_8")] == ["8c", "6d", "4h", "2s", "Ac"]
    assert games.best_five("Kc Kd Qh Js Tc", game="ace_five_8") == ()
    five = games.best_five("7c 5c 4c 3c 2c 8d 9h", game="deuce_seven")
    assert [str(c) for c in five] == ["8d", "5c", "4c", "3c", "2c"]  # the 8 breaks the flush
    assert [str(c) for c in games.best_five("9s 8s 7s 6s As Ks", game="shortdeck")] == ["9s", "8s", "7s", "6s", "As"]
    assert games.value_ranks(28, game="ace_five_8") == (6, 4, 2, 0, 12)
    assert games.value_ranks(57, game="ace_five_8") == ()


def test_batches_without_numpy_and_histograms():
    cards = bytes(pokerhash.parse_cards("As Ks Qs Js Ts 6c 7d 8h 9s Ad"))
    assert list(games.evaluate_batch(cards, 5, game="shortdeck")) == [1, games.evaluate(list(cards[5:]), game="shortdeck")]
    out = games.evaluate_batch(array("B", cards), 5, game="ace_five")
    assert isinstance(out, array) and out.typecode == "H" and len(out) == 2
    histogram = games.value_histogram(5, game="shortdeck", start=10, stop=1010)
    assert sum(histogram) == 1000 and len(histogram) == 1405



def test_histograms_are_the_same_on_every_executor():
    # games.value_histogram runs on pokerhash.parallel like pokerhash.value_histogram: tasks of rank ranges,
    # counts added in order. One C call over the whole range is the reference.
    from concurrent.futures import ThreadPoolExecutor
    from pokerhash._backend import core

    total = pokerhash.comb(36, 6)
    whole = array("Q", bytes(8 * 1405))
    core.game_value_histogram_into(games.game_id("shortdeck"), 6, 0, total, whole)
    seen = []
    alone = games.value_histogram(6, game="shortdeck", executor=1, chunk=100_000,
                                  progress=lambda done, of: seen.append((done, of)))
    assert list(alone) == list(whole) and sum(whole) == total
    assert len(seen) == -(-total // 100_000) and seen[-1] == (total, total)
    with ThreadPoolExecutor(2) as pool:
        for executor, chunk in ((2, None), (pool, 77_777)):
            again = games.value_histogram(6, game="shortdeck", executor=executor, chunk=chunk)
            assert list(again) == list(whole), (executor, chunk)
    part = games.value_histogram(7, game="ace_five_8", start=1_000, stop=301_000, executor=2, chunk=50_000)
    assert sum(part) == 300_000

@pytest.mark.parametrize("call, message", [
    (lambda: games.evaluate("As Ks Qs Js Ts", game="razz"), "unknown game 'razz'; games: holdem, shortdeck, "
     "shortdeck_triton, ace_five, ace_five_8, deuce_seven"),
    (lambda: games.evaluate("5c 6d 7h 8s 9c", game="shortdeck"), "card 5c is not in the short deck"),
    (lambda: games.evaluate("As Ks Qs Js", game="ace_five"), "a hand needs 5 to 9 cards, got 4"),
    (lambda: games.evaluate("As As Qs Js Ts", game="ace_five"), "duplicate card As"),
    (lambda: games.evaluate("As Ks Qs Js Xx", game="ace_five"), "unknown card 'Xx'"),
    (lambda: games.omaha_evaluate("As Ks Qs", "2c 3c 4c", game="ace_five_8"), "an Omaha hole needs 4 to 6 cards, got 3"),
    (lambda: games.omaha_evaluate("As Ks Qs 5c", "Tc 9c 8c", game="shortdeck"), "card 5c is not in the short deck"),
    (lambda: games.describe(1405, game="shortdeck"), "hand value 1405 outside 1..1404"),
    (lambda: games.category(0, game="ace_five_8"), "hand value 0 outside 1..57"),
    (lambda: games.evaluate_batch(bytes([51, 47, 43, 39, 3]), 5, game="shortdeck"), "row 0: card 2s is not in the short deck"),
    (lambda: games.value_histogram(4, game="ace_five"), "k must be 5 to 9, got 4"),
    (lambda: games.value_histogram(5, game="shortdeck", stop=376_993), "range 0..376993 outside 0..C(36,5) = 376992"),
])
def test_errors_name_the_problem(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value) == message
