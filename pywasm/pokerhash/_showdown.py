"""Showdowns: which of several hands wins on a board (hold'em, stud, Omaha), and two-hand comparison.

The rule the JS `winners(players, board)` follows too: a hand of 4 to 6 cards with a board of 3 to 5 plays
Omaha (exactly two hole cards and three board cards); any other hand plays its best five of hand + board.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence

from ._backend import core
from ._cards import Card, Cards, named_cards
from ._checks import optional_bool


def winners(hands: Sequence[Cards], board: Optional[Cards] = (), *,
            omaha: Optional[bool] = None) -> List[int]:
    """Indexes of the winning hands at showdown: one index, or several on a split pot.

    Args:
        hands: one hand per player, each as text ("AsKd") or a sequence of cards: 2 hold'em hole cards,
            4 to 6 Omaha hole cards, or 5 to 9 cards with no board (stud, draw).
        board: the community cards (0 to 5), as text or a sequence of cards; None (as () does) for none.
        omaha: None decides by size (hands of 4 to 6 cards with a board of 3 to 5 play Omaha); True
            insists on Omaha; False makes every hand play its best five of hand + board.

    Returns:
        list of int: the indexes (into `hands`) of the best hands, ascending.

    Raises:
        ValueError: no hands, a card used twice ("card As is in hand 1 and the board": hands are counted
            from 1 in messages), a bad card named with its hand ("hand 2: unknown card 'Xx'"), or a hand that cannot play (hand + board outside 5
            to 9 cards; Omaha sizes with omaha=True).
        TypeError: hands that are not a list of hands, or a hand or board that is not card text or a
            sequence of cards ("hand 2 must be card text or a sequence of cards, got int 5").

    Example:
        >>> import pokerhash as ph
        >>> ph.winners(["AsAd", "KsKh", "QcQd"], board="Kd 7d 2c 3h 9s")
        [1]
        >>> ph.winners(["AsKd", "AhKc"], board="Qs Js Ts 2c 3d")   # both make the same straight
        [0, 1]
        >>> ph.winners(["AhKhQdJd", "2c2d7s8s"], board="Th Ts 9c 2h 5c")   # Omaha: 2c 2d 2h Th Ts
        [1]
    """
    values = _values(hands, board, omaha)
    best = min(values)
    return [i for i, v in enumerate(values) if v == best]


def compare(first: Cards, second: Cards, board: Optional[Cards] = (), *,
            omaha: Optional[bool] = None) -> int:
    """Which of two hands wins on a board: 1 if the first, -1 if the second, 0 on a split pot.

    Args:
        first: a hand as text or cards (as for winners).
        second: the other hand.
        board: the community cards (0 to 5); None for none.
        omaha: as for winners.

    Returns:
        int: 1, 0 or -1.

    Raises:
        ValueError: as for winners.
        TypeError: as for winners.

    Example:
        >>> import pokerhash as ph
        >>> ph.compare("AsAd", "KsKh", board="Kd 7d 2c 3h 9s")
        -1
        >>> ph.compare("As Ks Qs Js Ts", "Ah Kh Qh Jh Th")
        0
    """
    a, b = _values([first, second], board, omaha)
    return (a < b) - (a > b)


def _values(hands: Sequence[Cards], board: Optional[Cards],
            omaha: Optional[bool]) -> List[int]:
    """Each hand's value (lower wins), after checking that no card is used twice."""
    omaha = optional_bool(omaha, "omaha")
    if isinstance(hands, (str, bytes)) or not hasattr(type(hands), "__len__"):
        raise TypeError("hands must be a list of hands, one per player")
    if not len(hands):
        raise ValueError("a showdown needs at least one hand")
    board_ids = [] if board is None else named_cards(board, "board")
    if len(board_ids) > 5:
        raise ValueError(f"the board has at most 5 cards, got {len(board_ids)}")
    owner: Dict[int, str] = {c: "the board" for c in board_ids}
    parsed = []
    for i, hand in enumerate(hands):
        name = f"hand {i + 1}"  # a person counts hands from 1, as equity counts players
        try:
            ids = named_cards(hand, name)
        except ValueError as error:  # "hand 2: unknown card 'Xx'": which of the hands, as the JS library says
            raise ValueError(f"{name}: {error}") from None
        for c in ids:
            if c in owner:
                raise ValueError(f"card {Card(c)} is in {name} and {owner[c]}")
            owner[c] = name
        parsed.append(ids)
    plays_omaha = [4 <= len(ids) <= 6 and 3 <= len(board_ids) <= 5 for ids in parsed]
    if omaha is True:
        for i, ok in enumerate(plays_omaha):
            if not ok:
                raise ValueError(f"Omaha needs 4 to 6 cards per hand and a board of 3 to 5, "
                                 f"got {len(parsed[i])} in hand {i + 1} and {len(board_ids)} on the board")
    values = []
    for i, ids in enumerate(parsed):
        if plays_omaha[i] and omaha is not False:
            values.append(core.omaha_evaluate(ids, board_ids))
            continue
        total = len(ids) + len(board_ids)
        if not 5 <= total <= 9:
            raise ValueError(f"hand {i + 1} plays {len(ids)} + {len(board_ids)} board cards = {total}; "
                             "a hand needs 5 to 9 cards")
        values.append(core.evaluate(ids + board_ids))
    return values
