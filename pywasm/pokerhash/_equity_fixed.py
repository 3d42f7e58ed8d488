"""The quick way in for the commonest equity call, a bot's: every player holds one known hand.

Spot() turns each hand into a Range and checks it as it checks any range: tens of microseconds, where the
engine needs one or two for a spot on the turn or river. fixed_spot() takes such a call's arguments when
they are plain (text or lists of cards, no card shared, a board of 0, 3, 4 or 5 cards, enough cards left) and
builds the same Spot straight from the card ids: the same labels, holdings and engine arguments, so the run
and the result are the ones Spot would give. For anything else, including every input that Spot would
refuse, it answers None and the caller builds the Spot, which then says what is wrong in its own words.

known_hands() goes further for the commonest options (exact or auto mode, no Monte Carlo option, no
progress, no executor): the native core's equity_hands reads the hands, checks them as fixed_spot does,
enumerates and returns the result's fields in one call. It answers None for all else, and where the core
lacks equity_hands (the wasm core under Pyodide), so that the call takes fixed_spot's lane or Spot's.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from . import _equity_engine
from ._backend import core
from ._cards import CARD_NAMES
from ._equity_host import host_factor
from ._equity_spot import HOLDEM, Spot
from ._ranges import card_mask

_DECK_CARDS = 52


class FixedSpot(Spot):
    """A Spot of hold'em or Omaha players who each hold one hand, none sharing a card (fixed_spot builds it)."""

    def __init__(self, labels: List[str], hands: List[List[int]], board: List[int], dead: List[int]) -> None:
        # Spot's attributes as Spot.__init__ sets them for the same input (no Range behind them)
        self.rules = HOLDEM
        self.board = board
        self.dead = dead
        self.labels = labels
        self.size = len(hands[0])
        self.holdings = [[tuple(sorted(hand))] for hand in hands]  # a Range keeps a combo's ids ascending
        self.masks = [[card_mask(hand)] for hand in hands]
        self.weights = None
        self.too_many = False
        self.args = (self.holdings, None, board, dead)
        self._estimate = None

    def check_some_deal(self, budget: int = 1_000_000) -> None:
        """Nothing to search: the hands share no card, so the one choice of holdings is a deal."""

    def deal_rate(self) -> Tuple[float, float]:
        """What Spot.deal_rate measures here: every try succeeds, drawing one holding per player."""
        return 1.0, float(len(self.holdings))


#: equity_hands of the native core; None where the core has no such entry
_equity_hands = getattr(core, "equity_hands", None)


def known_hands(players: Any, board: Any, dead: Any, omaha: Any, auto_seconds: float) -> Optional[Tuple[Any, ...]]:
    """The exact result's fields (players, equity, win, tie, lose, deals, board ids, dead ids, win_rate,
    tie_rate, lose_rate) of equity(players, board, dead, omaha=omaha) in auto or exact mode, when every
    player is one known hand, the call is plainly valid and the cost model puts the enumeration within
    `auto_seconds` of this host (the least of auto mode's and exact=True's limits: then either mode enumerates
    it, in one piece, one holding each being one unit); None otherwise, for the checked path to decide."""
    if _equity_hands is None or _equity_engine.engine is not None:  # a test's stand-in engine counts it all
        return None
    fields: Optional[Tuple[Any, ...]] = _equity_hands(players, board, dead, omaha, auto_seconds / host_factor())
    return fields


def fixed_spot(players: Any, board: Any, dead: Any, omaha: Any) -> Optional[FixedSpot]:
    """The Spot of equity(players, board, dead, omaha=omaha) when every player is one hand given as card text
    or a list or tuple of cards and Spot would accept the call as it is; None otherwise (then Spot decides)."""
    if type(players) not in (list, tuple) or not 2 <= len(players) <= 10:
        return None
    if omaha is not None and omaha is not True and omaha is not False:
        return None
    hands: List[List[int]] = []
    for p in players:  # first: a range among the players (the commonest None) is told before any card is read
        hand = _hand(p)
        if hand is None:
            return None
        hands.append(hand)
    table = _cards(board)
    gone = _cards(dead)
    if table is None or gone is None or len(table) not in (0, 3, 4, 5):
        return None
    used = 0
    for cards in (table, gone, *hands):
        for c in cards:
            if used >> c & 1:  # a card twice (on the board and dead, in two hands, ...): Spot names it
                return None
            used |= 1 << c
    size = len(hands[0])
    if (size != 2 and not 4 <= size <= 6) or any(len(h) != size for h in hands):
        return None
    if (omaha is True and size == 2) or (omaha is False and size != 2):
        return None
    if len(hands) * size + 5 + len(gone) > _DECK_CARDS:
        return None
    labels = ["".join([CARD_NAMES[c] for c in hand]) for hand in hands]
    return FixedSpot(labels, hands, table, gone)


def _cards(cards: Any) -> Optional[List[int]]:
    """The ids of a board or dead cards given as text or a list or tuple; None for anything else or a fault."""
    if cards is None:
        return []
    if type(cards) not in (str, list, tuple):
        return None
    try:
        return list(core.parse_cards(cards))
    except (ValueError, TypeError):
        return None


def _hand(player: Any) -> Optional[List[int]]:
    """The ids of a player who is one hand in card text (no comma: that is a range) or a list or tuple of
    cards, as Spot reads them; None for a range, a Range, any other type or a fault."""
    kind = type(player)
    if kind is str:
        if "," in player or not player.strip():
            return None
        cards: Sequence[Any] = player
    elif kind is list or kind is tuple:
        cards = list(player)
    else:
        return None
    try:
        return list(core.parse_cards(cards))
    except (ValueError, TypeError):
        return None
