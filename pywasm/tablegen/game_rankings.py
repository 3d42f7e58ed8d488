"""The rankings of the other games, each written from its rules as a sort key over five-card classes.

A class is a multiset of five ranks plus "suited" (five distinct ranks of one suit); the games' values are
the positions of their classes sorted by key, 1 = best, so every table in game_tables.py follows from the
few rules below and nothing is copied from another evaluator.

Ranks are the library's 0..12 = 2..A. Each ranking also fixes its "digits": the order in which its ranks
are counted by the rank-multiset hash (short deck counts only 6..A; ace-to-five counts the ace first).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Dict, List, Optional, Sequence, Tuple

RANK_NAMES = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King",
              "Ace"]
ACE = 12

# Category names of a high ranking (hold'em's, best first) and of its low mirror image.
ROYAL, STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH_CARD = (
    "Royal Flush", "Straight Flush", "Four of a Kind", "Full House", "Flush", "Straight", "Three of a Kind",
    "Two Pair", "One Pair", "High Card")
PATTERNS = {(4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}
NO_FLUSH, FLUSH_HELPS, FLUSH_HURTS = 0, 1, 2  # how a five-card flush counts in a ranking


@dataclass
class Ranking:
    """One ranking: its classes in value order and how the C evaluator should treat suits."""

    name: str
    title: str                 # for banners and docs
    digits: Tuple[int, ...]    # ranks in hash digit order: digit d counts rank digits[d]
    flush_mode: int
    categories: List[str]      # best first; a category is a contiguous run of values
    # (value, category index, ranks in order of importance, suited) for values 1..N, then derived maps
    classes: List[Tuple[int, int, Tuple[int, ...], bool]] = field(default_factory=list)
    plain: Dict[Tuple[int, ...], int] = field(default_factory=dict)   # sorted digits -> value, unsuited
    suited: Dict[Tuple[int, ...], int] = field(default_factory=dict)  # sorted digits -> value, one suit
    qualifier: int = 0         # values above it are "no low" (worst + 1 is returned); 0: every hand counts
    deck_name: str = ""        # how errors name a deck that is not all 52 cards
    shares_tables_with: Optional[str] = None  # a variant (a qualifier's cut, or the same classes in another
                                              # order) reuses its base ranking's tables

    @property
    def worst(self) -> int:
        return len(self.classes) + (1 if self.qualifier else 0)


def _sort_classes(ranking: Ranking, entries) -> Ranking:
    """entries: (key, category name, importance order, suited, ranks); smaller keys are better hands."""
    entries = sorted(entries, key=lambda e: e[0])
    assert len({e[0] for e in entries}) == len(entries), f"{ranking.name}: two classes share a key"
    seen: List[str] = []
    for value, (_, category, order, suited, ranks) in enumerate(entries, start=1):
        if not seen or seen[-1] != category:
            assert category not in seen, f"{ranking.name}: category {category} is not contiguous"
            seen.append(category)
        digits = tuple(sorted(ranking.digits.index(r) for r in ranks))
        (ranking.suited if suited else ranking.plain)[digits] = value
        ranking.classes.append((value, 0, tuple(order), suited))
    ranking.categories = seen
    index = {name: i for i, name in enumerate(seen)}
    ranking.classes = [(v, index[entries[v - 1][1]], o, s) for v, _, o, s in ranking.classes]
    return ranking


def _rank_multisets(ranks: Sequence[int]):
    for multiset in combinations_with_replacement(sorted(ranks), 5):
        if max(Counter(multiset).values()) <= 4:
            yield multiset


def _grouped(ranks: Sequence[int], strength) -> Tuple[int, ...]:
    """Ranks by group size, then by `strength` (larger first): (9, 9, 9, 6, 6), (12, 12, 8, 8, 3)."""
    counts = Counter(ranks)
    return tuple(sorted(ranks, key=lambda r: (-counts[r], -strength(r))))


def _pattern(ranks: Sequence[int]) -> Tuple[int, ...]:
    return tuple(sorted(Counter(ranks).values(), reverse=True))


def high_ranking(name: str, title: str, ranks: Sequence[int], straights: Sequence[Tuple[int, ...]],
                 order: Sequence[str], deck_name: str = "") -> Ranking:
    """A high-hand ranking: categories in `order` (best first); `straights` lists the five-rank runs, lowest
    first, each in order of importance (so the wheel ends with its ace)."""
    height = {frozenset(run): (i, run) for i, run in enumerate(straights)}
    entries = []
    for multiset in _rank_multisets(ranks):
        for suited in (False, True):
            distinct = len(set(multiset)) == 5
            if suited and not distinct:
                continue
            run = height.get(frozenset(multiset)) if distinct else None
            if run is not None:
                top = run[1][0] == ACE and run[0] == len(straights) - 1
                category = (ROYAL if top else STRAIGHT_FLUSH) if suited else STRAIGHT
                tiebreak: Tuple[int, ...] = (-run[0],)
                importance = run[1]
            else:
                importance = _grouped(multiset, lambda r: r)
                category = (FLUSH if suited else HIGH_CARD) if distinct else PATTERNS[_pattern(multiset)]
                tiebreak = tuple(-r for r in importance)
            rank_order = order.index(STRAIGHT_FLUSH if category == ROYAL else category)
            entries.append(((rank_order, tiebreak), category, importance, suited, multiset))
    ranking = Ranking(name, title, tuple(ranks), FLUSH_HELPS, [], deck_name=deck_name)
    return _sort_classes(ranking, entries)


HIGH_ORDER = [STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH_CARD]


def _runs(ranks: Sequence[int], wheel: bool) -> List[Tuple[int, ...]]:
    """Five consecutive ranks, lowest run first, each high card first; with `wheel` the ace also plays
    below the lowest rank (A-6-7-8-9 in the short deck, A-2-3-4-5 in the full one)."""
    runs = [tuple(reversed(ranks[i:i + 5])) for i in range(len(ranks) - 4)]
    if wheel:
        runs.insert(0, tuple(reversed(ranks[:4])) + (ACE,))
    return runs


def short_deck(triton: bool) -> Ranking:
    """6+ hold'em: 36 cards (6..A); a flush beats a full house; A-6-7-8-9 is the lowest straight. The common
    rules keep straight over three of a kind; Triton's rules put three of a kind above the straight."""
    ranks = list(range(4, 13))
    order = [STRAIGHT_FLUSH, QUADS, FLUSH, FULL_HOUSE, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH_CARD]
    if triton:
        order[4], order[5] = TRIPS, STRAIGHT
    name = "shortdeck_triton" if triton else "shortdeck"
    title = "short deck, three of a kind beats a straight" if triton else "short deck (6+ hold'em)"
    ranking = high_ranking(name, title, ranks, _runs(ranks, wheel=True), order, deck_name="the short deck")
    ranking.shares_tables_with = "shortdeck" if triton else None
    return ranking


def _low_name(top: int) -> str:
    return f"{RANK_NAMES[top]} Low"


def deuce_seven() -> Ranking:
    """2-7 lowball: the hold'em ranking turned upside down, with the ace high only (A-2-3-4-5 is no
    straight). Hands without a pair are named by their top card ("Seven Low" is 7-5-4-3-2)."""
    ranks = list(range(13))
    high = high_ranking("deuce_seven", "deuce-to-seven low", ranks, _runs(ranks, wheel=False), HIGH_ORDER)
    entries = []
    for value, category, importance, suited in high.classes:
        name = high.categories[category]
        if name == HIGH_CARD:
            name = _low_name(importance[0])
        elif name == ROYAL:
            name = STRAIGHT_FLUSH  # the worst low of all is just a straight flush
        entries.append((-value, name, importance, suited, importance))
    low = Ranking("deuce_seven", "deuce-to-seven low", tuple(ranks), FLUSH_HURTS, [])
    return _sort_classes(low, entries)


LOW_PATTERNS = ["no pair", PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS]  # ace-to-five: worse as the list goes on


def ace_five() -> Ranking:
    """Ace-to-five low (razz, California lowball): aces low, straights and flushes ignored; fewer and lower
    pairs first, then the cards from the highest down."""
    low = [ACE] + list(range(12))  # the ace counts as the lowest rank

    def strength(r: int) -> int:
        return low.index(r)

    entries = []
    for multiset in _rank_multisets(range(13)):
        importance = _grouped(multiset, strength)
        pattern = _pattern(multiset)
        shape = 0 if len(pattern) == 5 else LOW_PATTERNS.index(PATTERNS[pattern])
        category = _low_name(importance[0]) if shape == 0 else LOW_PATTERNS[shape]
        entries.append(((shape, tuple(strength(r) for r in importance)), category, importance, False, multiset))
    ranking = Ranking("ace_five", "ace-to-five low (razz)", tuple(low), NO_FLUSH, [])
    return _sort_classes(ranking, entries)


def ace_five_8(base: Ranking) -> Ranking:
    """Ace-to-five eight-or-better: only five distinct ranks of eight or lower qualify. Those are exactly
    the 56 best ace-to-five classes, so the ranking is ace-to-five's cut at 56; worse hands get 57."""
    qualifying = [c for c in base.classes if all(base.digits.index(r) < 8 for r in c[2]) and len(set(c[2])) == 5]
    qualifier = len(qualifying)
    assert [c[0] for c in qualifying] == list(range(1, qualifier + 1)), "8-or-better lows are not the best ones"
    ranking = Ranking("ace_five_8", "ace-to-five low, eight or better", base.digits, NO_FLUSH,
                      base.categories[:4] + ["No Low"], qualifier=qualifier, shares_tables_with=base.name)
    ranking.classes = qualifying
    return ranking


def all_rankings() -> List[Ranking]:
    five = ace_five()
    return [short_deck(False), short_deck(True), five, ace_five_8(five), deuce_seven()]
