"""Hand values: evaluate and what a value says (its category, name, ranks), best five, Omaha high."""

from __future__ import annotations

from typing import Sequence, SupportsIndex, Tuple, Union

from ._backend import core
from ._cards import Card, CardLike, Cards
from ._category import Category

#: The worst hand value (7-5-4-3-2 offsuit); values run 1..WORST_VALUE, lower is better.
WORST_VALUE = 7462

# The C function itself, so a call costs no Python frame; its docstring is in _core.c.
evaluate = core.evaluate


def describe(value: SupportsIndex) -> str:
    """The name of a hand value.

    Args:
        value: a hand value 1..7462.

    Returns:
        str: "Royal Flush", "Nines Full over Fours", "Ace-High Straight", ...

    Raises:
        ValueError: a value outside 1..7462.

    Example:
        >>> import pokerhash as ph
        >>> ph.describe(ph.evaluate("9s 9h 9d 4c 4s"))
        'Nines Full over Fours'
    """
    return core.describe(value)


def value_ranks(value: SupportsIndex) -> Tuple[int, int, int, int, int]:
    """The five ranks of a hand value in order of importance (0..12 for 2..A).

    Args:
        value: a hand value 1..7462.

    Returns:
        tuple of five ints: for a full house the trips' rank three times, then the pair's.

    Raises:
        ValueError: a value outside 1..7462.

    Example:
        >>> import pokerhash as ph
        >>> ph.value_ranks(ph.evaluate("9s 9h 9d 4c 4s"))
        (7, 7, 7, 2, 2)
    """
    return core.value_ranks(value)  # type: ignore[return-value]  # always five


def category(value: SupportsIndex) -> Category:
    """The category of a hand value: royal flush, straight flush, ..., high card.

    Args:
        value: a hand value 1..7462.

    Returns:
        Category: an IntEnum, best first (ROYAL_FLUSH = 0 .. HIGH_CARD = 9); str() gives "Full House".

    Raises:
        ValueError: a value outside 1..7462.

    Example:
        >>> import pokerhash as ph
        >>> ph.category(1), str(ph.category(236))
        (<Category.ROYAL_FLUSH: 0>, 'Full House')
    """
    return Category(core.category(value))


def best_five(*cards: Union[Cards, CardLike]) -> Tuple[Card, Card, Card, Card, Card]:
    """The five cards that make a hand's value, in order of importance.

    Args:
        *cards: 5 to 9 cards, in any of the forms evaluate takes.

    Returns:
        tuple of five Card: for a full house the trips first, then the pair.

    Raises:
        ValueError: as evaluate (unknown, duplicate or too few/many cards).
        TypeError: as evaluate.

    Example:
        >>> import pokerhash as ph
        >>> ph.best_five("Ah Kh 7h 4h 2h 9h 9c 9d")
        (Card('Ah'), Card('Kh'), Card('9h'), Card('7h'), Card('4h'))
    """
    _, five = core.best_five(*cards)
    return tuple(Card(c) for c in five)  # type: ignore[return-value]  # always five


def omaha_evaluate(hole: Union[Cards, CardLike], board: Union[Cards, CardLike]) -> int:
    """Omaha high value: the best hand of exactly two hole cards and exactly three board cards.

    Args:
        hole: 4, 5 or 6 hole cards (Omaha, 5-card and 6-card Omaha), as text or ids.
        board: 3, 4 or 5 board cards.

    Returns:
        int: the value 1..7462, on the same scale as evaluate.

    Raises:
        ValueError: other counts ("an Omaha hole needs 4 to 6 cards, got 3"), unknown cards, or a card
            in both ("duplicate card Ks").
        TypeError: as evaluate.

    Example:
        >>> import pokerhash as ph
        >>> ph.describe(ph.omaha_evaluate("AhKhQdJd", "Th Ts 9c 2d 5c"))  # A K + T T 9
        'Pair of Tens'
        >>> ph.describe(ph.evaluate("AhKhQdJd Th Ts 9c 2d 5c"))  # best five of all nine: A K Q J T
        'Ace-High Straight'
    """
    return core.omaha_evaluate(hole, board)
