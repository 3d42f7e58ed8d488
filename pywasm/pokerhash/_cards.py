"""Cards as ints with names: Card(51) == Card("As") == 51."""

from __future__ import annotations

from typing import List, Union

from ._backend import core

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"


class Card(int):
    """A card id 0..51 (4 * rank + suit) that prints as its name."""

    __slots__ = ()

    def __new__(cls, card: Union[int, str]) -> "Card":
        if isinstance(card, str):
            ids = core.parse_cards(card)
            if len(ids) != 1:
                raise ValueError(f"expected one card, got {len(ids)} in {card!r}")
            return int.__new__(cls, ids[0])
        core.card_name(card)  # range check with the shared message
        return int.__new__(cls, card)

    @property
    def rank(self) -> int:
        """0..12 for 2..A."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0..3 for clubs, diamonds, hearts, spades."""
        return int(self) & 3

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, e.g. 'A♠'."""
        return RANK_CHARS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card('{self}')"


def parse_cards(*cards: Union[str, int, list, tuple]) -> List[Card]:
    """Cards from text ("As Ks"), ids, names or a sequence of them; rejects duplicates."""
    return [Card(c) for c in core.parse_cards(*cards)]
