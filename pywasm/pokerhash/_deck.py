"""A deck to deal from: seeded shuffles, dealing, and taking out cards already known."""

from __future__ import annotations

import random
from typing import Iterator, List, Optional, Tuple, Union

from ._backend import core
from ._cards import Card, CardLike, Cards
from ._checks import as_int, flag, integer, is_card_id


class Deck:
    """The 52 cards (or fewer, with known cards taken out), shuffled by the deck's own generator.

    A seed makes the deal reproducible: the same seed deals the same cards in every run, on every
    platform and in Pyodide (Python's random.Random, whose shuffle is stable across Python versions).
    The order before shuffling is by id (2c, 2d, ..., As); cards named in `remove` are taken out first.

    Args:
        seed: an int for a reproducible deal; None seeds from the operating system.
        remove: cards that are not in this deck (your hand, a known board), as text or ids.
        shuffle: True or False; False keeps the deck in id order (deal then takes 2c first).

    Raises:
        ValueError: unknown or duplicate cards in `remove`.
        TypeError: a seed that is not an int or None, or a shuffle that is not True or False (1 or "no"
            would read as a choice).

    Example:
        >>> from pokerhash import Deck
        >>> deck = Deck(seed=7, remove="As Ks")
        >>> len(deck)
        50
        >>> hand = deck.deal(2)
        >>> hand == Deck(seed=7, remove="As Ks").deal(2)
        True
        >>> Deck(shuffle=False).deal(3)
        [Card('2c'), Card('2d'), Card('2h')]
    """

    __slots__ = ("_cards", "_random")

    def __init__(self, seed: Optional[int] = None, *, remove: Union[Cards, CardLike] = (),
                 shuffle: bool = True) -> None:
        number = None if seed is None else as_int(seed)
        if seed is not None and number is None:
            raise TypeError(f"seed must be an int or None, got {type(seed).__name__}")
        shuffle = flag(shuffle, "shuffle")
        self._random = random.Random(number)
        known = set(core.parse_cards(remove))
        self._cards: List[Card] = [Card(c) for c in range(52) if c not in known]
        if shuffle:
            self.shuffle()

    def shuffle(self) -> None:
        """Shuffles the cards still in the deck (the deck's generator continues: seeded decks stay
        reproducible)."""
        self._random.shuffle(self._cards)

    def deal(self, count: int = 1) -> List[Card]:
        """Takes `count` cards from the top of the deck.

        Args:
            count: how many cards, 0 up to len(deck).

        Returns:
            list of Card, in the order dealt.

        Raises:
            ValueError: fewer than `count` cards left, or a negative count.

        Example:
            >>> from pokerhash import Deck
            >>> deck = Deck(shuffle=False)
            >>> deck.deal(2), len(deck)
            ([Card('2c'), Card('2d')], 50)
        """
        count = integer(count, "count")
        if count < 0:
            raise ValueError(f"cannot deal a negative number of cards ({count})")
        if count > len(self._cards):
            raise ValueError(f"cannot deal {count} cards, {len(self._cards)} left")
        dealt = self._cards[:count]
        del self._cards[:count]
        return dealt

    def remove(self, *cards: Union[Cards, CardLike]) -> None:
        """Takes known cards out of the deck wherever they are (a hand you hold, a board you see).

        Args:
            *cards: the cards, as text or ids (the forms parse_cards takes).

        Raises:
            ValueError: a card that is not in the deck (already dealt or removed), unknown or duplicate.

        Example:
            >>> from pokerhash import Deck
            >>> deck = Deck(seed=1)
            >>> deck.remove("Ah Kh")
            >>> len(deck), "Ah" in deck
            (50, False)
        """
        ids = core.parse_cards(*cards)
        present = set(self._cards)
        for card in ids:
            if card not in present:
                raise ValueError(f"card {Card(card)} is not in the deck")
        gone = set(ids)
        self._cards = [c for c in self._cards if c not in gone]

    @property
    def cards(self) -> Tuple[Card, ...]:
        """The cards left, top (next dealt) first."""
        return tuple(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(tuple(self._cards))

    def __contains__(self, card: object) -> bool:
        """True for one card (an id, a Card or its text) still in the deck; anything else, a list of one
        card included, is no card and so is not in the deck."""
        if not isinstance(card, str) and not is_card_id(card):
            return False
        try:
            ids = core.parse_cards(card)
        except ValueError:  # unknown text, an id outside 0..51
            return False
        return len(ids) == 1 and ids[0] in set(self._cards)

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards: {' '.join(map(str, self._cards[:5]))}{' ...' if len(self) > 5 else ''})"
