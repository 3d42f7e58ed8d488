"""The other games' values: every five-card hand against the independent oracle (tests/games_oracle.py),
random 6..9-card hands (flush-heavy ones too), and the published counts of hands per category."""

import math

import pytest

import games_oracle as oracle
from pokerhash import games

np = pytest.importorskip("numpy")

# Five-card hands per category. ace_five: the 5-card lowball table of Wikipedia's "Poker probability"
# (5-high 1,024 ... king-high 506,880) plus the pairing counts of every 52-card deck; ace_five_8: its first
# four rows (57,344 qualifying lows in all); deuce_seven: the hold'em counts with the 1,020 wheels and 4 steel
# wheels no longer straights (Wikipedia: "The 4 missed straight flushes become flushes and the 1,020 missed
# straights become no pair"); short deck: the 36-card counts (C(36,5) = 376,992) as derived on
# twoplustwo.com's "Short Deck (Six-Plus) Hold-Em Hand Rankings" thread.
PAIRS = {"One Pair": 1_098_240, "Two Pair": 123_552, "Three of a Kind": 54_912, "Full House": 3_744,
         "Four of a Kind": 624}
SHORT_DECK = {"Royal Flush": 4, "Straight Flush": 20, "Four of a Kind": 288, "Flush": 480, "Full House": 1_728,
              "Straight": 6_120, "Three of a Kind": 16_128, "Two Pair": 36_288, "One Pair": 193_536,
              "High Card": 122_400}
LOWS = {"Five Low": 1_024, "Six Low": 5_120, "Seven Low": 15_360, "Eight Low": 35_840, "Nine Low": 71_680,
        "Ten Low": 129_024, "Jack Low": 215_040, "Queen Low": 337_920, "King Low": 506_880}
PUBLISHED_FIVE = {
    "shortdeck": SHORT_DECK,
    "shortdeck_triton": SHORT_DECK,
    "ace_five": {**LOWS, **PAIRS},
    "ace_five_8": {**{k: LOWS[k] for k in ("Five Low", "Six Low", "Seven Low", "Eight Low")},
                   "No Low": 2_598_960 - 57_344},
    "deuce_seven": {**PAIRS, "Straight": 10_200 - 1_020, "Flush": 5_108 + 4, "Straight Flush": 40 - 4,
                    # no pair, no straight, no flush, by top card t: the other four of the t ranks below it,
                    # less the one straight topped by t, times the 4^5 - 4 unsuited ways
                    **{f"{name} Low": (math.comb(t, 4) - 1) * 1_020 for t, name in enumerate(oracle.LONG) if t >= 5}},
}
# The best no-pair ace-to-five low of all 133,784,560 seven-card hands (Wikipedia, "Poker probability",
# frequency of 7-card lowball hands).
PUBLISHED_RAZZ_SEVEN = {"Five Low": 781_824, "Six Low": 3_151_360, "Seven Low": 7_426_560, "Eight Low": 13_171_200,
                        "Nine Low": 19_174_400, "Ten Low": 23_675_904, "Jack Low": 24_837_120,
                        "Queen Low": 21_457_920, "King Low": 13_939_200}


scale = oracle.scale


def library_counts(game: str, histogram) -> dict:
    counts: dict = {}
    for value in np.flatnonzero(histogram):
        name = games.category(int(value), game=game)
        counts[name] = counts.get(name, 0) + int(histogram[value])
    return counts


@pytest.mark.slow
@pytest.mark.parametrize("game", oracle.GAMES)
def test_every_five_card_hand_matches_the_oracle(game):
    s = scale(game)
    hands = np.ascontiguousarray(s.hands.astype(np.uint8))
    got = games.evaluate_batch(hands, game=game)
    bad = np.flatnonzero(got != s.five)
    assert bad.size == 0, f"{bad.size} hands differ, first: " + ", ".join(
        f"{' '.join(oracle.RANKS[c >> 2] + oracle.SUITS[c & 3] for c in hands[i])}: got {got[i]} want {s.five[i]}"
        for i in bad[:5])
    assert len(np.unique(got)) == games.info(game).worst  # every value of the scale is some hand's
    # the same hands with their cards in another order
    assert (games.evaluate_batch(np.ascontiguousarray(hands[:, ::-1]), game=game) == got).all()


@pytest.mark.parametrize("game", oracle.GAMES)
def test_five_card_categories_match_published_counts(game):
    histogram = games.value_histogram(5, game=game)
    assert (histogram == np.bincount(scale(game).five, minlength=len(histogram))).all()
    assert library_counts(game, histogram) == PUBLISHED_FIVE[game]
    assert oracle.categories(game, scale(game).hands) == PUBLISHED_FIVE[game]
    details = games.info(game)
    assert [games.category(first, game=game) for first, _ in details.category_ranges] == list(details.categories)


def random_hands(rng, game: str, n: int, k: int, suited: bool = False) -> np.ndarray:
    """n random k-card hands of the game's deck; `suited`: five of them of one suit (a flush to take, or in
    deuce-to-seven one to avoid)."""
    deck = oracle.deck(game)
    order = np.argsort(rng.random((n, len(deck))), axis=1)
    if suited:  # move five cards of one random suit to the front of each row's order
        suit = rng.integers(0, 4, size=(n, 1))
        key = np.where(deck[order] % 4 == suit, 0, 1)
        order = np.take_along_axis(order, np.argsort(key, axis=1, kind="stable"), axis=1)
        rest = order[:, 5:]
        order = np.concatenate([order[:, :5], np.take_along_axis(rest, np.argsort(rng.random(rest.shape), axis=1), axis=1)], axis=1)
    return np.ascontiguousarray(deck[order[:, :k]])


@pytest.mark.parametrize("game", oracle.GAMES)
def test_random_six_to_nine_card_hands_match_the_oracle(game):
    rng = np.random.default_rng(12)
    for k, n in ((6, 8_000), (7, 8_000), (8, 2_000), (9, 1_200)):
        for suited in (False, True):
            hands = random_hands(rng, game, n // 2, k, suited)
            want = scale(game).values(hands)
            got = games.evaluate_batch(hands, game=game)
            bad = np.flatnonzero(got != want)
            assert bad.size == 0, f"k={k}: {hands[bad[0]].tolist()} got {got[bad[0]]} want {want[bad[0]]}"
            assert all(games.evaluate(row.tolist(), game=game) == v for row, v in zip(hands[:50], want[:50]))


@pytest.mark.slow
def test_seven_card_razz_lows_match_the_published_table():
    histogram = games.value_histogram(7, game="ace_five")
    counts = library_counts("ace_five", histogram)
    assert {name: counts[name] for name in PUBLISHED_RAZZ_SEVEN} == PUBLISHED_RAZZ_SEVEN
    assert sum(counts.values()) == 133_784_560
    # Eight-or-better is ace-to-five cut at 56: the same hands qualify, the rest have no low.
    qualifying = sum(PUBLISHED_RAZZ_SEVEN[n] for n in ("Five Low", "Six Low", "Seven Low", "Eight Low"))
    assert int(histogram[1:57].sum()) == qualifying == 24_530_944
    part = games.value_histogram(7, game="ace_five_8", start=50_000_000, stop=53_000_000)
    same = games.value_histogram(7, game="ace_five", start=50_000_000, stop=53_000_000)
    assert (part[1:57] == same[1:57]).all() and part[57] == same[57:].sum()


def test_seven_card_short_deck_counts():
    histogram = games.value_histogram(7, game="shortdeck")
    counts = library_counts("shortdeck", histogram)
    assert sum(counts.values()) == 8_347_680  # C(36, 7)
    # Royal flush plus any 2 of the other 31 cards; each other straight flush with 2 of the 30 cards that do
    # not make it longer at the top; quads with any 3 of the other 32.
    assert counts["Royal Flush"] == 4 * 465
    assert counts["Straight Flush"] == 5 * 4 * 435
    assert counts["Four of a Kind"] == 9 * 4_960
    triton = library_counts("shortdeck_triton", games.value_histogram(7, game="shortdeck_triton"))
    # Moving trips above straights changes only how hands holding both are named.
    both = counts["Straight"] - triton["Straight"]
    assert both > 0 and triton["Three of a Kind"] == counts["Three of a Kind"] + both
    assert {k: v for k, v in counts.items() if k not in ("Straight", "Three of a Kind")} == \
        {k: v for k, v in triton.items() if k not in ("Straight", "Three of a Kind")}


def test_variants_differ_only_in_trips_against_straights():
    hands = "Ts 9d 8c 7h 6s Td Tc"  # a straight and three tens
    assert games.category(games.evaluate(hands, game="shortdeck"), game="shortdeck") == "Straight"
    assert games.category(games.evaluate(hands, game="shortdeck_triton"), game="shortdeck_triton") == "Three of a Kind"
