"""An independent brute-force oracle for the other games, written from their rules with numpy.

It shares nothing with pywasm/tablegen or the C core: a five-card hand gets an integer "badness" key from
its cards (category from the rank counts, straights and flushes where the game counts them), the value
scale is the position of each distinct key among all five-card hands of the deck (1 = best), and a hand
of more cards is worth its best five-card subset. Rules (docs/games.md):

  shortdeck         36 cards 6..A; A-6-7-8-9 is the lowest straight; straight flush > quads > flush >
                    full house > straight > trips > two pair > pair > high card
  shortdeck_triton  the same with trips above the straight
  ace_five          aces low, straights and flushes ignored; no pair < pair < two pair < trips < full
                    house < quads, then ranks from the most important down (lower is better)
  ace_five_8        ace_five, but only five different ranks 8 or lower qualify; anything else is "no low"
  deuce_seven       the hold'em high ranking with aces high only (no wheel), upside down
"""

from __future__ import annotations

import functools
import itertools
from typing import Dict, List, Tuple

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ACE = 12
SHORT_DECK = np.arange(16, 52, dtype=np.uint8)  # 6c .. As
FULL_DECK = np.arange(52, dtype=np.uint8)
GAMES = ("shortdeck", "shortdeck_triton", "ace_five", "ace_five_8", "deuce_seven")
NO_LOW = 57

# Rank-count patterns, read off the sum over the five cards of "cards sharing my rank".
_PATTERN_OF_SUM = {5: "high", 7: "pair", 9: "two pair", 11: "trips", 13: "full house", 17: "quads"}


def parse(text: str) -> List[int]:
    return [4 * RANKS.index(t[0].upper()) + SUITS.index(t[1].lower()) for t in text.split()]


def deck(game: str) -> np.ndarray:
    return SHORT_DECK if game.startswith("shortdeck") else FULL_DECK


def _copies(ranks: np.ndarray) -> np.ndarray:
    """Per card: how many cards of the hand share its rank (a per-hand count table, then a lookup)."""
    rows = np.arange(len(ranks))[:, None]
    counts = np.zeros((len(ranks), 13), dtype=np.int16)
    for i in range(ranks.shape[1]):
        counts[rows[:, 0], ranks[:, i]] += 1
    return counts[rows, ranks]


def _importance(ranks: np.ndarray, same: np.ndarray) -> np.ndarray:
    """Ranks in order of importance: more copies first, then the larger rank number."""
    return np.sort(same * 16 + ranks, axis=1)[:, ::-1] % 16


def _pack(category: np.ndarray, ordered: np.ndarray) -> np.ndarray:
    key = category.astype(np.int64)
    for i in range(5):
        key = key * 16 + ordered[:, i].astype(np.int64)
    return key


def _high_parts(cards: np.ndarray, short: bool):
    """(pattern name per hand, importance-ordered ranks, straight, flush) under high rules."""
    ranks = (cards >> 2).astype(np.int16)
    suits = cards & 3
    same = _copies(ranks)
    ordered = _importance(ranks, same)
    pattern = same.sum(axis=1)
    distinct = pattern == 5
    if short:  # A-9-8-7-6: the ace plays below the six; the straight is nine-high
        wheel = distinct & (ordered[:, 0] == ACE) & (ordered[:, 1] == 7) & (ordered[:, 4] == 4)
    else:
        wheel = np.zeros(len(cards), dtype=bool)  # deuce-to-seven: the ace is high only
    ordered[wheel] = np.roll(ordered[wheel], -1, axis=1)
    straight = distinct & ((ordered[:, 0] - ordered[:, 4] == 4) | wheel)
    flush = (suits == suits[:, :1]).all(axis=1)
    return pattern, ordered, straight, flush


def high_score(cards: np.ndarray, order: Tuple[str, ...], short: bool) -> np.ndarray:
    """Larger is better. `order` lists categories worst first."""
    pattern, ordered, straight, flush = _high_parts(cards, short)
    category = np.zeros(len(cards), dtype=np.int64)
    for p, label in _PATTERN_OF_SUM.items():
        category[pattern == p] = order.index(label)
    category[flush] = order.index("flush")
    category[straight] = order.index("straight")
    category[straight & flush] = order.index("straight flush")
    return _pack(category, ordered)


SHORT_ORDER = ("high", "pair", "two pair", "trips", "straight", "full house", "flush", "quads", "straight flush")
TRITON_ORDER = ("high", "pair", "two pair", "straight", "trips", "full house", "flush", "quads", "straight flush")
HOLDEM_ORDER = ("high", "pair", "two pair", "trips", "straight", "flush", "full house", "quads", "straight flush")


def ace_five_badness(cards: np.ndarray) -> np.ndarray:
    """Larger is worse: pairing pattern, then the ranks counted with the ace as the lowest."""
    low = ((cards >> 2).astype(np.int16) + 1) % 13  # A=0, 2=1, ..., K=12
    same = _copies(low)
    pattern = same.sum(axis=1)
    shape = np.zeros(len(cards), dtype=np.int64)
    for i, p in enumerate((5, 7, 9, 11, 13, 17)):
        shape[pattern == p] = i
    return _pack(shape, _importance(low, same))


def badness5(game: str, cards: np.ndarray) -> np.ndarray:
    """Per five-card hand (N, 5): an int64 key, smaller is the better hand."""
    cards = np.asarray(cards, dtype=np.int16)
    if game == "shortdeck":
        return -high_score(cards, SHORT_ORDER, short=True)
    if game == "shortdeck_triton":
        return -high_score(cards, TRITON_ORDER, short=True)
    if game == "deuce_seven":
        return high_score(cards, HOLDEM_ORDER, short=False)
    if game in ("ace_five", "ace_five_8"):
        return ace_five_badness(cards)
    raise ValueError(game)


def all_hands(game: str) -> np.ndarray:
    """Every five-card hand of the game's deck, (N, 5) uint8, from the same k-subset recurrence as colex."""
    ids = deck(game)
    n = len(ids)
    rows = [np.array([[i] for i in range(n)], dtype=np.int16)]
    for size in range(2, 6):  # extend each subset by one larger item
        prev = rows[-1]
        last = prev[:, -1]
        counts = n - 1 - last
        base = np.repeat(prev, counts, axis=0)
        offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        rows.append(np.concatenate([base, (np.repeat(last, counts) + 1 + offsets)[:, None]], axis=1))
    return ids[rows[-1]]


class Scale:
    """The value scale of one game: every distinct five-card key of the deck, best first."""

    def __init__(self, game: str):
        self.game = game
        if game == "ace_five_8":  # ace-to-five's scale, cut: share its hands and keys
            base = scale("ace_five")
            self.hands, self.keys = base.hands, base.keys
            self.five = self._cut(base.five, base.hand_keys)
            return
        self.hands = all_hands(game)
        self.hand_keys = badness5(game, self.hands)
        self.keys, inverse = np.unique(self.hand_keys, return_inverse=True)  # ascending: best first
        self.five = inverse.reshape(-1) + 1  # the value of every hand in self.hands

    def _cut(self, values: np.ndarray, keys: np.ndarray) -> np.ndarray:
        if self.game == "ace_five_8":
            return np.where(self.qualifies(keys), values, NO_LOW)
        return values

    def values(self, hands: np.ndarray) -> np.ndarray:
        """Values of (N, k) hands, k = 5..9: the best five-card subset."""
        hands = np.asarray(hands)
        best = None
        for cols in itertools.combinations(range(hands.shape[1]), 5):
            keys = badness5(self.game, hands[:, cols])
            best = keys if best is None else np.minimum(best, keys)
        return self._cut(np.searchsorted(self.keys, best) + 1, best)

    def qualifies(self, keys: np.ndarray) -> np.ndarray:
        """Eight-or-better: no pair (the shape digit 0) and the top card at most an eight (low rank 7)."""
        return (keys >> 20 == 0) & ((keys >> 16 & 15) <= 7)

    def omaha_values(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        """Best of exactly two of each hole and three of its board, per row."""
        best = None
        for pair in itertools.combinations(range(holes.shape[1]), 2):
            for triple in itertools.combinations(range(boards.shape[1]), 3):
                five = np.concatenate([holes[:, pair], boards[:, triple]], axis=1)
                keys = badness5(self.game, five)
                best = keys if best is None else np.minimum(best, keys)
        return self._cut(np.searchsorted(self.keys, best) + 1, best)


@functools.lru_cache(maxsize=None)
def scale(game: str) -> Scale:
    """One Scale per game and process: the test modules share it."""
    return Scale(game)


def categories(game: str, hands: np.ndarray) -> Dict[str, int]:
    """Counts of five-card hands per category name, by the rules (names as documented in docs/games.md)."""
    hands = np.asarray(hands, dtype=np.int16)
    names: List[str] = []
    code = np.full(len(hands), -1, dtype=np.int64)

    def label(mask: np.ndarray, name: str) -> None:
        if name not in names:
            names.append(name)
        code[mask] = names.index(name)

    if game == "ace_five" or game == "ace_five_8":
        low = ((hands >> 2) + 1) % 13
        pattern = _copies(low).sum(axis=1)
        top = low.max(axis=1)
        for t in range(4, 13):
            name = f"{LONG[(t - 1) % 13]} Low"
            label((pattern == 5) & (top == t), name if game == "ace_five" or t <= 7 else "No Low")
        for p, name in ((7, "One Pair"), (9, "Two Pair"), (11, "Three of a Kind"), (13, "Full House"),
                        (17, "Four of a Kind")):
            label(pattern == p, name if game == "ace_five" else "No Low")
    else:
        short = game.startswith("shortdeck")
        pattern, ordered, straight, flush = _high_parts(hands, short)
        for p, name in ((7, "One Pair"), (9, "Two Pair"), (11, "Three of a Kind"), (13, "Full House"),
                        (17, "Four of a Kind")):
            label(pattern == p, name)
        plain = (pattern == 5) & ~straight & ~flush
        label(flush & ~straight, "Flush")
        label(straight & ~flush, "Straight")
        label(straight & flush, "Straight Flush")
        if short:
            label(plain, "High Card")
            label(straight & flush & (ordered[:, 0] == ACE), "Royal Flush")
        else:
            for top in range(5, 13):
                label(plain & (ordered[:, 0] == top), f"{LONG[top]} Low")
    assert (code >= 0).all(), "a hand fell in no category"
    counts = np.bincount(code, minlength=len(names))
    return {name: int(counts[i]) for i, name in enumerate(names) if counts[i]}


LONG = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"]
