"""An independent, brute-force poker evaluator used as the reference in the tests.

It shares no code or tables with the C core or pywasm/tablegen: a five-card hand is scored from first
principles (category from the rank-count pattern, flush and straight checks, the ace-low "wheel") into
an integer strength key where a larger key is a better hand; a hand of six to nine cards is worth its best
five-card subset. The 1..7462 value scale is then obtained by ranking the strength keys of all distinct
five-card hand classes, best first.

Two implementations of the same rules:
  * pure Python (`strength5`, `value_of`): runs anywhere, including Pyodide without numpy;
  * numpy (`strength5_array`, `values_array`): the same rules on whole arrays of hands, fast enough to
    score all 2,598,960 five-card hands in a couple of seconds.
The tests check the two against each other so that neither can drift alone.
"""

from __future__ import annotations

import itertools
from collections import Counter

# Internal category codes: larger is better (the opposite direction of the public Category enum).
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

# Public category (0 = royal flush .. 9 = high card) of each internal code; royal is decided by value 1.
PUBLIC_CATEGORY = {STRAIGHT_FLUSH: 1, QUADS: 2, FULL_HOUSE: 3, FLUSH: 4, STRAIGHT: 5,
                   TRIPS: 6, TWO_PAIR: 7, PAIR: 8, HIGH: 9}

# Rank-count patterns (counts sorted high to low) that decide the category when there is no flush
# or straight to consider.
_PATTERN = {(4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR,
            (2, 1, 1, 1): PAIR, (1, 1, 1, 1, 1): HIGH}

WHEEL = (12, 3, 2, 1, 0)             # A-5-4-3-2 as sorted ranks
WHEEL_IMPORTANCE = (3, 2, 1, 0, 12)  # a wheel is a five-high straight: the ace counts last

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NAMES = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
         "King", "Ace"]
PLURALS = ["Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
           "Queens", "Kings", "Aces"]


def card_id(name: str) -> int:
    """'As' -> 51, written independently of the package's parser."""
    return 4 * RANKS.index(name[0].upper()) + SUITS.index(name[1].lower())


def card_name(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


def parse(text: str) -> list:
    return [card_id(tok) for tok in text.split()]


# ---- pure Python ----------------------------------------------------------------------------------

def classify5(cards) -> tuple:
    """(internal category, ranks in order of importance) of five distinct card ids."""
    ranks = [c // 4 for c in cards]
    counts = Counter(ranks)
    # Importance: more copies first, then higher rank (so trips before the pair of a full house).
    ordered = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    flush = len({c % 4 for c in cards}) == 1
    category = _PATTERN[tuple(sorted(counts.values(), reverse=True))]
    if category == HIGH:  # five different ranks: maybe a straight
        if ordered == WHEEL:
            ordered, straight = WHEEL_IMPORTANCE, True
        else:
            straight = ordered[0] - ordered[4] == 4
        if straight and flush:
            category = STRAIGHT_FLUSH
        elif flush:
            category = FLUSH
        elif straight:
            category = STRAIGHT
    return category, ordered


def key_of(category: int, ordered) -> int:
    """One integer per hand class: category first, then the ranks in importance order, base 13."""
    key = category
    for r in ordered:
        key = key * 13 + r
    return key


def strength5(cards) -> int:
    return key_of(*classify5(cards))


def strength(cards) -> int:
    """Strength key of 5..9 cards: the best five-card subset."""
    return max(strength5(five) for five in itertools.combinations(cards, 5))


def _class_representatives():
    """One five-card hand for every hand class: each multiset of ranks (at most four of a kind) with
    suits that cannot make a flush, plus each set of five different ranks in a single suit."""
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            # Equal ranks are adjacent and at most four long, so position % 4 gives them distinct
            # suits; and positions 0 and 1 get different suits, so this is never a flush.
            yield [4 * r + i % 4 for i, r in enumerate(ranks)]
    for ranks in itertools.combinations(range(13), 5):
        yield [4 * r for r in ranks]


def _build_scale():
    classes = {}
    for hand in _class_representatives():
        category, ordered = classify5(hand)
        classes[key_of(category, ordered)] = (category, ordered)
    keys = sorted(classes, reverse=True)  # best first
    return keys, {key: i + 1 for i, key in enumerate(keys)}, classes


#: SCALE_KEYS[v - 1] is the strength key of value v; VALUE_OF_KEY inverts it; CLASSES[key] gives the
#: (internal category, importance-ordered ranks) of a key.
SCALE_KEYS, VALUE_OF_KEY, CLASSES = _build_scale()
assert len(SCALE_KEYS) == 7462, len(SCALE_KEYS)


def value_of(cards) -> int:
    """The 1..7462 value (lower is better) of 5..9 card ids."""
    return VALUE_OF_KEY[strength(list(cards))]


def category_of_value(value: int) -> int:
    """Public category 0..9 of a value."""
    if value == 1:
        return 0
    return PUBLIC_CATEGORY[CLASSES[SCALE_KEYS[value - 1]][0]]


def ranks_of_value(value: int) -> tuple:
    """The five ranks of a value in importance order (a wheel is 5-4-3-2-A)."""
    return CLASSES[SCALE_KEYS[value - 1]][1]


def describe_value(value: int) -> str:
    """English description in the documented style ("Nines Full over Fours", "Five-High Straight")."""
    r = ranks_of_value(value)
    category = category_of_value(value)
    return [
        lambda: "Royal Flush",
        lambda: f"{NAMES[r[0]]}-High Straight Flush",
        lambda: f"Four {PLURALS[r[0]]}",
        lambda: f"{PLURALS[r[0]]} Full over {PLURALS[r[3]]}",
        lambda: f"{NAMES[r[0]]}-High Flush",
        lambda: f"{NAMES[r[0]]}-High Straight",
        lambda: f"Three {PLURALS[r[0]]}",
        lambda: f"{PLURALS[r[0]]} and {PLURALS[r[2]]}",
        lambda: f"Pair of {PLURALS[r[0]]}",
        lambda: f"{NAMES[r[0]]}-High",
    ][category]()


# ---- numpy ------------------------------------------------------------------------------------------

def strength5_array(cards):
    """Strength keys (int64) of an (N, 5) integer array of card ids, by the same rules as strength5."""
    import numpy as np

    cards = np.asarray(cards, dtype=np.int16)
    ranks = cards >> 2
    suits = cards & 3
    # How many cards of the hand share each card's rank.
    same = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2, dtype=np.int16)
    # Importance order: by (copies, rank) descending; equal keys are equal ranks, so a plain sort works.
    ordered = np.sort(same * 16 + ranks, axis=1)[:, ::-1] % 16
    # The sum of copies identifies the pattern: 4+4+4+4+1, 3+3+3+2+2, 3+3+3+1+1, 2+2+2+2+1, 2+2+1+1+1, 5.
    pattern = same.sum(axis=1)
    category = np.full(len(cards), HIGH, dtype=np.int64)
    for total, code in ((17, QUADS), (13, FULL_HOUSE), (11, TRIPS), (9, TWO_PAIR), (7, PAIR)):
        category[pattern == total] = code
    distinct = pattern == 5
    wheel = distinct & (ordered[:, 0] == 12) & (ordered[:, 1] == 3)
    ordered[wheel] = WHEEL_IMPORTANCE
    straight = distinct & ((ordered[:, 0] - ordered[:, 4] == 4) | wheel)
    flush = (suits == suits[:, :1]).all(axis=1)
    category[distinct & flush] = FLUSH
    category[straight & ~flush] = STRAIGHT
    category[straight & flush] = STRAIGHT_FLUSH
    key = category
    for i in range(5):
        key = key * 13 + ordered[:, i]
    return key


def strength_array(cards):
    """Strength keys of an (N, k) array of 5..9 card hands: the best of the C(k, 5) column subsets."""
    import numpy as np

    cards = np.asarray(cards)
    best = None
    for cols in itertools.combinations(range(cards.shape[1]), 5):
        keys = strength5_array(cards[:, cols])
        best = keys if best is None else np.maximum(best, keys)
    return best


def values_array(cards):
    """1..7462 values (uint16) of an (N, k) array of hands."""
    import numpy as np

    ascending = np.array(SCALE_KEYS[::-1], dtype=np.int64)
    keys = strength_array(cards)
    pos = np.searchsorted(ascending, keys)
    assert (ascending[pos] == keys).all(), "a hand scored outside the known classes"
    return (7462 - pos).astype(np.uint16)


def all_five_card_hands():
    """All C(52, 5) hands as a (2598960, 5) uint8 array, in itertools (lex) order."""
    import numpy as np

    return np.fromiter(itertools.combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)),
                       count=2598960)
