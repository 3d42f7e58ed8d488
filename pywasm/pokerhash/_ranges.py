"""Hand ranges in the usual text notation: "QQ+, AKs, A5s-A2s, KQo, T9s+, 22-55, AK, AsKs, AK:0.5".

A Range is an immutable list of distinct combos (tuples of card ids, ascending) with a weight each. It is the
one input format of the equity engine, so everything here is plain Python: ranges are small (<= 1326 combos
for hold'em) and parsed once per call.
"""

from __future__ import annotations

import math
import re
from typing import Dict, Iterable, Iterator, List, Sequence, Tuple

from ._backend import core
from ._cards import RANK_CHARS, Card

Combo = Tuple[int, ...]
_RANK = "[2-9TJQKA]"
# A hand class: two ranks, optional suitedness, optional "+". Ranks may be lower case; suitedness too.
_CLASS = re.compile(rf"^({_RANK})({_RANK})([so])?(\+)?$", re.IGNORECASE)
_SPAN = re.compile(rf"^({_RANK})({_RANK})([so])?-({_RANK})({_RANK})([so])?$", re.IGNORECASE)
_ANY = {"random", "any", "xx", "*"}
_OMAHA_SIZES = (4, 5, 6)


class Range:
    """Weighted combos; iterate for (cards, weight) pairs, len() for the number of combos.

    Build one with parse_range(text), or Range(combos) from cards or (cards, weight) pairs (any hand size,
    all combos the same size: 2 for hold'em, 4 to 6 for Omaha).
    """

    __slots__ = ("_combos", "_text")

    def __init__(self, combos: Iterable = (), text: str = ""):
        merged: Dict[Combo, float] = {}
        for item in combos:
            cards, weight = (item if _is_weighted(item) else (item, 1.0))
            key = cards if _is_sorted_ids(cards) else tuple(sorted(core.parse_cards(cards)))
            _check_weight(weight, str(cards))
            merged.pop(key, None)  # a later mention of the same combo replaces the earlier one
            if weight > 0.0:  # and weight 0 removes it: "QQ+, KK:0"
                merged[key] = float(weight)
        self._init(merged, text)

    @classmethod
    def _checked(cls, merged: Dict[Combo, float], text: str) -> "Range":
        self = cls.__new__(cls)
        self._init(merged, text)
        return self

    def _init(self, merged: Dict[Combo, float], text: str) -> None:
        sizes = {len(c) for c in merged}
        if len(sizes) > 1:
            raise ValueError(f"a range mixes hands of {' and '.join(map(str, sorted(sizes)))} cards")
        if sizes and not sizes <= {2, *_OMAHA_SIZES}:
            raise ValueError(f"a range holds hands of 2 (hold'em) or 4 to 6 (Omaha) cards, got {sizes.pop()}")
        self._combos: Tuple[Tuple[Combo, float], ...] = tuple(merged.items())
        self._text = text

    @property
    def hand_size(self) -> int:
        """Cards per combo (0 for an empty range)."""
        return len(self._combos[0][0]) if self._combos else 0

    @property
    def weighted(self) -> bool:
        """True when some combo has a weight other than 1."""
        return any(w != 1.0 for _, w in self._combos)

    def combos(self, dead: Iterable = ()) -> List[Tuple[Tuple[Card, ...], float]]:
        """The (cards, weight) pairs that share no card with `dead` (card removal)."""
        return [(tuple(Card(c) for c in cards), w) for cards, w in self.id_combos(dead)]

    def id_combos(self, dead: Iterable = ()) -> List[Tuple[Combo, float]]:
        """As combos(), with plain int ids (what the engine takes; no Card objects to build)."""
        mask = _mask(_card_list(dead))
        return [(cards, w) for cards, w in self._combos if not _mask(cards) & mask]

    def __len__(self) -> int:
        return len(self._combos)

    def __iter__(self) -> Iterator[Tuple[Tuple[Card, ...], float]]:
        return iter(self.combos())

    def __eq__(self, other) -> bool:
        return isinstance(other, Range) and dict(self._combos) == dict(other._combos)

    def __hash__(self) -> int:
        return hash(frozenset(self._combos))

    def __str__(self) -> str:
        if self._text:
            return self._text
        return ", ".join(_combo_text(c, w) for c, w in self._combos)

    def __repr__(self) -> str:
        return f"Range({str(self)!r}, {len(self)} combos)"


def parse_range(text: str) -> Range:
    """Parses range notation; raises ValueError naming the first bad token.

    Tokens, separated by commas and/or spaces, each optionally followed by ":weight" (a number >= 0; a later
    token overrides the weight of combos it repeats, weight 0 removes them):
      AA, AKs, AKo, AK (suited and offsuit)      hand classes (ranks in either order)
      QQ+ = QQ, KK, AA   A9s+ = A9s..AKs (the kicker walks up below the top card)
      T9s+ = T9s, JTs, QJs, KQs, AKs: on connectors the kicker cannot walk, so both ranks do
      22-55, A5s-A2s (same top card), T9s-65s (same gap)   spans, either end first
      AsKs, AhKdQcJs                             specific combos (2 cards, or 4 to 6 for Omaha)
      random (or any, XX, *)                     all 1326 hold'em combos
    """
    if not isinstance(text, str):
        raise TypeError(f"a range must be text, got {type(text).__name__}")
    # Spaces around "-" and ":" belong to the token ("22 - 55", "AK : 0.5"); other spaces separate tokens.
    normal = re.sub(r"\s*([-:])\s*", r"\1", text.strip())
    tokens = [t for t in re.split(r"[\s,;]+", normal) if t]
    if not tokens:
        raise ValueError("empty range: no hands given")
    merged: Dict[Combo, float] = {}
    for token in tokens:
        body, weight = _split_weight(token)
        for combo in _token_combos(body, token):
            merged.pop(combo, None)  # re-inserted last: a combo's place follows its last mention
            if weight > 0.0:
                merged[combo] = weight
    # The parser's combos are already checked and sorted, so they skip Range()'s per-combo checks.
    return Range._checked(merged, ", ".join(tokens))


def _split_weight(token: str) -> Tuple[str, float]:
    body, colon, weight_text = token.partition(":")
    if not colon:
        return body, 1.0
    try:
        weight = float(weight_text)
    except ValueError:
        raise ValueError(f"bad weight '{weight_text}' in range token '{token}'") from None
    _check_weight(weight, token)
    return body, weight


def _check_weight(weight, token: str) -> None:
    if not isinstance(weight, (int, float)) or not math.isfinite(weight) or weight < 0:
        raise ValueError(f"weight must be a finite number >= 0, got {weight!r} in range token '{token}'")


def _token_combos(body: str, token: str) -> List[Combo]:
    if body.lower() in _ANY:
        return [(a, b) for b in range(52) for a in range(b)]
    m = _CLASS.match(body)
    if m:
        high, low, kind, plus = _rank(m[1]), _rank(m[2]), _kind(m[3]), m[4]
        high, low = max(high, low), min(high, low)
        if high == low and kind:
            raise ValueError(f"unknown range token '{token}': a pair cannot be suited or offsuit")
        return [c for h, l in _classes_up(high, low, bool(plus)) for c in _class_combos(h, l, kind)]
    m = _SPAN.match(body)
    if m:
        return _span_combos(m, token)
    try:
        cards = core.parse_cards(body)
    except ValueError:
        cards = []
    if len(cards) == 2 or len(cards) in _OMAHA_SIZES:
        return [tuple(sorted(cards))]
    raise ValueError(f"unknown range token '{token}'")


def _classes_up(high: int, low: int, plus: bool) -> List[Tuple[int, int]]:
    """The (high, low) rank classes a token with or without "+" names."""
    if not plus:
        return [(high, low)]
    if high == low:
        return [(r, r) for r in range(low, 13)]
    if low == high - 1:  # connectors: walk both ranks, keeping the gap
        return [(h, h - 1) for h in range(high, 13)]
    return [(high, l) for l in range(low, high)]


def _span_combos(m, token: str) -> List[Combo]:
    h1, l1, h2, l2 = (_rank(m[i]) for i in (1, 2, 4, 5))
    h1, l1 = max(h1, l1), min(h1, l1)
    h2, l2 = max(h2, l2), min(h2, l2)
    kind1, kind2 = _kind(m[3]), _kind(m[6])
    if kind1 != kind2:
        raise ValueError(f"unknown range token '{token}': both ends must be suited, offsuit or neither")
    if h1 == l1 and h2 == l2:  # 22-55
        classes = [(r, r) for r in range(min(h1, h2), max(h1, h2) + 1)]
        if kind1:
            raise ValueError(f"unknown range token '{token}': a pair cannot be suited or offsuit")
    elif h1 == h2 and l1 != h1 and l2 != h2:  # A5s-A2s
        classes = [(h1, l) for l in range(min(l1, l2), max(l1, l2) + 1)]
    elif h1 - l1 == h2 - l2 and h1 != l1:  # T9s-65s, KTo-84o
        gap = h1 - l1
        classes = [(h, h - gap) for h in range(min(h1, h2), max(h1, h2) + 1)]
    else:
        raise ValueError(f"unknown range token '{token}': a span joins pairs, hands with the same top card, "
                         "or hands with the same gap")
    return [c for h, l in classes for c in _class_combos(h, l, kind1)]


def _class_combos(high: int, low: int, kind: str) -> List[Combo]:
    """All combos of a rank class: 6 for a pair, 4 suited, 12 offsuit, 16 for both."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = 4 * high + s1, 4 * low + s2
            if high == low and s1 >= s2:
                continue
            if high != low and ((kind == "s" and s1 != s2) or (kind == "o" and s1 == s2)):
                continue
            out.append((min(a, b), max(a, b)))
    return out


def _rank(char: str) -> int:
    return RANK_CHARS.index(char.upper())


def _kind(char) -> str:
    return char.lower() if char else ""


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _is_sorted_ids(cards) -> bool:
    """True for a tuple of ascending ids 0..51 (the parser's own combos): no need to parse again."""
    return (type(cards) is tuple and len(cards) > 0 and all(type(c) is int for c in cards)
            and 0 <= cards[0] and all(a < b < 52 for a, b in zip(cards, cards[1:])))


def _is_weighted(item) -> bool:
    """True for (cards, weight); False for bare cards such as ("As", "Ks") or (51, 47)."""
    if not isinstance(item, tuple) or len(item) != 2 or isinstance(item[1], bool):
        return False
    first = item[0]
    # A single card name is at most 3 characters ("10h"), so a longer text or a sequence is a whole hand.
    whole = isinstance(first, (list, tuple)) or (isinstance(first, str) and len(first.strip()) > 3)
    return whole and isinstance(item[1], (int, float))


def _card_list(cards) -> List[int]:
    if cards is None:
        return []
    if isinstance(cards, (str, list, tuple)):
        return core.parse_cards(cards)
    return core.parse_cards(list(cards))


def _combo_text(cards: Combo, weight: float) -> str:
    name = "".join(str(Card(c)) for c in sorted(cards, reverse=True))
    return name if weight == 1.0 else f"{name}:{weight:g}"

