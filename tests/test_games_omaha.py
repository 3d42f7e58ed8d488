"""The Omaha rule (exactly two hole and three board cards) for every game against the oracle, and the
eight-or-better examples of the "four best possible low hands" lesson (board 2-3-5-6-8)."""


import pytest

import games_oracle as oracle
from pokerhash import games

np = pytest.importorskip("numpy")

SHAPES = ((4, 5), (5, 5), (6, 5), (4, 3), (6, 4), (5, 3))


scale = oracle.scale


def deal(rng, deck: np.ndarray, n: int, size: int) -> np.ndarray:
    return deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :size]]


@pytest.mark.parametrize("game", oracle.GAMES)
def test_random_omaha_hands_match_the_oracle(game):
    rng = np.random.default_rng(5)
    deck = oracle.deck(game)
    low_heavy = deck[(deck >> 2) <= 6] if game.startswith("ace_five") else deck  # A-8 cards, plus the nines
    low_heavy = np.concatenate([low_heavy, deck[(deck >> 2) == 12]]) if game.startswith("ace_five") else deck
    for hole_len, board_len in SHAPES:
        for source in (deck, low_heavy):
            cards = deal(rng, source, 150, hole_len + board_len)
            holes, boards = cards[:, :hole_len], cards[:, hole_len:]
            want = scale(game).omaha_values(holes, boards)
            got = [games.omaha_evaluate(h.tolist(), b.tolist(), game=game) for h, b in zip(holes, boards)]
            bad = [i for i in range(len(got)) if got[i] != want[i]]
            assert not bad, f"{holes[bad[0]].tolist()} / {boards[bad[0]].tolist()}: got {got[bad[0]]} want {want[bad[0]]}"
    if game == "ace_five_8":
        assert (want < oracle.NO_LOW).any() and (want == oracle.NO_LOW).any()  # both outcomes were exercised


@pytest.mark.parametrize("hole, low", [
    ("Ac 4d Kh Qs", "5-4-3-2-A"),   # the wheel, the best low
    ("Ac 2d Kh Qs", "6-5-3-2-A"),   # all make the same second-best low
    ("Ac 3d Kh Qs", "6-5-3-2-A"),
    ("Ac 5d Kh Qs", "6-5-3-2-A"),
    ("Ac 6d Kh Qs", "6-5-3-2-A"),
    ("2c 4d Kh Qs", "6-5-4-3-2"),   # the straight six: 2-4, 3-4, 4-5 or 4-6
    ("3c 4d Kh Qs", "6-5-4-3-2"),
    ("4c 5c Kh Qs", "6-5-4-3-2"),
    ("4c 6c Kh Qs", "6-5-4-3-2"),
    ("Ac 7d Kh Qs", "7-5-3-2-A"),
    ("7c 4d Kh Qs", "7-5-4-3-2"),
    ("Kc Kd Qh Qs", None),          # no two low hole cards: no low
    ("Ac Ad Kh Qs", None),          # one low rank in the hole: no five different ranks
    ("2c 3c Kh Qs", "8-6-5-3-2"),   # paired with the board, the hole's 2-3 still meet 5-6-8
])
def test_omaha_eight_or_better_lesson(hole, low):
    value = games.omaha_evaluate(hole, "2h 3s 5h 6s 8d", game="ace_five_8")
    if low is None:
        assert value == games.NO_LOW and games.describe(value, game="ace_five_8") == "No Low"
    else:
        assert games.describe(value, game="ace_five_8").endswith(low)


def test_omaha_needs_two_hole_cards():
    # A board straight flush does not count: only two of the hole cards play.
    value = games.omaha_evaluate("6c 6d 7h 8d", "Ts Js Qs Ks As", game="shortdeck")
    assert games.category(value, game="shortdeck") == "One Pair"
    # and a hole with four spades makes no flush on a board with two
    value = games.omaha_evaluate("As Ks Qs Js", "Ts 9s 8h", game="shortdeck")
    assert games.category(value, game="shortdeck") == "Straight"
