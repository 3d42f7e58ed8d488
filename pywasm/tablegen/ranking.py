"""Hand ranking from first principles: the 7,462 classes of five-card hands in value order.

Values follow the Cactus Kev scale (1 = royal flush ... 7462 = 7-5-4-3-2 offsuit), derived here by
sorting a strength key, not copied from another evaluator.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Dict, List, Sequence, Tuple

RANKS = 13
WHEEL = (12, 3, 2, 1, 0)  # A-5-4-3-2 sorted high to low; the ace plays low, so the straight is five-high
WHEEL_IMPORTANCE = (3, 2, 1, 0, 12)  # the wheel's cards in order of importance: the ace counts last

# Category order, best first. Royal flush is a straight flush by value; it is told apart by value == 1.
STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH_CARD = range(9)

StrengthKey = Tuple[int, Tuple[int, ...]]


def straight_high(distinct_desc: Sequence[int]) -> int:
    """Top rank of the straight formed by five distinct ranks (descending), or -1."""
    if tuple(distinct_desc) == WHEEL:
        return 3
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    return -1


def strength_key(ranks: Sequence[int], suited: bool) -> StrengthKey:
    """Sort key of a five-card hand (smaller is stronger) and its ranks in order of importance."""
    counts = Counter(ranks)
    # Groups by size then rank: (3,3,3,2,2) for a full house, (4,4,4,4,k) for quads.
    ordered = tuple(sorted(ranks, key=lambda r: (-counts[r], -r)))
    shape = sorted(counts.values(), reverse=True)
    if len(counts) == 5:
        high = straight_high(ordered)
        if high >= 0:
            order = WHEEL_IMPORTANCE if high == 3 else ordered
            return (STRAIGHT_FLUSH if suited else STRAIGHT, (-high,)), order
        return (FLUSH if suited else HIGH_CARD, tuple(-r for r in ordered)), ordered
    assert not suited, "a flush cannot hold two cards of one rank"
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
    }[tuple(shape)]
    return (category, tuple(-r for r in ordered)), ordered


def five_card_classes() -> List[Tuple[int, Tuple[int, ...], bool]]:
    """All 7,462 classes as (value, ranks in importance order, suited), value ascending."""
    entries = []
    for multiset in combinations_with_replacement(range(RANKS), 5):
        if max(Counter(multiset).values()) > 4:
            continue
        for suited in (False, True):
            if suited and len(set(multiset)) < 5:
                continue
            key, order = strength_key(multiset, suited)
            entries.append(((key, order), suited, multiset))
    entries.sort(key=lambda e: e[0][0])
    classes = []
    for value, ((_, order), suited, _) in enumerate(entries, start=1):
        classes.append((value, tuple(order), suited))
    return classes


class FiveCardTable:
    """Value of every five-card rank multiset without a flush (suited values follow from these: see
    ph_suited_value in core_c/src/common/tables.h)."""

    def __init__(self) -> None:
        self.classes = five_card_classes()
        self.plain: Dict[Tuple[int, ...], int] = {}
        for value, order, suited in self.classes:
            if not suited:
                self.plain[tuple(sorted(order))] = value

    def best_plain(self, ranks: Sequence[int]) -> int:
        """Best value over five-card sub-multisets of a 5..9 card rank multiset (no flush)."""
        return min(self.plain[tuple(sorted(c))] for c in set(combinations(sorted(ranks), 5)))
