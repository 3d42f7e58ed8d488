"""pokerhash: exact, fast poker hand evaluation (5 to 9 cards, Omaha) and card combinatorics.

Cards are ids 0..51, `4 * rank + suit` (rank 0..12 = 2..A, suit 0..3 = c, d, h, s: 2c = 0, As = 51), or
their names ("As", "10h", "A♠"). Hand values run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), lower is
better: the Cactus Kev / PokerHandEvaluator scale, so values interoperate with other tools.

>>> import pokerhash as ph
>>> ph.evaluate("As Ks Qs Js Ts 2c 3d")
1
>>> ph.describe(ph.evaluate("9s 9h 9d 4c 4s"))
'Nines Full over Fours'

numpy is optional: numpy arrays in give numpy arrays out. Every function raises ValueError or TypeError
naming the problem ("unknown card 'Xx'", "duplicate card As", "row 17: duplicate card").
`pokerhash.backend` is "native" (the CPython extension) or "wasm" (the same package in Pyodide).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, SupportsIndex, Tuple, Union

from ._backend import backend, core as _core
from ._batch import evaluate_batch, omaha_evaluate_batch
from ._buffers import Rows, numpy_or_none, zeros
from ._cards import Card, CardLike, Cards, parse_cards
from ._checks import check_output as _check_output, integer as _integer
from ._category import Category
from ._deck import Deck
from ._equity import EquityResult, equity
from ._percentile import percentile
from ._ranges import Range, parse_range
from ._showdown import compare, winners
# scale-out: tables, the parallel runner and its jobs (docs/scale.md)
from . import parallel
from ._histogram import value_histogram as _value_histogram_job
from ._table import CombinationTable, order_code as _order, value_table
from .parallel import map_combinations

__all__ = [
    "backend", "Card", "Category", "parse_cards",
    "evaluate", "evaluate_batch", "category", "describe", "best_five", "value_ranks",
    "comb", "rank_combination", "unrank_combination", "combinations", "combination_masks",
    "hand_index", "value_histogram", "quinary_hash",
    "equity", "EquityResult", "Range", "parse_range",
    "WORST_VALUE", "__version__",
    # python first hour: Omaha, showdowns, a deck, percentiles, type aliases, array rows
    "omaha_evaluate", "omaha_evaluate_batch", "winners", "compare", "Deck", "percentile",
    "CardLike", "Cards", "Rows",
    "games",  # other games: short deck, lowball, hi-lo (pokerhash/games.py)
    "CombinationTable", "value_table", "map_combinations", "parallel",
]

from ._version import __version__
from . import games  # noqa: E402  (other games; its own namespace: pokerhash.games.evaluate(..., game=...))

#: The worst hand value (7-5-4-3-2 offsuit); values run 1..WORST_VALUE, lower is better.
WORST_VALUE = 7462

# The C function itself, so a call costs no Python frame; its docstring is in _core.c.
evaluate = _core.evaluate


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
    return _core.describe(value)


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
    return _core.value_ranks(value)


def comb(n: SupportsIndex, k: SupportsIndex) -> int:
    """The binomial coefficient C(n, k), exactly.

    Args:
        n: a non-negative integer.
        k: a non-negative integer (0 when k > n).

    Returns:
        int: C(n, k).

    Raises:
        OverflowError: the result does not fit in 64 bits.
        ValueError: a negative argument or one of 2**64 or more.

    Example:
        >>> import pokerhash as ph
        >>> ph.comb(52, 7)
        133784560
    """
    return _core.comb(n, k)


def quinary_hash(q: Sequence[SupportsIndex], k: SupportsIndex) -> int:
    """The dynamic-programming quinary hash: the position of 13 rank counts among all with digit sum k.

    Args:
        q: 13 counts 0..4 (how many cards of each rank 2..A).
        k: their sum, 0..9.

    Returns:
        int: the dense index the evaluator's tables use.

    Raises:
        ValueError: not 13 digits 0..4 summing to k.
        TypeError: a bool among the digits or as k (True is no count).

    Example:
        >>> import pokerhash as ph
        >>> ph.quinary_hash([0] * 12 + [4], 4)
        0
    """
    return _core.quinary_hash(q, k)


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
    return Category(_core.category(value))


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
    _, five = _core.best_five(*cards)
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
    return _core.omaha_evaluate(hole, board)


def rank_combination(items: Sequence[SupportsIndex], n: SupportsIndex, order: str = "colex") -> int:
    """The rank of a k-subset of range(n) among all k-subsets, in colex or lex order.

    Args:
        items: k distinct integers 0..n-1, in any order (card ids for n = 52).
        n: the size of the set, 0..64.
        order: "colex" (by largest element first: the numeric order of the subsets' bit masks) or
            "lex" (by smallest element first).

    Returns:
        int: the rank, 0..C(n, k)-1.

    Raises:
        ValueError: an item outside 0..n-1, a duplicate item, n above 64, or an unknown order.
        TypeError: items that are not integers.

    Example:
        >>> import pokerhash as ph
        >>> ph.rank_combination([5, 10, 15, 20, 25, 30, 35], 52, "lex")
        75352208
    """
    return _core.rank_combination(list(items), n, _order(order))


def unrank_combination(index: SupportsIndex, k: SupportsIndex, n: SupportsIndex,
                       order: str = "colex") -> Tuple[int, ...]:
    """The k-subset of range(n) at a rank: the inverse of rank_combination.

    Args:
        index: the rank, 0..C(n, k)-1.
        k: the subset size, 0..n.
        n: the size of the set, 0..64.
        order: "colex" or "lex", as rank_combination.

    Returns:
        tuple of k ints, ascending.

    Raises:
        ValueError: an index outside 0..C(n, k)-1, k above n, n above 64, or an unknown order.

    Example:
        >>> import pokerhash as ph
        >>> ph.unrank_combination(1286, 5, 13, "colex")
        (8, 9, 10, 11, 12)
    """
    return _core.unrank_combination(index, k, n, _order(order))


def combinations(n: int, k: int, start: int = 0, stop: Optional[int] = None) -> Any:
    """Rows of the k-subsets of range(n) with colex ranks start..stop-1 (all hands of k cards for n = 52).

    Args:
        n: the size of the set, 0..64.
        k: the subset size, 0..n.
        start: the first colex rank.
        stop: one past the last rank (default C(n, k)).

    Returns:
        an (M, k) uint8 numpy array if numpy is installed, else a Rows sequence of tuples over one flat
        buffer; either feeds evaluate_batch directly.

    Raises:
        ValueError: n above 64, k above n, or a range outside 0..C(n, k).

    Example:
        >>> import pokerhash as ph
        >>> ph.combinations(52, 5, 0, 2).tolist()
        [[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]]
    """
    n, k, start, stop = _span(n, k, start, stop)
    _check_output(stop - start, k, f"combinations({n}, {k}, {start}, {stop})",
                  "take it in chunks with start= and stop=, or use map_combinations")
    np = numpy_or_none()
    out = zeros("B", (stop - start) * k, np)
    _core.combinations_into(n, k, start, stop - start, out)
    return out.reshape(stop - start, k) if np is not None else Rows(out, k)


def combination_masks(n: int, k: int, start: int = 0, stop: Optional[int] = None) -> Any:
    """Bit masks of the k-subsets of range(n) with colex ranks start..stop-1, ascending.

    Args:
        n: the size of the set, 0..64.
        k: the subset size, 1..n.
        start: the first colex rank.
        stop: one past the last rank (default C(n, k)).

    Returns:
        a uint64 numpy array if numpy is installed, else array('Q').

    Raises:
        ValueError: n above 64, k of 0 or above n, or a range outside 0..C(n, k).

    Example:
        >>> import pokerhash as ph
        >>> [bin(m) for m in ph.combination_masks(4, 2, 0, 3)]
        ['0b11', '0b101', '0b110']
    """
    n, k, start, stop = _span(n, k, start, stop)
    _check_output(stop - start, 8, f"combination_masks({n}, {k}, {start}, {stop})",
                  "take it in chunks with start= and stop=")
    out = zeros("Q", stop - start, numpy_or_none())
    _core.combination_masks_into(n, k, start, stop - start, out)
    return out


def value_histogram(k: int, start: int = 0, stop: Optional[int] = None, *, executor: Any = None,
                    chunk: Optional[int] = None, progress: Any = None) -> Any:
    """How many k-card hands have each value, over all hands or a range of their colex ranks.

    The sweep runs as tasks of about 0.05 s of C time (so Ctrl-C stops it promptly), merged in a fixed order:
    the counts are the same for every executor and chunking.

    Args:
        k: hand size, 5 to 9.
        start: the first colex rank of the hands counted.
        stop: one past the last (default C(52, k): every hand).
        executor: where the tasks run (pokerhash.parallel.run): None for local threads, an int for that
            many threads, any concurrent.futures.Executor, or a dask distributed.Client.
        chunk: hands per task (default: sized from the measured speed).
        progress: a callable(done, total), False for none, or None for a tqdm bar on a terminal.

    Returns:
        7463 counts indexed by value (slot 0 unused): a uint64 numpy array if numpy is installed, else
        array('Q').

    Raises:
        ValueError: k outside 5..9 or a range outside 0..C(52, k).

    Example:
        >>> import pokerhash as ph
        >>> counts = ph.value_histogram(5)
        >>> int(counts[1]), int(sum(counts))   # 4 royal flushes among 2,598,960 hands
        (4, 2598960)
    """
    k = _integer(k, "k")
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")
    _, _, start, stop = _span(52, k, start, stop)
    return _value_histogram_job(k, start, stop, executor=executor, chunk=chunk, progress=progress)


def hand_index(*cards: Union[Cards, CardLike]) -> int:
    """The colex rank of a hand of 1 to 7 cards among all hands of its size (a perfect hash).

    Args:
        *cards: 1 to 7 cards, in any of the forms evaluate takes.

    Returns:
        int: 0..C(52, len)-1, e.g. 0..133,784,559 for seven cards; equal to
        rank_combination(sorted ids, 52).

    Raises:
        ValueError: no cards or more than 7, unknown or duplicate cards.

    Example:
        >>> import pokerhash as ph
        >>> ph.hand_index("2c 2d 2h 2s 3c 3d 3h")
        0
    """
    mask = 0
    for card in _core.parse_cards(*cards):
        mask |= 1 << card
    return _core.hand_index(mask)



def _span(n: Any, k: Any, start: Any, stop: Any) -> Tuple[int, int, int, int]:
    """(n, k, start, stop) as ints, checked: a rank range of the k-subsets of range(n)."""
    n, k, start = _integer(n, "n"), _integer(k, "k"), _integer(start, "start")
    stop = None if stop is None else _integer(stop, "stop")
    total = _core.comb(n, k) if 0 <= n <= 64 and 0 <= k <= n else None
    if total is None:
        _core.rank_combination([], n, 0)  # raises the shared n/k message
        raise ValueError(f"k must be 0..n, got {k} for n={n}")
    stop = total if stop is None else stop
    if not 0 <= start <= stop <= total:
        raise ValueError(f"range {start}..{stop} outside 0..C({n},{k}) = {total}")
    return n, k, start, stop
