"""The players, board and dead cards of an equity call, checked and turned into what the engine takes.

Shared by pokerhash.equity (hold'em and Omaha on 52 cards) and pokerhash.games.equity, whose Rules name a
smaller deck (short deck: 36 cards, "card 5c is not in the short deck") and the hole sizes of the game.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ._backend import core
from ._cards import CARD_NAMES, Card, named_cards
from ._checks import is_card_sequence, optional_bool
from ._equity_engine import holdem_engine
from ._ranges import Range, card_mask, parse_range

FULL_DECK = (1 << 52) - 1
NO_DEAL = "no deal is possible: the players' ranges always share a card"


@dataclass(frozen=True)
class Rules:
    """What a game allows. Hold'em (the defaults): 52 cards, 2 hole cards or 4 to 6 (Omaha).

    game: None for hold'em, or the (high, low) game ids of the `_core.game_equity_*` engine.
    name: the game's name in messages. deck: the bit mask of its cards; deck_name: "the short deck".
    sizes: the hole sizes allowed (None: hold'em's, with the `omaha=` option). parse: range text -> Range
    on this deck.
    """

    game: Optional[Tuple[int, int]] = None
    name: str = "holdem"
    deck: int = FULL_DECK
    deck_name: str = "the deck"
    sizes: Optional[Tuple[int, ...]] = None
    parse: Callable[[str], Range] = parse_range

    def check_cards(self, cards: Sequence[int], what: str = "card") -> None:
        """ValueError naming the first card outside the deck ("board card 2c is not in the short deck")."""
        if self.deck == FULL_DECK:  # ids are checked 0..51 before they get here
            return
        for c in cards:
            if not self.deck >> c & 1:
                raise ValueError(f"{what} {Card(c)} is not in {self.deck_name}")

    def check_size(self, size: int) -> None:
        """ValueError when the game has hole sizes of its own and `size` is not one ("omaha_hilo8 hands have 4
        to 6 cards, got 2")."""
        if self.sizes is not None and size not in self.sizes:
            sizes = self.sizes
            want = " or ".join(map(str, sizes)) if len(sizes) < 3 else f"{sizes[0]} to {sizes[-1]}"
            raise ValueError(f"{self.name} hands have {want} cards, got {size}")


HOLDEM = Rules()


class Spot:
    """Validated input: per-player combos (card removal applied), weights, board and dead cards.

    `args` is the engine's description of the spot: (players_holdings, weights or None, board, dead).
    """

    def __init__(self, players: Any, board: Any, dead: Any, omaha: Optional[bool] = None,
                 rules: Rules = HOLDEM) -> None:
        if type(players) is not list and type(players) is not tuple and (  # the ABC check is slow: not for these
                isinstance(players, (str, Range)) or not isinstance(players, Sequence)):
            raise TypeError("players must be a list of hands or ranges, one per player")
        if not 2 <= len(players) <= 10:
            raise ValueError(f"equity needs 2 to 10 players, got {len(players)}")
        omaha = optional_bool(omaha, "omaha")  # 0 or "no" would read as "decide by the hand size"
        self.rules = rules
        self.board = _cards(board, "board")
        self.dead = _cards(dead, "dead")
        rules.check_cards(self.board, "board card")
        rules.check_cards(self.dead, "dead card")
        if len(self.board) not in (0, 3, 4, 5):
            raise ValueError(f"the board must have 0, 3, 4 or 5 cards, got {len(self.board)}")
        owner: Dict[int, str] = {c: "the board" for c in self.board}
        for c in self.dead:
            if c in owner:
                raise ValueError(f"card {Card(c)} is both on the board and dead")
            owner[c] = "the dead cards"
        parsed = [self._player(p, i) for i, p in enumerate(players)]
        self.labels = [label for label, _ in parsed]
        self.size = _hand_size([r for _, r in parsed], omaha, holdem=rules.sizes is None)
        # A player with a single hand holds known cards: they clash with others, and leave other ranges.
        for i, (_, rng) in enumerate(parsed):
            if len(rng) == 1:
                for c in rng._clear_of(0)[0][0]:
                    if c in owner:
                        raise ValueError(f"card {Card(c)} is in player {i + 1}'s hand and {owner[c]}")
                    owner[c] = f"player {i + 1}'s hand"
        known = card_mask(owner)  # checked ids: no need to read them again as id_combos(known) would
        self.holdings: List[List[Tuple[int, ...]]] = []
        self.masks: List[List[int]] = []  # each holding's card mask, for the searches of deals
        weights: List[List[float]] = []
        for i, (_, rng) in enumerate(parsed):
            holdings, held, masks = rng._columns_clear_of(0 if len(rng) == 1 else known)
            if not holdings:
                raise ValueError(f"player {i + 1} has no hand left after card removal")
            self.holdings.append(holdings)
            weights.append(held)
            self.masks.append(masks)
        # weights are floats, none NaN: count() compares in C what `w != 1.0` would compare one by one
        self.weights = weights if any(ws.count(1.0) != len(ws) for ws in weights) else None
        cards = bin(rules.deck).count("1")
        needed = len(players) * self.size + 5 + len(self.dead)
        if needed > cards:
            raise ValueError(f"not enough cards: {len(players)} players with {self.size} cards each, a board"
                             f" of 5 and {len(self.dead)} dead cards need {needed} > {cards}")
        self.too_many = math.prod(len(h) for h in self.holdings) >= 1 << 64  # units are counted in 64 bits
        self.args = (self.holdings, self.weights, self.board, self.dead)  # the engine's spot description
        self._estimate: Optional[float] = None

    def _player(self, p: Any, index: int) -> Tuple[str, Range]:
        """(label, Range) of one player's argument: a hand, range text, or a Range."""
        rules = self.rules
        # Blank text is an empty range in hold'em, a hand of no cards in a game (the wording JS games keep).
        blank_ok = rules.sizes is not None
        hand = _as_hand(p, index) if isinstance(p, str) and (p.strip() or blank_ok) and "," not in p else None
        if isinstance(p, Range):
            label, rng = str(p), p
        elif hand is not None:
            label, rng = _fixed_hand(hand, index, rules)  # "AsAd", "As Ad", "AhKhQdJd"
        elif isinstance(p, str):
            try:
                rng = rules.parse(p)
            except ValueError as error:
                raise ValueError(f"player {index + 1}: {error}") from None
            label = p.strip()
        elif is_card_sequence(p):  # a list, a tuple, a numpy row
            hand = _as_hand(list(p), index)
            if hand is None:
                try:
                    hand = core.parse_cards(list(p))
                except ValueError as error:  # a game names the player (JS games do); hold'em keeps the card's words
                    if rules.sizes is None:
                        raise
                    raise ValueError(f"player {index + 1}: {error}") from None
            label, rng = _fixed_hand(hand, index, rules)
        else:
            raise TypeError(f"player {index + 1} must be a hand or a range, got {type(p).__name__}")
        if not len(rng):  # "AA:0": every combo weighted out
            raise ValueError(f"player {index + 1} has an empty range")
        for cards, _ in rng.id_combos() if rules.deck != FULL_DECK else ():
            try:
                rules.check_cards(cards)
            except ValueError as error:
                raise ValueError(f"player {index + 1}: {error}") from None
        try:
            rules.check_size(rng.hand_size)
        except ValueError as error:
            raise ValueError(f"player {index + 1}: {error}") from None
        return label, rng

    def check_some_deal(self, budget: int = 1_000_000) -> None:
        """Raises ValueError when no choice of one holding per player is free of shared cards.

        A depth-first search, narrowest range first, that remembers the card sets it found no way on from
        (so ranges over a few ranks, which meet the same sets again and again, are settled quickly); after
        `budget` steps it gives up and lets the engine decide (pathological inputs only). Monte Carlo would
        otherwise search forever for such a deal, and exact enumeration walk every combination.
        """
        if self._one_choice_left(budget):
            return
        order = sorted(range(len(self.holdings)), key=lambda i: len(self.holdings[i]))
        masks = [self.masks[i] for i in order]
        steps = 0
        dead = set()  # cards held by the players so far (which also says how many) with no way on

        def search(depth: int, used: int) -> bool:
            nonlocal steps
            if depth == len(masks):
                return True
            if used in dead:
                return False
            for m in masks[depth]:
                steps += 1
                if steps > budget or (not m & used and search(depth + 1, used | m)):
                    return True
            dead.add(used)
            return False

        if not search(0, 0):
            raise ValueError(NO_DEAL)

    def _one_choice_left(self, budget: int) -> bool:
        """check_some_deal's answer without the search when at most one player has several holdings (a bot's
        hands against one range): True when a deal exists; ValueError (the search's) when none does; False
        to search."""
        several = [m for m in self.masks if len(m) > 1]
        if len(several) > 1 or sum(map(len, several)) > budget:
            return False
        used = 0
        for masks in self.masks:
            if len(masks) == 1:
                if masks[0] & used:  # two ranges left with one holding each, sharing a card
                    break
                used |= masks[0]
        else:
            if not several or any(not m & used for m in several[0]):
                return True
        raise ValueError(NO_DEAL)

    def deal_rate(self) -> Tuple[float, float]:
        """(accepted, draws): about how often the sampler's try at the players' holdings is free of shared
        cards, and how many holdings a try draws. The sampler draws players 0, 1, ... by weight and starts
        over at the first clash, so a sample costs draws / accepted holding draws.

        A trial of the sampler's own kind settles the common case; when fewer than TRIAL_ENOUGH of
        TRIAL_TRIES tries succeed, random descents measure the rare successes instead: each takes every
        player in turn among the holdings clear of the cards before, and the product of those holdings'
        weight shares is an unbiased estimate of the chance that a try gets that far. Deterministic, and the
        same numbers as JS's dealRate (web/src/equity_job.mjs): the same generator and arithmetic.
        """
        masks = self.masks
        weights = [_scaled(ws) for ws in self.weights] if self.weights else [[1.0] * len(m) for m in masks]
        rng = _Xorshift()
        totals = [_running_sums(ws) for ws in weights]
        tries = draws = accepted = 0
        while tries < TRIAL_TRIES and accepted < TRIAL_ENOUGH:
            tries += 1
            used = 0
            for mine, running in zip(masks, totals):
                draws += 1
                m = mine[min(bisect.bisect_right(running, rng.next() * running[-1]), len(mine) - 1)]
                if m & used:
                    break
                used |= m
            else:
                accepted += 1
        if accepted >= TRIAL_ENOUGH:
            return accepted / tries, draws / tries
        descents = max(MIN_DESCENTS, min(MAX_DESCENTS, DESCENT_CHECKS // sum(map(len, masks))))
        reached_sum = draws_sum = 0.0
        for _ in range(descents):
            used, reached = 0, 1.0
            for mine, ws, running in zip(masks, weights, totals):
                draws_sum += reached  # this player is drawn when every one before it was clear
                clear = 0.0
                for m, w in zip(mine, ws):
                    if not m & used:
                        clear += w
                reached *= clear / running[-1]
                if not reached:
                    break
                used |= _pick_clear(mine, ws, used, rng.next() * clear)
            reached_sum += reached
        return reached_sum / descents, draws_sum / descents

    def estimated_seconds(self) -> float:
        """The engine's estimate of exact enumeration on one core (ph_equity_exact_seconds), computed once."""
        if self._estimate is None:
            game = self.rules.game
            self._estimate = float(core.equity_exact_seconds(*self.args) if game is None
                                   else core.game_equity_exact_seconds(*game, *self.args))
        return self._estimate

    def seconds_bound(self) -> float:
        """An upper bound of estimated_seconds() from the holding counts and the board alone
        (ph_equity_exact_seconds_bound: a microsecond or two, where the estimate of two small ranges costs as
        much as their enumeration); inf where there is none (Omaha, other games, a core without it)."""
        if _seconds_bound is None or self.rules.game is not None:
            return math.inf
        return float(_seconds_bound(*self.args))

    def units(self) -> int:
        """Units of exact enumeration (one choice of holdings each)."""
        if self.too_many:
            raise ValueError("too many holding combinations to enumerate (2**64 or more); "
                             "use Monte Carlo (exact=False)")
        game = self.rules.game
        if game is None:
            return holdem_engine().equity_units(*self.args)
        return core.game_equity_units(*game, *self.args)


#: ph_equity_exact_seconds_bound of the core; None where the core has none (the wasm core under Pyodide)
_seconds_bound = getattr(core, "equity_exact_seconds_bound", None)

# The sampler's cost (Spot.deal_rate): a trial of this many tries, enough when this many succeed; else
# descents, each looking at every holding, about DESCENT_CHECKS holdings in all.
TRIAL_TRIES = 1024
TRIAL_ENOUGH = 32
DESCENT_CHECKS = 200_000
MIN_DESCENTS = 16
MAX_DESCENTS = 64


class _Xorshift:
    """Marsaglia's xorshift32, seeded alike in JS: numbers in [0, 1) that both languages get bit for bit."""

    def __init__(self, state: int = 0x9E3779B9) -> None:
        self.state = state

    def next(self) -> float:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x / 4294967296


def _scaled(weights: List[float]) -> List[float]:
    """A player's weights over the largest: only their ratios matter, and sums of them then stay finite."""
    largest = max(weights)
    return [w / largest for w in weights] if largest > 0 else weights


def _running_sums(weights: List[float]) -> List[float]:
    out, total = [], 0.0
    for w in weights:  # added one by one, as JS adds them (sum() may compensate)
        total += w
        out.append(total)
    return out


def _pick_clear(masks: List[int], weights: List[float], used: int, target: float) -> int:
    """The holding clear of `used` where the running weight of the clear ones passes `target` (the last
    clear one should rounding leave it short)."""
    running, chosen = 0.0, 0
    for m, w in zip(masks, weights):
        if not m & used:
            running += w
            chosen = m
            if running > target:
                break
    return chosen


def _cards(cards: Any, name: str) -> List[int]:
    return [] if cards is None else named_cards(cards, name)


def _fixed_hand(hand: List[int], index: int, rules: Rules) -> Tuple[str, Range]:
    if rules.sizes is None and len(hand) != 2 and not 4 <= len(hand) <= 6:
        raise ValueError(f"player {index + 1}'s hand has {len(hand)} cards; "
                         "hold'em hands have 2, Omaha hands 4 to 6")
    # A game's hand takes the Range's size message, then the game's own sizes (the wording JS games
    # reproduce: tests/web/test_games_web.py).
    try:
        rules.check_cards(hand)  # in the order given
        # Range([tuple(hand)]) for ids that parse_cards has checked (distinct, 0..51): the same combo and the
        # same size check, without reading the cards again
        key = tuple(sorted(hand))
        rng = _HANDS.get(key) or Range._checked({key: 1.0}, None)
    except ValueError as error:
        raise ValueError(f"player {index + 1}: {error}") from None
    if len(_HANDS) >= HANDS_KEPT:  # full, the memo starts over, as parse_range's does
        _HANDS.clear()
    _HANDS[key] = rng
    return "".join([CARD_NAMES[c] for c in hand]), rng


# A Range is immutable: a hand's, met again at the next decision, keeps the columns its card removal made
HANDS_KEPT = 4096
_HANDS: Dict[Tuple[int, ...], Range] = {}


def _as_hand(cards: Any, index: int) -> Optional[List[int]]:
    """The card ids when `cards` reads as cards, None when it does not (then it is range text). Cards that
    read fine but repeat one are a hand with a mistake: that is reported ("player 1: duplicate card As")."""
    try:
        return list(core.parse_cards(cards))
    except ValueError as error:
        if str(error).startswith("duplicate card"):
            raise ValueError(f"player {index + 1}: {error}") from None
        return None


def _hand_size(ranges: List[Range], omaha: Optional[bool], holdem: bool = True) -> int:
    sizes = sorted({r.hand_size for r in ranges})
    if len(sizes) > 1:
        rule = " (2 for hold'em, 4 to 6 for Omaha)" if holdem else ""  # a game's sizes are its own
        raise ValueError(f"all players must hold the same number of cards{rule}, got {' and '.join(map(str, sizes))}")
    size = sizes[0]
    if omaha is True and size == 2:
        raise ValueError("omaha=True needs hands of 4 to 6 cards, got 2")
    if omaha is False and size != 2:
        raise ValueError(f"omaha=False needs hold'em hands of 2 cards, got {size}")
    return size
