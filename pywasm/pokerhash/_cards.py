"""Cards as ints with names: Card(51) == Card("As") == 51."""

from __future__ import annotations

from typing import Any, List, Sequence, SupportsIndex, Union

from ._backend import core
from ._checks import is_card_sequence, shown, shown_value

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
#: str(Card(id)) of every id, for code that names many cards (an equity call's labels)
CARD_NAMES = tuple(rank + suit for rank in RANK_CHARS for suit in SUIT_CHARS)
# The numeric presentation types of format(): f"{card:d}" is the id, every other spec formats the name.
_NUMBER_FORMATS = set("bcdoxXneEfFgG%")

#: One card: its name ("As", "10h", "A♠") or its id 0..51 (an int, a Card, a numpy integer).
CardLike = Union[str, SupportsIndex]
#: Several cards: one text ("As Ks", "AsKs", "As,Ks") or a sequence of CardLike.
Cards = Union[str, Sequence[CardLike]]


class Card(int):
    """A card id 0..51 (4 * rank + suit: 2c = 0, 2d = 1, ..., As = 51) that prints as its name.

    A Card is an int, so it works wherever ids do (numpy arrays, evaluate, arithmetic); str(), repr() and
    format() show its name.

    Args:
        card: a name ("As", "td", "10h", "A♠") or an id 0..51 (an int or anything with __index__).

    Raises:
        ValueError: unknown text, more or fewer than one card in the text, or an id outside 0..51.
        TypeError: neither text nor an integer.

    Example:
        >>> from pokerhash import Card
        >>> Card("As"), int(Card("As")), Card(0)
        (Card('As'), 51, Card('2c'))
        >>> Card("Td").rank, Card("Td").suit, Card("Td").symbol
        (8, 1, 'T♦')
        >>> f"{Card('Td'):>4}|{Card('Td'):d}"
        '  Td|33'
    """

    __slots__ = ()

    def __new__(cls, card: CardLike) -> "Card":
        if isinstance(card, str):
            ids = core.parse_cards(card)
            if len(ids) != 1:
                raise ValueError(f"expected one card, got {len(ids)} in {shown(card)}")
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

    def __format__(self, spec: str) -> str:
        # int.__format__ would print the id ('  33'); a card prints as its name unless a numeric
        # presentation type (d, x, b, ...) asks for the id.
        if spec and spec[-1] in _NUMBER_FORMATS:
            return format(int(self), spec)
        return format(str(self), spec)


def parse_cards(*cards: Union[Cards, CardLike]) -> List[Card]:
    """Cards from text, ids or a mix, in the order given.

    Args:
        *cards: one text ("As Ks", "AsKs", "As,Ks", "A♠ K♠", "10s"), one sequence of names or ids,
            or the cards as separate arguments.

    Returns:
        list of Card (any count, 0 to 52).

    Raises:
        ValueError: unknown card text ("unknown card 'Xx'"), an id outside 0..51, or a duplicate card.
        TypeError: an argument that is neither text, an integer nor a sequence of them.

    Example:
        >>> import pokerhash as ph
        >>> ph.parse_cards("AsKd 10h")
        [Card('As'), Card('Kd'), Card('Th')]
        >>> ph.parse_cards([51, "Kd"])
        [Card('As'), Card('Kd')]
    """
    return [Card(c) for c in core.parse_cards(*cards)]


def named_cards(cards: Any, name: str) -> List[int]:
    """The card ids of the argument `name` (the board, a showdown's hand 1): card text or a sequence of cards,
    never one bare card or bytes, whose one id would pass for a one-card board. A wrong type names the
    argument; the JS library words it alike (_namedCards in web/src/pokerhash.mjs). Besides the sequences
    parse_cards takes (a list, a numpy row, a memoryview of ids), any other iterable of cards is read once."""
    if not isinstance(cards, str) and not is_card_sequence(cards):
        if isinstance(cards, (bytes, bytearray, dict)) or not hasattr(type(cards), "__iter__"):
            raise TypeError(f"{name} must be card text or a sequence of cards, got {type(cards).__name__} "
                            f"{shown_value(cards)}")
        cards = list(cards)
    try:
        return list(core.parse_cards(cards))
    except TypeError as error:  # an item of the wrong type: "board: cards must be card names (str), ..."
        raise TypeError(f"{name}: {error}") from None
