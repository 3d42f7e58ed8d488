"""Hand ranges in the usual text notation: "QQ+, AKs, A5s-A2s, KQo, T9s+, 22-55, AK, AsKs, AK:0.5".

A Range is an immutable list of distinct combos (tuples of card ids, ascending) with a weight each. It is the
one input format of the equity engine. The notation is read by the C core (`_core.parse_range`, the same
parser the JS library and Pyodide use, core_c/src/range*.c); this module wraps its combos.
"""

from __future__ import annotations

import decimal
import math
import numbers
from itertools import compress
from typing import Any, Dict, Iterable, Iterator, List, NoReturn, Optional, Sequence, Tuple, Union

from ._backend import core
from ._cards import Card
from ._checks import shown, shown_value

Combo = Tuple[int, ...]
_OMAHA_SIZES = (4, 5, 6)
_NO_COMBOS: Tuple[()] = ()


def _both() -> NoReturn:
    raise ValueError("Range() takes range text or combos, not both")


class Range:
    """Weighted combos, the input of equity(); iterate for (cards, weight) pairs, len() for the number of combos.

    Args:
        combos: range text, Range("QQ+, AKs") (the same as parse_range), or combos: cards ("AsKs",
            ["As", "Ks"], (51, 47)) or (cards, weight) pairs, all of one size (2 for hold'em, 4 to 6 for
            Omaha). A combo given twice keeps its last weight; weight 0 removes it.
        text: range text given by name, Range(text="QQ+, AKs"), instead of combos.

    Raises:
        ValueError: bad notation (the parser's message, "unknown range token 'AKx'"), text and combos
            both given, mixed hand sizes, bad cards, a negative or non-finite weight (a weight is any
            real number: int, float, Fraction, Decimal, numpy scalars; not a bool), or one that float()
            rounds to 0.0 though it is not 0 (Decimal("1e-400")): weight 0 would drop the combo.
        TypeError: text that is not a string.

    Example:
        >>> import pokerhash as ph
        >>> r = ph.Range("QQ+, AKs:0.5")
        >>> len(r), r.hand_size, r.weighted, r
        (22, 2, True, Range('QQ+, AKs:0.5', 22 combos))
        >>> ph.Range([("As Ks", 0.5), "AhAd"]).id_combos()
        [((47, 51), 0.5), ((49, 50), 1.0)]
    """

    __slots__ = ("_combos", "_text", "_masks", "_columns")
    _combos: Tuple[Tuple[Combo, float], ...]
    _text: Optional[str]
    _masks: Optional[Tuple[int, ...]]  # each combo's card mask, made on first use (card removal)
    _columns: Optional[Tuple[Tuple[Combo, ...], Tuple[float, ...], Tuple[int, ...]]]  # _columns_clear_of's, made once

    def __init__(self, combos: Union[str, Iterable[Any]] = _NO_COMBOS, text: Optional[str] = None) -> None:
        items: Iterable[Any] = combos
        if isinstance(combos, str):  # Range("QQ+"): text given positionally
            if text is not None and text != combos:
                _both()
            items, text = _NO_COMBOS, combos
        if text is not None:
            if items is not _NO_COMBOS:
                _both()
            parsed = parse_range(text)
            self._combos, self._text, self._masks = parsed._combos, parsed._text, parsed._masks
            self._columns = parsed._columns
            return
        merged: Dict[Combo, float] = {}
        for item in items:
            cards, weight = (item if _is_weighted(item) else (item, 1.0))
            key: Combo = cards if _is_sorted_ids(cards) else tuple(sorted(core.parse_cards(cards)))
            weight = _checked_weight(weight, str(cards))
            merged.pop(key, None)  # a later mention of the same combo replaces the earlier one
            if weight > 0.0:  # and weight 0 removes it: "QQ+, KK:0"
                merged[key] = weight
        self._init(merged, text)

    @classmethod
    def _checked(cls, merged: Dict[Combo, float], text: Optional[str]) -> "Range":
        self = cls.__new__(cls)
        self._init(merged, text)
        return self

    def _init(self, merged: Dict[Combo, float], text: Optional[str]) -> None:
        sizes = {len(c) for c in merged}
        if len(sizes) > 1:
            raise ValueError(f"a range mixes hands of {' and '.join(map(str, sorted(sizes)))} cards")
        if sizes and not sizes <= {2, *_OMAHA_SIZES}:
            raise ValueError(f"a range holds hands of 2 (hold'em) or 4 to 6 (Omaha) cards, got {sizes.pop()}")
        self._combos = tuple(merged.items())
        self._text = text
        self._masks = None
        self._columns = None

    @property
    def hand_size(self) -> int:
        """Cards per combo (0 for an empty range)."""
        return len(self._combos[0][0]) if self._combos else 0

    @property
    def weighted(self) -> bool:
        """True when some combo has a weight other than 1."""
        return any(w != 1.0 for _, w in self._combos)

    def combos(self, dead: Iterable[Any] = ()) -> List[Tuple[Tuple[Card, ...], float]]:
        """The (cards, weight) pairs that share no card with `dead` (card removal).

        Args:
            dead: cards to remove (text, ids or Cards).

        Returns:
            list of ((Card, ...), weight) pairs, in the range's order.
        """
        return [(tuple(Card(c) for c in cards), w) for cards, w in self.id_combos(dead)]

    def id_combos(self, dead: Iterable[Any] = ()) -> List[Tuple[Combo, float]]:
        """As combos(), with plain int ids (what the engine takes; no Card objects to build).

        Args:
            dead: cards to remove (text, ids or Cards).

        Returns:
            list of ((id, ...), weight) pairs, ids ascending within a combo.
        """
        return self._clear_of(card_mask(_card_list(dead)))

    def _clear_of(self, mask: int) -> List[Tuple[Combo, float]]:
        """id_combos() without the combos that hold a card of `mask` (checked ids, as Spot has them)."""
        if not mask:
            return list(self._combos)
        if self._masks is None:  # a range is immutable: its masks serve every later removal
            self._masks = tuple([card_mask(cards) for cards, _ in self._combos])
        return [combo for combo, held in zip(self._combos, self._masks) if not held & mask]

    def _columns_clear_of(self, mask: int) -> Tuple[List[Combo], List[float], List[int]]:
        """_clear_of(mask) as three lists, the combos' cards, weights and card masks: what an equity Spot keeps
        of a player, made with one loop in Python (a bot's call at every decision spent more here than in the
        engine on the river)."""
        columns = self._columns
        if columns is None:  # a range is immutable: its columns serve every later call
            if self._masks is None:
                self._masks = tuple([card_mask(cards) for cards, _ in self._combos])
            columns = self._columns = (tuple([c for c, _ in self._combos]), tuple([w for _, w in self._combos]),
                                       self._masks)
        cards, weights, masks = columns
        if not mask:
            return list(cards), list(weights), list(masks)
        keep = [not held & mask for held in masks]
        return list(compress(cards, keep)), list(compress(weights, keep)), list(compress(masks, keep))

    def __len__(self) -> int:
        return len(self._combos)

    def __iter__(self) -> Iterator[Tuple[Tuple[Card, ...], float]]:
        return iter(self.combos())

    def __eq__(self, other: object) -> bool:
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
    """Reads range notation with the C parser (the same one JS and the page use).

    Tokens, separated by commas and/or spaces, each optionally followed by ":weight" (a number >= 0; a later
    token overrides the weight of combos it repeats, weight 0 removes them)::

      AA, AKs, AKo, AK (suited and offsuit)      hand classes (ranks in either order)
      QQ+ = QQ, KK, AA   A9s+ = A9s..AKs (the kicker walks up below the top card)
      T9s+ = T9s, JTs, QJs, KQs, AKs: on connectors the kicker cannot walk, so both ranks do
      22-55, A5s-A2s (same top card), T9s-65s (same gap)   spans, either end first
      AsKs, AhKdQcJs                             specific combos (2 cards, or 4 to 6 for Omaha)
      random (or any, XX, *)                     all 1326 hold'em combos

    Args:
        text: the range text.

    Returns:
        Range: its combos and weights; str() gives the tokens, normalised.

    Raises:
        ValueError: the first bad token named ("unknown range token 'AKx'", "bad weight 'x' in range token
            'AK:x'", "empty range: no hands given", "a range mixes hands of 2 and 4 cards").
        TypeError: text that is not a string ("a range must be text, got int").

    Example:
        >>> import pokerhash as ph
        >>> r = ph.parse_range("22-44, A5s-A3s:0.25")
        >>> len(r), str(r)
        (30, '22-44, A5s-A3s:0.25')
    """
    if type(text) is not str:
        return parse_range_on(text, ())  # the parser names the wrong type
    # A Range is immutable, so a bot that passes the same range text at every decision parses it once (a few
    # to tens of microseconds, more than a river spot's engine time). Full, the memo starts over: clear() is
    # one step for other threads, and a bot's few texts come back at once.
    found = _PARSED.get(text)
    if found is None:
        found = parse_range_on(text, ())
        if len(_PARSED) >= PARSED_KEPT:
            _PARSED.clear()
        _PARSED[text] = found
    return found


PARSED_KEPT = 32  # "random" (1,326 combos and their card masks) holds 0.3 MB: 32 texts stay under 10 MB
_PARSED: Dict[str, Range] = {}


def parse_range_on(text: str, dead: Sequence[int]) -> Range:
    """parse_range without the combos holding a card of `dead` (ids): the C parser leaves them out."""
    normalized, combos = core.parse_range(text, list(dead))
    # The parser's combos are checked, distinct and sorted, so they skip Range()'s per-combo checks.
    return Range._checked(dict(combos), normalized)


def _checked_weight(weight: Any, token: str) -> float:
    """The weight as a float; ValueError naming it and its combo unless it is a finite number >= 0 that stays
    0 or positive as a float (the C parser's rule for 'AK:1e-400': weight 0 removes a combo, so a tiny weight
    that rounds to 0.0 would drop it without a word)."""
    try:
        value = float(weight) if _is_number(weight) else math.nan
    except (OverflowError, ValueError):  # an int past the float range (10**400), Decimal('sNaN')
        value = math.nan
    where = f"got {shown_value(weight)} in range token {shown(token)}"
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"weight must be a finite number >= 0, {where}")
    if value == 0 and weight != 0:  # Decimal('1e-400'), Fraction(1, 10**400), Decimal('-1e-400')
        raise ValueError(f"weight must be 0 or a number that does not round to 0.0 as a float, {where}")
    return value


def card_mask(cards: Iterable[int]) -> int:
    """The cards as a 52-bit mask (bit c for card id c)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _is_sorted_ids(cards: Any) -> bool:
    """True for a tuple of ascending ids 0..51 (the parser's own combos): no need to parse again."""
    return (type(cards) is tuple and len(cards) > 0 and all(type(c) is int for c in cards)
            and 0 <= cards[0] and all(a < b < 52 for a, b in zip(cards, cards[1:])))


def _is_number(value: Any) -> bool:
    """A real number other than a bool: int, float, Fraction and numpy's number scalars (registered with
    numbers.Real; numpy's bool is not), and Decimal, which is no numbers.Real only because it will not mix
    with floats in arithmetic; as a weight it is read as float() reads it, like a Fraction."""
    return isinstance(value, (numbers.Real, decimal.Decimal)) and not isinstance(value, bool)


def _is_weighted(item: Any) -> bool:
    """True for (cards, weight); False for bare cards such as ("As", "Ks") or (51, 47)."""
    if not isinstance(item, tuple) or len(item) != 2 or isinstance(item[1], bool):
        return False
    first = item[0]
    # A single card name is at most 3 characters ("10h"), so a longer text or a sequence is a whole hand.
    whole = isinstance(first, (list, tuple)) or (isinstance(first, str) and len(first.strip()) > 3)
    return whole and _is_number(item[1])


def _card_list(cards: Any) -> List[int]:
    if cards is None:
        return []
    if isinstance(cards, (str, list, tuple)):
        return core.parse_cards(cards)
    return core.parse_cards(list(cards))


def _combo_text(cards: Combo, weight: float) -> str:
    name = "".join(str(Card(c)) for c in sorted(cards, reverse=True))
    return name if weight == 1.0 else f"{name}:{float(weight)!r}"  # repr: the shortest text that reads back equal

