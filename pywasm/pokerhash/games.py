"""Other games on the same C core: short deck, ace-to-five and deuce-to-seven lowball, eight-or-better, hi-lo.

    from pokerhash import games
    games.evaluate("As Ks Qs Js Ts 6c 7d", game="shortdeck")     # 1: royal flush (1..1404, lower is better)
    games.evaluate("8c 6d 4h 2s Ac Kd Kh", game="ace_five_8")    # 28: an eight-six low; 57 = no qualifying low
    games.describe(28, game="ace_five_8")                        # 'Eight Low: 8-6-4-2-A'
    games.omaha_evaluate("As2sKdKc", "3h4h5h9cJd", game="ace_five_8")  # 1: the wheel, two hole + three board
    games.equity(["AhAd2c3d", "KsKhQsJh"], game="omaha_hilo8")   # split and quartered pots

Every game has a value scale of its own, 1 = best (docs/games.md lists each category's range):

    holdem            1..7462  the library's hold'em scale (pokerhash.evaluate)
    shortdeck         1..1404  6+ hold'em, 36 cards 6..A: flush beats full house, A-6-7-8-9 is the lowest
                               straight, a straight beats three of a kind (the common rules)
    shortdeck_triton  1..1404  the same with three of a kind above the straight (Triton rules)
    ace_five          1..6175  ace-to-five low (razz): aces low, straights and flushes ignored; 1 = 5-4-3-2-A
    ace_five_8        1..57    eight-or-better: 1..56 are the qualifying lows (the same numbers as ace_five),
                               57 (NO_LOW) means no five different ranks of eight or lower
    deuce_seven       1..7462  deuce-to-seven low: aces high, straights and flushes count; 1 = 7-5-4-3-2

Hands have 5 to 9 cards (the best five count), so seven-card stud and razz need nothing more (docs/games.md).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Tuple, Union

from ._backend import core as _core
from ._buffers import Rows, is_numpy_array, numpy_or_none, zeros
from ._cards import Card
from ._checks import integer
from ._histogram import histogram_job
from ._games_equity import EQUITY_GAMES, GameEquityResult, equity, game_id, game_names, parse_range

__all__ = [
    "GAMES", "EQUITY_GAMES", "NO_LOW", "GameInfo", "info", "evaluate", "evaluator", "evaluate_batch", "omaha_evaluate",
    "best_five", "category", "describe", "value_ranks", "value_histogram", "parse_range", "equity",
    "GameEquityResult",
]

#: Game names, as the C core lists them (ph_game_name).
GAMES: Tuple[str, ...] = game_names()
NO_LOW = 57  #: ace_five_8's value for "no qualifying low" (its worst value)

Cards = Union[str, int]


@dataclass(frozen=True)
class GameInfo:
    """A game's value scale: values 1..worst, lower is better; categories best first, each a run of values.

    Args:
        name: the game's name ("shortdeck").
        worst: the worst value; values run 1..worst.
        no_low: the value meaning "no qualifying low" (ace_five_8: 57), None without a qualifier.
        deck: the cards of the game's deck (36 for the short deck).
        categories: the category names, best first.
        category_ranges: the (first, last) value of each category.

    Raises:
        Nothing itself: info() builds it.

    Example:
        >>> from pokerhash import games
        >>> i = games.info("shortdeck")
        >>> i.worst, len(i.deck), i.categories[0], i.category_ranges[1]
        (1404, 36, 'Royal Flush', (2, 6))
    """

    name: str
    worst: int
    no_low: Optional[int]            # the value meaning "no qualifying low", None without a qualifier
    deck: Tuple[Card, ...]           # the cards of the game's deck
    categories: Tuple[str, ...]
    category_ranges: Tuple[Tuple[int, int], ...]  # (first, last) value of each category


_INFO: Dict[str, GameInfo] = {}


def info(game: str) -> GameInfo:
    """The scale, deck and categories of a game.

    Args:
        game: a game name (GAMES).

    Returns:
        GameInfo: its worst value, no-low value, deck and categories with their value ranges.

    Raises:
        ValueError: an unknown game ("unknown game 'razz'; games: holdem, shortdeck, ...").

    Example:
        >>> from pokerhash import games
        >>> games.info("ace_five_8").no_low, games.info("deuce_seven").worst
        (57, 7462)
    """
    found = _INFO.get(game)
    if found is None:
        gid = game_id(game)
        name, worst, no_low, deck, names = _core.game_info(gid)
        firsts = [_first_value(gid, c, worst) for c in range(len(names))]
        ranges = tuple((first, (firsts[c + 1] - 1) if c + 1 < len(firsts) else worst) for c, first in enumerate(firsts))
        found = _INFO[game] = GameInfo(name, worst, no_low or None, tuple(Card(c) for c in range(52) if deck >> c & 1),
                                       tuple(names), ranges)
    return found


def _first_value(gid: int, category_index: int, worst: int) -> int:
    """The first value of a category: categories are contiguous runs in order, so a binary search finds it."""
    lo, hi = 1, worst
    while lo < hi:
        mid = (lo + hi) // 2
        if _core.game_category(gid, mid) >= category_index:
            hi = mid
        else:
            lo = mid + 1
    return lo


def evaluate(*cards: Any, game: str) -> int:
    """Value (1 = best) of the best five of 5 to 9 cards on the game's scale.

    Args:
        *cards: 5 to 9 cards: text ("As Ks Qs Js Ts"), ids, names, or a sequence of them.
        game: a game name (GAMES).

    Returns:
        int: the value, 1..info(game).worst.

    Raises:
        ValueError: an unknown game, unknown or duplicate cards, a count outside 5..9, or a card outside the
            game's deck ("card 5c is not in the short deck").
        TypeError: cards of the wrong type.

    Example:
        >>> from pokerhash import games
        >>> games.evaluate("As Ks Qs Js Ts 6c 7d", game="shortdeck")
        1
        >>> games.evaluate("8c 6d 4h 2s Ac Kd Kh", game="ace_five_8")   # an eight-six low
        28
    """
    return _core.game_evaluate(game_id(game), *cards)


def evaluator(game: str) -> Callable[..., int]:
    """The game's evaluate as a C-level callable: no Python frame per call, for tight loops.

    Args:
        game: a game name (GAMES).

    Returns:
        A callable taking cards as evaluate does (without game=) and returning the value.

    Raises:
        ValueError: an unknown game.

    Example:
        >>> from pokerhash import games
        >>> ace_five = games.evaluator("ace_five")
        >>> ace_five("8c 6d 4h 2s Ac Kd Kh")
        28
    """
    return functools.partial(_core.game_evaluate, game_id(game))


def evaluate_batch(cards: Any, k: Optional[int] = None, *, game: str) -> Any:
    """Values of many hands at once, as pokerhash.evaluate_batch (the GIL released).

    Args:
        cards: an (N, k) C-contiguous uint8 numpy array of card ids, a flat uint8 buffer of N*k ids (with
            k given), or pokerhash.combinations()' rows.
        k: cards per hand, 5 to 9 (taken from a 2-D array's shape when None).
        game: a game name (GAMES).

    Returns:
        an (N,) uint16 numpy array for a numpy input, else array('H').

    Raises:
        ValueError: an unknown game, a wrong dtype or shape, or a bad row named by its index ("row 0: card
            2s is not in the short deck").

    Example:
        >>> import numpy as np
        >>> from pokerhash import games
        >>> games.evaluate_batch(np.array([[51, 47, 43, 39, 35], [48, 44, 40, 36, 32]], dtype=np.uint8),
        ...                      game="shortdeck")
        array([1, 1], dtype=uint16)
    """
    gid = game_id(game)
    if k is not None:
        k = integer(k, "k")
    if is_numpy_array(cards):
        if cards.dtype.name != "uint8":
            raise ValueError(f"cards must have dtype uint8, got {cards.dtype.name}")
        if cards.ndim == 2:
            if k is not None and k != cards.shape[1]:
                raise ValueError(f"k={k} does not match cards of shape {cards.shape}")
            k = cards.shape[1]
        elif cards.ndim != 1 or k is None:
            raise ValueError(f"cards must have shape (N, k), got {cards.shape}")
        if not cards.flags.c_contiguous:
            raise ValueError("cards must be C-contiguous (numpy.ascontiguousarray makes a copy that is)")
        out = zeros("H", cards.size // k if 5 <= k <= 9 else 0, numpy_or_none())
    else:
        if isinstance(cards, Rows):
            k, cards = (cards.shape[1] if k is None else k), cards.flat
        if k is None:
            raise ValueError("k is required unless cards is a 2-D numpy array")
        view = memoryview(cards)
        if view.ndim == 2 and view.shape is not None and k != view.shape[1]:
            raise ValueError(f"k={k} does not match cards of shape {view.shape}")
        if view.ndim > 2:
            raise ValueError(f"cards must be 1-D or 2-D, got {view.ndim} dimensions")
        out = zeros("H", view.nbytes // k if 5 <= k <= 9 else 0, None)
    _core.game_evaluate_batch_into(gid, cards, k, out)
    return out


def omaha_evaluate(hole: Any, board: Any, *, game: str) -> int:
    """Omaha value on the game's scale: exactly two of the 4 to 6 hole cards and three of the 3 to 5 board cards.

    Args:
        hole: 4, 5 or 6 hole cards.
        board: 3, 4 or 5 board cards.
        game: a game name (GAMES).

    Returns:
        int: the best value of any two hole cards with any three board cards.

    Raises:
        ValueError: an unknown game, other counts ("an Omaha hole needs 4 to 6 cards, got 3"), unknown or
            duplicate cards, or a card outside the game's deck.

    Example:
        >>> from pokerhash import games
        >>> games.omaha_evaluate("As2sKdKc", "3h4h5h9cJd", game="ace_five_8")   # the wheel: A-2 + 3-4-5
        1
    """
    return _core.game_omaha_evaluate(game_id(game), hole, board)


def best_five(*cards: Any, game: str) -> Tuple[Card, ...]:
    """The five cards that make the hand's value, in order of importance.

    Args:
        *cards: 5 to 9 cards, as evaluate takes them.
        game: a game name (GAMES).

    Returns:
        tuple of Card: five cards; () when there is no qualifying low (ace_five_8).

    Raises:
        ValueError: as evaluate.

    Example:
        >>> from pokerhash import games
        >>> games.best_five("8c 6d 4h 2s Ac Kd Kh", game="ace_five_8")
        (Card('8c'), Card('6d'), Card('4h'), Card('2s'), Card('Ac'))
    """
    _, five = _core.game_best_five(game_id(game), *cards)
    return tuple(Card(c) for c in five)


def category(value: int, *, game: str) -> str:
    """The name of a value's category.

    Args:
        value: a value on the game's scale, 1..info(game).worst.
        game: a game name (GAMES).

    Returns:
        str: "Flush", "Eight Low", "No Low", ...

    Raises:
        ValueError: an unknown game or a value outside the scale ("hand value 58 outside 1..57").

    Example:
        >>> from pokerhash import games
        >>> games.category(28, game="ace_five_8"), games.category(57, game="ace_five_8")
        ('Eight Low', 'No Low')
    """
    return info(game).categories[_core.game_category(game_id(game), value)]


def describe(value: int, *, game: str) -> str:
    """The text of a value: its category and the ranks that make it.

    Args:
        value: a value on the game's scale.
        game: a game name (GAMES).

    Returns:
        str: "Flush: A-Q-9-8-7", "Eight Low: 8-6-4-2-A", "No Low" (hold'em: pokerhash.describe's text).

    Raises:
        ValueError: an unknown game or a value outside the scale.

    Example:
        >>> from pokerhash import games
        >>> games.describe(28, game="ace_five_8")
        'Eight Low: 8-6-4-2-A'
    """
    return _core.game_describe(game_id(game), value)


def value_ranks(value: int, *, game: str) -> Tuple[int, ...]:
    """The ranks of the five cards behind a value, in order of importance.

    Args:
        value: a value on the game's scale.
        game: a game name (GAMES).

    Returns:
        tuple of int: five ranks 0..12 (2..A); () for no qualifying low.

    Raises:
        ValueError: an unknown game or a value outside the scale.

    Example:
        >>> from pokerhash import games
        >>> games.value_ranks(28, game="ace_five_8")   # 8-6-4-2-A
        (6, 4, 2, 0, 12)
    """
    return _core.game_value_ranks(game_id(game), value)


def value_histogram(k: int, *, game: str, start: int = 0, stop: Optional[int] = None, executor: Any = None,
                    chunk: Optional[int] = None, progress: Any = None) -> Any:
    """How many k-card hands of the game's deck have each value, over all of them or a range of colex ranks.

    Args:
        k: cards per hand, 5 to 9.
        game: a game name (GAMES).
        start: the first colex rank (hands are ranked among the k-subsets of the game's deck).
        stop: one past the last (default C(deck size, k): every hand).
        executor: where the tasks run (pokerhash.parallel.run): None for local threads, an int for that
            many threads, any concurrent.futures.Executor, or a dask distributed.Client.
        chunk: hands per task (default: sized from the measured speed).
        progress: a callable(done, total), False for none, or None for a tqdm bar on a terminal.

    Returns:
        worst + 1 counts indexed by value (slot 0 unused): numpy uint64 when numpy is installed, else
        array('Q').

    Raises:
        ValueError: an unknown game, k outside 5..9, or a range outside 0..C(deck size, k).
        KeyboardInterrupt: Ctrl-C stops it within a fraction of a second (tasks of about 0.05 s).

    Example:
        >>> from pokerhash import games
        >>> counts = games.value_histogram(5, game="shortdeck")
        >>> int(counts[1]), int(sum(counts))     # 4 royal flushes among C(36, 5) hands
        (4, 376992)
    """
    gid = game_id(game)
    k, start = integer(k, "k"), integer(start, "start")
    stop = None if stop is None else integer(stop, "stop")
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")
    details = info(game)
    total = _core.comb(len(details.deck), k)
    stop = total if stop is None else stop
    if not 0 <= start <= stop <= total:
        raise ValueError(f"range {start}..{stop} outside 0..C({len(details.deck)},{k}) = {total}")
    return histogram_job(k, start, stop, executor=executor, chunk=chunk, progress=progress, game=gid,
                         slots=details.worst + 1)
